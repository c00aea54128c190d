import { paths } from './paths.ts';

/** The same route patterns as the router's (`:name` is one segment). */
export function matches(pattern: string, path: string, nest: boolean): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (nest ? got.length < want.length : got.length !== want.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}

/**
 * Where a visitor without a session is sent from a page of the dashboard (the guard in
 * app.tsx): /dashboard itself to / (spec section 2), a page below it, which a link named, to
 * the login (ADR 0040): the server sends the pre-rendered login there (ADR 0042). Null for an
 * address outside the dashboard.
 */
export function visitorLanding(path: string): string | null {
  if (!matches(paths.dashboard, path, true)) return null;
  return matches(paths.dashboard, path, false) ? paths.home : paths.login;
}

/**
 * The move `visitorLanding` names, with the page the link named in the tab's history state
 * (`linked`, read again through the contract's `linkedPage` where it is shown): made by the
 * app's guard, and by src/main.tsx before the first render, so that the pre-rendered login
 * the server sends at such a link hydrates as the login (ADR 0042). Null outside the dashboard.
 */
export function visitorMove({ pathname, search }: { pathname: string; search: string }): {
  to: string;
  state: { linked: string };
} | null {
  const to = visitorLanding(pathname);
  return to ? { to, state: { linked: `${pathname}${search}` } } : null;
}
