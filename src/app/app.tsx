import { useEffect, useState, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { I18nProvider, useLan } from '../i18n/i18n.tsx';
import { ConnectionLost, NotFound, RouteErrorBoundary, ServerError } from './errors.tsx';
import Landing from '../screens/landing/landing.tsx';
import { Toasts } from '../ui/toasts.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { PublicLayout } from './layout.tsx';
import { Lockout, LockoutAnnouncer, lockoutInput } from '../ui/lockout.tsx';
import * as connection from './connection.css.ts';
import { destinations, paths } from '../../contract/paths.ts';
import { lettersMayWait } from '../letters/kept-here.ts';
import { visitorMove } from '../../contract/route-match.ts';
import { Session, initialSessionInput } from './session.tsx';
import { onSessionGone } from '../api/session-gone.ts';
import { answersOf } from '../api/client.ts';
import { SessionWarning } from './session-warning.tsx';
import { copyShownAt, fatal, showToast, updateReady, useStore } from '../ui/stores.ts';
import * as ui from '../ui/ui.css.ts';
import { useMachineEffects } from './effects.ts';
import { PageHidden, useFlowReport } from './for-screens/use-screen.ts';

/** Every screen but the landing page is its own chunk, loaded on its first visit. */
const Accessibility = lazyScreen(() => import('../screens/accessibility/accessibility.tsx'), {
  at: paths.accessibility,
});
const FileComplaint = lazyScreen(() => import('../screens/file-complaint/file-complaint.tsx'), {
  at: paths.fileComplaint,
});
const CheckStatus = lazyScreen(() => import('../screens/check-status/check-status.tsx'), { at: paths.checkStatus });
const Complaint = lazyScreen(() => import('../screens/complaint/complaint.tsx'), { at: paths.complaint.pattern });
const Dashboard = lazyScreen(() => import('./dashboard/dashboard.tsx'), { at: paths.dashboard, nest: true });
const DivisionDetail = lazyScreen(() => import('../screens/division/division.tsx'), { at: paths.division.pattern });
const Flows = lazyScreen(() => import('../screens/flows/flows.tsx'), { at: paths.flows });
const ForgotPassword = lazyScreen(() => import('../screens/forgot-password/forgot-password.tsx'), {
  at: paths.forgotPassword,
});
const Login = lazyScreen(() => import('../screens/login/login.tsx'), { at: paths.login });
const Manual = lazyScreen(() => import('../screens/manual/manual.tsx'), { at: paths.manual });
const Print = lazyScreen(() => import('../screens/print/print.tsx'), { at: paths.print.pattern });
const Register = lazyScreen(() => import('../screens/register/register.tsx'), { at: paths.register });
const ResetPassword = lazyScreen(() => import('../screens/reset-password/reset-password.tsx'), {
  at: paths.resetPassword.pattern,
});
const VerifyEmail = lazyScreen(() => import('../screens/verify-email/verify-email.tsx'), { at: paths.verifyEmail });

/**
 * /dashboard and below render only with a session; otherwise the visitor goes to / (spec
 * section 2). A visitor who came by a link to a page below it (a case in a mail, opened in a
 * new tab) takes the page it named with them, straight to the login, which says which and
 * opens it (ADR 0034, and ADR 0040: a departure from the spec's / for those links only).
 */
function DashboardGuard() {
  const customerId = Session.useSelector((s) => (s.matches('active') ? (s.context.claims?.user.id ?? null) : null));
  // Not a session that is ending (a logout, an expiry): those go home by the session's own navigation.
  const visitor = Session.useSelector((s) => s.matches('anonymous'));
  if (!customerId) {
    const move = visitor ? visitorMove(location) : null;
    // `~` leaves the nested /dashboard base. A session that is ending goes home.
    return <Redirect to={`~${move?.to ?? paths.home}`} replace state={move?.state} />;
  }
  return (
    <RouteErrorBoundary>
      <Dashboard customerId={customerId} />
    </RouteErrorBoundary>
  );
}

/** The session machine's navigation (logout, expiry, a session ended elsewhere) goes through the router. */
function SessionEffects() {
  const session = Session.useActorRef();
  const lockout = Lockout.useActorRef();
  useFlowReport(session);
  useFlowReport(lockout);
  useMachineEffects(lockout);
  const [, navigate] = useLocation();
  useEffect(() => {
    const subs = [
      session.on('navigate', (e) => navigate(destinations[e.to])),
      session.on('toast', (e) => showToast({ kind: e.kind, key: e.key })),
    ];
    // A call refused for the session (ended elsewhere) ends it here too.
    const stopListening = onSessionGone(() => session.send({ type: 'REVOKED' }));
    return () => {
      subs.forEach((s) => s.unsubscribe());
      stopListening();
    };
  }, [session, navigate]);
  return null;
}

/**
 * A notice while there is no connection (with the time of the customer's data on show when
 * it is a copy, src/api/copies.ts), and a new version of the portal (src/sw.ts) offered
 * with "Reload to update", never swapped in under what is being written.
 */
function ConnectionStatus() {
  const lan = useLan();
  const update = useStore(updateReady);
  const copyAt = useStore(copyShownAt);
  // The copy's time as the reader counts it, from the copies' own module (loaded whenever a
  // copy shows): the clock stays off the landing page's script.
  const [asOf, setAsOf] = useState('');
  useEffect(() => {
    if (copyAt !== null) void import('../api/copies.ts').then((c) => setAsOf(c.copyTime(copyAt, lan)));
  }, [copyAt, lan]);
  const online = useSyncExternalStore(
    onConnectionChange,
    () => navigator.onLine,
    () => true,
  );
  if (online && !update) return null;
  return (
    <p className={connection.bar} role="status">
      <FormattedMessage
        id={online ? 'update.ready' : copyAt && asOf ? 'offline.copy' : 'offline.notice'}
        values={{ time: asOf }}
      />
      {online && update && (
        <button type="button" className={ui.secondaryButton} onClick={update}>
          <FormattedMessage id="update.reload" />
        </button>
      )}
    </p>
  );
}
const onConnectionChange = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};

/**
 * What waits in the kept letters (src/letters) is sent when the page opens online and when the
 * connection returns; the service worker also does so with Background Sync where it can. Where
 * no letter was ever kept, their code is not even loaded.
 */
function SendKept() {
  useEffect(() => {
    const send = () =>
      void lettersMayWait()
        .then((may) => (may ? import('../letters/letters.ts').then((letters) => letters.flush(answersOf)) : undefined))
        .catch(() => undefined);
    if (navigator.onLine) send();
    addEventListener('online', send);
    return () => removeEventListener('online', send);
  }, []);
  return null;
}

/** The code of the next screens, fetched ahead (src/app/prefetch.ts), by a plan of its own chunk. */
function PrefetchAhead() {
  const [location] = useLocation();
  useEffect(() => void import('./prefetch-plan.ts').then((plan) => plan.follow(location)), [location]);
  return null;
}

function Routes() {
  const screen = useStore(fatal);
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location]);
  // The page under an error screen stays, hidden, with its machine and what was typed: the
  // server-error page's Try again shows it again and tries what failed.
  return (
    <>
      {screen === 'serverError' && <ServerError />}
      {screen === 'connectionLost' && <ConnectionLost />}
      <div hidden={screen !== null} style={screen === null ? { display: 'contents' } : undefined}>
        <PageHidden.Provider value={screen !== null}>
          <Switch>
            <Route path={paths.dashboard} nest>
              <DashboardGuard />
            </Route>
            <Route>
              <PublicRoutes />
            </Route>
          </Switch>
        </PageHidden.Provider>
      </div>
    </>
  );
}

function PublicRoutes() {
  return (
    <PublicLayout>
      <RouteErrorBoundary>
        <Switch>
          <Route path={paths.home} component={Landing} />
          <Route path={paths.login} component={Login} />
          <Route path={paths.register} component={Register} />
          <Route path={paths.verifyEmail} component={VerifyEmail} />
          <Route path={paths.forgotPassword} component={ForgotPassword} />
          <Route path={paths.resetPassword.pattern}>
            {(p: { id: string; token: string }) => <ResetPassword id={p.id} token={p.token} />}
          </Route>
          <Route path={paths.checkStatus} component={CheckStatus} />
          <Route path={paths.fileComplaint} component={FileComplaint} />
          <Route path={paths.complaint.pattern}>{(p: { code: string }) => <Complaint code={p.code} />}</Route>
          <Route path={paths.manual} component={Manual} />
          <Route path={paths.print.pattern}>{(p: { id: string }) => <Print id={p.id} />}</Route>
          <Route path={paths.division.pattern}>{(p: { id: string }) => <DivisionDetail id={p.id} />}</Route>
          <Route path={paths.accessibility} component={Accessibility} />
          <Route path={paths.flows} component={Flows} />
          <Route component={NotFound} />
        </Switch>
      </RouteErrorBoundary>
    </PublicLayout>
  );
}

/** `lockoutSeconds` shortens the 180 s lockout where a test walks every second of it. */
export function App({ lockoutSeconds }: { lockoutSeconds?: number } = {}) {
  return (
    <I18nProvider>
      <Session.Provider options={{ input: initialSessionInput() }}>
        <Lockout.Provider
          options={{ input: { ...lockoutInput(), ...(lockoutSeconds ? { seconds: lockoutSeconds } : {}) } }}
        >
          <SessionEffects />
          <PrefetchAhead />
          <SendKept />
          <Routes />
          <Toasts />
          <LockoutAnnouncer />
          <SessionWarning />
          <ConnectionStatus />
        </Lockout.Provider>
      </Session.Provider>
    </I18nProvider>
  );
}
