/**
 * The code of the screens a person is likely to open next, fetched ahead, so that going
 * there shows the screen and not "Loading…" (issue 20). A screen's chunk is asked for:
 *  - when the browser is idle on a screen, for the screens it leads to (NEXT below), unless
 *    the person asked the browser to save data;
 *  - when a link to it is pointed at, touched or focused;
 *  - when a form is sent, for the screens its answer leads to (registration -> verification,
 *    login -> dashboard).
 * Only code is fetched: no call of the API, nothing personal. Where each screen leads, and
 * the listeners, are in prefetch-plan.ts, a chunk of its own asked for once the app is idle.
 */
type Loader = { preload(): Promise<void> };
const screens: { pattern: string; nest: boolean; screen: Loader }[] = [];

/** A route's screen, by its pattern (`nest`: the screen holds routes of its own below it). */
export function registerScreen(pattern: string, screen: Loader, nest = false): void {
  screens.push({ pattern, nest, screen });
}

/** The same route patterns as the router's (`:name` is one segment). */
export function matches(pattern: string, path: string, nest: boolean): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (nest ? got.length < want.length : got.length !== want.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}

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
