import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { DASHBOARD_CASES_QUERY } from '../../../contract/dashboard.ts';
import { RECENT_CASES } from '../../../contract/limits.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import type { ResponseOf } from '../../api/client.ts';
import { readFirst, takeFirst } from '../../api/first-reads.ts';
import { dashboardPaths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { CaseTable } from '../../ui/case-table.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './dashboard-home.css.ts';
import { openedFrom } from '../../../machines/case-page.machine.ts';

/**
 * Statistics and the list in parallel; the dashboard sends empty filters (spec section 7).
 * Right after the login, both come with its answer (src/api/first-reads.ts).
 */
const shown = (stats: ResponseOf<'getCaseStatistics'>, list: ResponseOf<'getCases'>) => ({
  stats,
  recent: list.cases.slice(0, RECENT_CASES),
});
const logic = createLoader(async () => {
  const [stats, list] = await Promise.all([
    readFirst('getCaseStatistics'),
    readFirst('getCases', { query: DASHBOARD_CASES_QUERY }),
  ]);
  return shown(stats, list);
});

/** Right after the login: the loader starts loaded with what its answer brought, and the first render shows it. */
const fromLogin = () => {
  const stats = takeFirst('getCaseStatistics');
  const list = takeFirst('getCases', { query: DASHBOARD_CASES_QUERY });
  return stats && list
    ? logic.resolveState({ value: 'loaded', context: { data: shown(stats, list), input: undefined } })
    : undefined;
};

const TILES = [
  ['totalCases', 'dashboard.total'],
  ['pendingCases', 'dashboard.pending'],
  ['processingCases', 'dashboard.processing'],
  ['respondedCases', 'dashboard.responded'],
  ['rejectedCases', 'dashboard.rejected'],
  ['withdrawnCases', 'dashboard.withdrawn'],
] as const;

export default function DashboardHome() {
  usePageTitle('dashboard.home');
  const [start] = useState(fromLogin);
  const [state, send] = useScreenMachine(logic, undefined, start);
  const [, navigate] = useLocation();
  const data = state.matches('loaded') ? state.context.data : null;
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="dashboard.home" />
      </h1>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {data ? (
        <>
          <ul className={s.tiles}>
            {TILES.map(([field, key]) => (
              <li key={field} className={s.tile}>
                <span className={s.count}>{data.stats[field]}</span>
                <FormattedMessage id={key} />
              </li>
            ))}
          </ul>
          <h2>
            <FormattedMessage id="dashboard.recent" />
          </h2>
          {data.recent.length ? (
            <CaseTable
              cases={data.recent}
              onOpen={(c) => navigate(dashboardPaths.caseHref(c._id), { state: openedFrom(c) })}
            />
          ) : (
            <p>
              <FormattedMessage id="cases.empty" />
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
