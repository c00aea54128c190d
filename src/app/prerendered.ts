import { paths } from '../../contract/paths.ts';

/**
 * The pages the build renders in advance (scripts/build.ts), each into `<name>.html`
 * (`/` into index.html): what a first-time visitor opens most, and what has no data of the
 * visitor in it.
 */
export const PRERENDERED: readonly string[] = [paths.home, paths.login, paths.checkStatus];

/**
 * The server also sends the login's page at a link below the dashboard (ADR 0042). A tab that
 * holds a session is not shown that login: a script at the top of the page marks the page with
 * this attribute before its first paint, which hides it until the page's content is read and
 * dropped for the app. The style sheet and the scripts come from scripts/build.ts.
 */
export const ELSEWHERE_ATTRIBUTE = 'data-elsewhere';
