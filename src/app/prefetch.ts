/**
 * The code of the screens a person is likely to open next, fetched ahead, so that going
 * there shows the screen and not "Loading…" (issue 20). A screen's chunk is asked for:
 *  - when the browser is idle on a screen, for the screens it leads to (NEXT below), unless
 *    the person asked the browser to save data;
 *  - when a link to it is pointed at, touched or focused;
 *  - when a form is sent, for the screens its answer leads to (registration -> verification,
 *    login -> dashboard).
 * Only code is fetched: no call of the API, nothing personal. This module only keeps the
 * screens' routes; the fetching, where each screen leads and the listeners are in
 * prefetch-plan.ts, a chunk of its own.
 */
export type Loader = { preload(): Promise<void> };
/** Every lazy screen, by its route; prefetch-plan.ts finds the ones of an address. */
export const screens: { pattern: string; nest: boolean; screen: Loader }[] = [];

/** A route's screen, by its pattern (`nest`: the screen holds routes of its own below it). */
export function registerScreen(pattern: string, screen: Loader, nest = false): void {
  screens.push({ pattern, nest, screen });
}
