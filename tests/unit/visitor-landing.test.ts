import { describe, expect, it } from 'vitest';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import { visitorLanding } from '../../src/app/route-match.ts';

describe('where a visitor without a session lands from a page of the dashboard (ADR 0040)', () => {
  it('/dashboard itself: / (spec section 2); a page below it, which a link named: the login', () => {
    expect(visitorLanding(paths.dashboard)).toBe(paths.home);
    expect(visitorLanding(`${paths.dashboard}/`)).toBe(paths.home);
    expect(visitorLanding(caseDetailHref('c-1'))).toBe(paths.login);
    expect(visitorLanding(inDashboard(dashboardPaths.profile))).toBe(paths.login);
  });

  it('nowhere else: an address outside the dashboard is its own', () => {
    for (const address of [paths.home, paths.login, paths.print.href('c-1'), '/dashboards', '/x/dashboard'])
      expect(visitorLanding(address), address).toBeNull();
  });
});
