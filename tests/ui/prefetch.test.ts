import { describe, expect, it, vi } from 'vitest';
import { inDashboard, dashboardPaths, paths } from '../../contract/paths.ts';
import { leadsTo, prefetch, prefetchOnIntent } from '../../src/app/prefetch-plan.ts';
import { registerScreen } from '../../src/app/prefetch.ts';
import '../../src/app/app.tsx';

/** A screen's loader that counts its loads; `then` registers screens of its own when it has loaded (as the dashboard does). */
function counted(then?: () => void) {
  const screen = {
    loads: 0,
    preload: async () => {
      screen.loads++;
      then?.();
    },
  };
  return screen;
}

describe('fetching the next screens ahead', () => {
  it('fetches the screen of an address, by the same patterns as the router', async () => {
    const one = counted();
    registerScreen('/test-prefetch/:id', one);
    await prefetch('/test-prefetch/abc');
    expect(one.loads).toBe(1);
    await prefetch('/test-prefetch');
    await prefetch('/test-prefetch/abc/more');
    expect(one.loads).toBe(1);
  });

  it('follows a screen that holds routes into the one at the address', async () => {
    const inner = counted();
    const outer = counted(() => registerScreen('/test-nest/inner', inner));
    registerScreen('/test-nest', outer, true);
    await prefetch('/test-nest/inner');
    expect([outer.loads, inner.loads]).toEqual([1, 1]);
  });

  it('knows the screen of every address of the portal but the landing page (in the first script), the dashboard ones through the dashboard', async () => {
    const sample = (route: string | { href: (...a: string[]) => string }) =>
      typeof route === 'string' ? route : route.href('x', 'y');
    for (const [name, route] of Object.entries(paths)) {
      if (name === 'home') continue;
      expect(await prefetch(sample(route)), name).toBeGreaterThanOrEqual(1);
    }
    for (const [name, route] of Object.entries(dashboardPaths)) {
      if (typeof route !== 'string' || route.includes(':')) continue;
      // The dashboard itself, then its screen.
      expect(await prefetch(inDashboard(route)), name).toBe(2);
    }
    expect(await prefetch(inDashboard(dashboardPaths.caseHref('c1')))).toBe(2);
    expect(await prefetch('/no-such-page')).toBe(0);
  });

  it('finds where a screen leads from its real address, not only from a sample one (a case page by its id)', () => {
    const id = '3110fd66-e4dc-49bc-b0db-3c787eadf108';
    expect(leadsTo(inDashboard(dashboardPaths.caseHref(id)))).toEqual([
      paths.print.href('x'),
      inDashboard(dashboardPaths.profile),
    ]);
    expect(leadsTo(paths.dashboard)).toContain(inDashboard(dashboardPaths.profile));
    expect(leadsTo(paths.checkStatus)).toEqual([paths.print.href('x')]);
    expect(leadsTo('/no-such-page')).toEqual([]);
  });

  it('a field of a form focused fetches where sending it leads: on /login, the dashboard, while the person types', async () => {
    const dashboard = counted();
    registerScreen(paths.dashboard, dashboard, true);
    history.pushState(null, '', paths.login);
    const stop = prefetchOnIntent();
    document.body.innerHTML = '<p tabindex="-1">Not a form</p><form><input aria-label="Email" /></form>';
    document.querySelector<HTMLElement>('p')?.focus();
    document.querySelector<HTMLElement>('input')?.focus();
    await vi.waitFor(() => expect(dashboard.loads).toBe(1));
    stop();
  });
});
