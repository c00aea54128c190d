import { dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import type { Loader } from './prefetch.ts';
import { screens } from './prefetch.ts';
import { matches } from '../../contract/route-match.ts';

/* Where each screen leads, and the listeners that fetch on intent (src/app/prefetch.ts says when). */

/**
 * Fetches the code of the screen at `path`; a screen that holds routes (the dashboard)
 * registers its own when it has loaded, and the one at `path` among them is fetched too.
 * Answers how many screens' code it asked for.
 */
export async function prefetch(path: string, seen = new Set<Loader>()): Promise<number> {
  const found = screens.filter((s) => !seen.has(s.screen) && matches(s.pattern, path, s.nest));
  if (!found.length) return seen.size;
  for (const s of found) seen.add(s.screen);
  await Promise.all(found.map((s) => s.screen.preload().catch(() => undefined)));
  return prefetch(path, seen);
}

const SAMPLE_ID = 'x';

/**
 * Where each screen leads: the screen by its route's pattern, where it leads as addresses (a
 * pattern's sample address stands for any).
 */
const NEXT: [string, string[]][] = [
  [paths.home, [paths.login, paths.register, paths.checkStatus, paths.division.href(SAMPLE_ID), paths.fileComplaint]],
  [paths.login, [paths.dashboard, paths.register, paths.forgotPassword]],
  [paths.register, [paths.verifyEmail, paths.login]],
  [paths.verifyEmail, [paths.login]],
  [paths.checkStatus, [paths.print.href(SAMPLE_ID)]],
  [paths.fileComplaint, [paths.complaint.href(SAMPLE_ID)]],
  [
    paths.dashboard,
    [
      inDashboard(dashboardPaths.apply),
      inDashboard(dashboardPaths.caseStatus),
      inDashboard(dashboardPaths.caseHref(SAMPLE_ID)),
      inDashboard(dashboardPaths.profile),
    ],
  ],
  [inDashboard(dashboardPaths.caseStatus), [inDashboard(dashboardPaths.caseHref(SAMPLE_ID))]],
  // A case's page: its print, and the menu's profile (issue 54: both were "Loading…" from a case a link opened).
  [inDashboard(dashboardPaths.caseDetail), [paths.print.href(SAMPLE_ID), inDashboard(dashboardPaths.profile)]],
];

/** Where a form sent on this screen leads. */
const AFTER_SUBMIT: [string, string[]][] = [
  [paths.login, [paths.dashboard]],
  [paths.register, [paths.verifyEmail]],
];

const nextOf = (table: [string, string[]][], path: string) =>
  table.find(([from]) => matches(from, path, false))?.[1] ?? [];

/** The addresses the screen at `path` leads to, fetched when the browser is idle there. */
export const leadsTo = (path: string): string[] => nextOf(NEXT, path);

const saveData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
/** After the page has loaded, in a moment the browser has nothing else to do (a frame with 40 ms to spare). */
const loaded = () =>
  new Promise<void>((done) =>
    document.readyState === 'complete' ? done() : addEventListener('load', () => done(), { once: true }),
  );
const idle = () =>
  new Promise<void>((done) => {
    if (typeof requestIdleCallback !== 'function') return void setTimeout(done, 200);
    const wait = () =>
      requestIdleCallback((deadline) => (deadline.timeRemaining() >= 40 || deadline.didTimeout ? done() : wait()), {
        timeout: 10_000,
      });
    wait();
  });

let current = '';

/**
 * The screens `path` leads to, fetched once the page has loaded, one at a time, each in a
 * moment the browser is idle: a slow phone never has the fetching in the way of what the
 * person does. Stops when the person has gone elsewhere meanwhile.
 */
export function prefetchNext(path: string): void {
  current = path;
  if (saveData()) return;
  void (async () => {
    await loaded();
    for (const next of leadsTo(path)) {
      await idle();
      if (current !== path) return;
      await prefetch(next);
    }
  })();
}

let listening = false;

/** The person is at `path`: its next screens are fetched (and, from the first call on, what they point at, touch, focus or send). */
export function follow(path: string): void {
  if (!listening) {
    listening = true;
    prefetchOnIntent();
  }
  // Already typing in a form (focused before this script arrived): as if just begun.
  if (document.activeElement?.closest('form')) prefetchAfterSubmit();
  prefetchNext(path);
}

/** Where sending this page's form leads. */
function prefetchAfterSubmit(): void {
  for (const next of nextOf(AFTER_SUBMIT, location.pathname)) void prefetch(next);
  // A login a link led to opens the page the link named (ADR 0040): its code too. Only a
  // screen's route matches, so an address that names none fetches nothing.
  const linked = (history.state as { linked?: unknown } | null)?.linked;
  if (typeof linked === 'string') void prefetch(linked.split('?')[0] ?? '');
}

/** The listeners that fetch ahead on intent: a link pointed at or focused, a form begun or sent. Answers their removal. */
export function prefetchOnIntent(): () => void {
  const onLink = (event: Event) => {
    const target = event.target as Element | null;
    const link = target?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (link && link.origin === location.origin) void prefetch(link.pathname);
    // A field of a form focused: the person has begun it; where sending it leads is fetched while they type.
    else if (event.type === 'focusin' && target?.closest?.('form')) prefetchAfterSubmit();
  };
  const onSubmit = prefetchAfterSubmit;
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) document.addEventListener(type, onLink, { passive: true, capture: true });
  document.addEventListener('submit', onSubmit, { capture: true });
  return () => {
    for (const type of events) document.removeEventListener(type, onLink, { capture: true });
    document.removeEventListener('submit', onSubmit, { capture: true });
  };
}
