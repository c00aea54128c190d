/**
 * Runs `work` in a moment the browser has nothing else to do, at the latest after `timeout`
 * ms; where there is no `requestIdleCallback` (Safari), in a task of its own. For work a
 * page starts as it opens that nobody waits for (the kept letters' first sending, the
 * service worker's registration): it does not lengthen the tasks of the first render (issue 54).
 */
export const whenIdle = (work: () => void, timeout = 5000): void =>
  void (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout }) : setTimeout(work));
