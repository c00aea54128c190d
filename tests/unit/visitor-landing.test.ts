import { describe, expect, it } from 'vitest';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import { pageRoute } from '../../contract/page-route.ts';
import { visitorLanding, visitorMove } from '../../contract/route-match.ts';

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

  it('the move carries the page the link named, its query too, in the history state the login reads', () => {
    expect(visitorMove({ pathname: caseDetailHref('c-1'), search: '?case=HDAB-2018-000001&type=t-1' })).toEqual({
      to: paths.login,
      state: { linked: `${caseDetailHref('c-1')}?case=HDAB-2018-000001&type=t-1` },
    });
    expect(visitorMove({ pathname: paths.dashboard, search: '' })).toEqual({
      to: paths.home,
      state: { linked: paths.dashboard },
    });
    expect(visitorMove({ pathname: paths.login, search: '' })).toBeNull();
  });

  it("a navigation below the dashboard is answered with the login's page (ADR 0042); any other with its own", () => {
    expect(pageRoute(caseDetailHref('c-1'))).toBe(paths.login);
    expect(pageRoute(inDashboard(dashboardPaths.profile))).toBe(paths.login);
    for (const address of [paths.dashboard, paths.home, paths.checkStatus, paths.print.href('c-1'), '/x/dashboard/y'])
      expect(pageRoute(address), address).toBe(address);
  });
});
