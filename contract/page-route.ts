import { paths } from './paths.ts';
import { visitorLanding } from './route-match.ts';

/*
 * Which pre-rendered page a navigation gets (ADR 0042): the server's rule, which its service
 * worker follows, and the build's. A module of its own: the app's first script needs none of it.
 */

/** The pre-rendered pages that `pageRoute` also answers other addresses with. */
export const SENT_ELSEWHERE: readonly string[] = [paths.login];

/**
 * A tab that holds a session is not shown such a page: a script at its top marks the page with
 * this attribute before its first paint, which hides it until the page's content is read and
 * dropped for the app (scripts/build.ts writes the style and the scripts).
 */
export const ELSEWHERE_ATTRIBUTE = 'data-elsewhere';

/**
 * A visitor without a session is shown such a page as the login, which names the case of the
 * link once the app has taken over: the same script marks the page with this attribute, and
 * the room of that notice is kept from the first paint (src/ui/ui.css.ts `linkedSlot`), so
 * that the fields below it never move while someone types.
 */
export const LINKED_ATTRIBUTE = 'data-linked';

/**
 * The page a navigation to `pathname` is answered with, by the server and by the service
 * worker: its own, or at a link below the dashboard the login's, pre-rendered, where a visitor
 * without a session lands (`visitorLanding`); a tab with a session is not shown it.
 */
export const pageRoute = (pathname: string): string => {
  const to = visitorLanding(pathname);
  return to && SENT_ELSEWHERE.includes(to) ? to : pathname;
};
