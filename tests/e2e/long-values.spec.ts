import { expect } from '@playwright/test';
import { FIELD_LIMITS, SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { dashboardPaths, inDashboard } from '../../contract/paths.ts';
import { LANGUAGES, checkReflow, settle, trackRequests } from './audit.ts';
import { test } from './browsers.ts';
import { base, onOwnProfile, openDashboardLink, seededLong, useEnglish } from './journeys.ts';
import { atLimit } from '../long-values.ts';

/**
 * Issue 23: a customer whose names are at their limits, in Ethiopic letters without a space,
 * finds no dashboard page scrolling sideways on a 360 px phone, in Amharic and English; the
 * header shows the name cut at its edge, the whole name still in its text.
 */
for (const language of LANGUAGES) {
  // Its last page, the manual, shows a PDF in the browser's viewer: Chromium's (tests/e2e/browsers.ts).
  test(`${language.lan} at 360 px: names at their limits, without a space, never widen a dashboard page`, async ({
    viewerPage: page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    trackRequests(page);
    const names = {
      firstname: atLimit('ሀለሐመሠረሰሸቀበ', FIELD_LIMITS.firstname),
      middlename: atLimit('ተቸኀነኘአከኸወዐ', FIELD_LIMITS.middlename),
      lastname: atLimit('ዘዠየደጀገጠጨጰጸ', FIELD_LIMITS.lastname),
      subcity: atLimit('ፀፈፐቨ', FIELD_LIMITS.subcity),
      house_number: atLimit('1234567890', FIELD_LIMITS.house_number),
    };
    await onOwnProfile(page, language, names);
    for (const route of [
      dashboardPaths.profile,
      dashboardPaths.home,
      dashboardPaths.apply,
      dashboardPaths.caseStatus,
      dashboardPaths.manual,
    ]) {
      if (route !== dashboardPaths.profile) {
        await openDashboardLink(page, language, LINK_KEYS[route] ?? '');
        await page.waitForURL(new RegExp(`${inDashboard(route)}/?$`));
      }
      await settle(page);
      await checkReflow(page);
      const name = page.getByRole('banner').getByText(`${names.firstname} ${names.middlename} ${names.lastname}`);
      await expect(name).toBeVisible();
      const box = await name.boundingBox();
      expect(box && box.x + box.width, `the header's name on ${route}`).toBeLessThanOrEqual(360);
    }
  });
}

/** The dashboard menu's link names (src/app/dashboard/shell.tsx). */
const LINK_KEYS: Record<string, string> = {
  [dashboardPaths.home]: 'dashboard.home',
  [dashboardPaths.apply]: 'dashboard.apply',
  [dashboardPaths.caseStatus]: 'dashboard.caseStatus',
  [dashboardPaths.manual]: 'dashboard.manual',
};

test('the pager’s Previous and Next on the only page look unavailable: no fill, a dashed border, not colour alone', async ({
  page,
}) => {
  await useEnglish(page);
  // A customer with one case, so one page (the demo's every status, and what other tests file, take two).
  await page.addInitScript(
    ({ key, token }) => {
      if (window === window.top && !sessionStorage.getItem(key)) sessionStorage.setItem(key, token);
    },
    { key: SESSION_STORAGE_KEY, token: seededLong().token },
  );
  await page.goto(`${base()}${inDashboard(dashboardPaths.caseStatus)}`);
  await expect(page.getByRole('row')).toHaveCount(2);
  for (const name of ['Previous', 'Next']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    const look = await button.evaluate((el) => {
      const css = getComputedStyle(el);
      return {
        border: css.borderStyle,
        cursor: css.cursor,
        fill: css.backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(look).toMatchObject({ border: 'dashed', cursor: 'not-allowed' });
    expect(look.fill).toBe(look.page);
  }
});
