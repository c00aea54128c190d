import { Route, Switch } from 'wouter';
import { lazyScreen } from '../lazy-screen.tsx';
import { dashboardPaths, inDashboard } from '../../../contract/paths.ts';
import { NotFound, RouteErrorBoundary } from '../errors.tsx';
import { DashboardShell } from './shell.tsx';

const Apply = lazyScreen(() => import('../../screens/apply/apply.tsx'), { at: inDashboard(dashboardPaths.apply) });
const CaseDetail = lazyScreen(() => import('../../screens/case-detail/case-detail.tsx'), {
  at: inDashboard(dashboardPaths.caseDetail),
});
const CaseList = lazyScreen(() => import('../../screens/case-list/case-list.tsx'), {
  at: inDashboard(dashboardPaths.caseStatus),
});
const DashboardHome = lazyScreen(() => import('../../screens/dashboard-home/dashboard-home.tsx'), {
  at: inDashboard(dashboardPaths.home),
});
const Manual = lazyScreen(() => import('../../screens/manual/manual.tsx'), { at: inDashboard(dashboardPaths.manual) });
const Profile = lazyScreen(() => import('../../screens/profile/profile.tsx'), {
  at: inDashboard(dashboardPaths.profile),
});

/** The signed-in part of the portal, its own chunk: the shell and its routes (spec section 2). */
export default function Dashboard({ customerId }: { customerId: string }) {
  return (
    <DashboardShell customerId={customerId}>
      <RouteErrorBoundary>
        <Switch>
          {/* Nested under /dashboard: these paths are relative to it. */}
          <Route path={dashboardPaths.home} component={DashboardHome} />
          <Route path={dashboardPaths.apply} component={Apply} />
          <Route path={dashboardPaths.caseStatus} component={CaseList} />
          <Route path={dashboardPaths.caseDetail}>{(p: { id: string }) => <CaseDetail id={p.id} />}</Route>
          <Route path={dashboardPaths.profile}>
            <Profile customerId={customerId} />
          </Route>
          <Route path={dashboardPaths.manual} component={Manual} />
          <Route component={NotFound} />
        </Switch>
      </RouteErrorBoundary>
    </DashboardShell>
  );
}
