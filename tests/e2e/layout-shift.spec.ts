import type { Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { base, seeded } from './journeys.ts';

/** How far the page's content moved after it was first drawn (the CLS sum of its layout shifts). */
const shifted = () =>
  new Promise<number>((resolve) => {
    new PerformanceObserver((list, observer) => {
      observer.disconnect();
      resolve(list.getEntries().reduce((sum, e) => sum + (e as PerformanceEntry & { value: number }).value, 0));
    }).observe({ type: 'layout-shift', buffered: true });
    // No entry at all: nothing moved.
    setTimeout(() => resolve(0), 500);
  });

// A phone's width, where the header's lines wrap by the font's measure (Lighthouse's mobile screen).
test.use({ viewport: { width: 412, height: 823 } });

test('the dashboard does not move when its Ethiopic font and the customer arrive late', async ({ page }) => {
  // The seeded customer's session (the global setup's login).
  await page.addInitScript(({ key, token }) => sessionStorage.setItem(key, token), {
    key: SESSION_STORAGE_KEY,
    token: seeded().token,
  });
  // A slow line: the font and the customer's profile come well after the scripts.
  const late = (ms: number) => async (route: Route) => {
    await new Promise((done) => setTimeout(done, ms));
    await route.continue();
  };
  await page.route(/ethiopic-ui-\d+-[\w-]+\.woff2$/, late(400));
  await page.route(`**${API_PREFIX}${endpoints.getCustomerUser.path.replace(':id', '*')}`, late(800));
  await page.goto(`${base()}/dashboard`);
  await expect(page.getByText(/ሰላም፣ /)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(shifted)).toBeLessThan(0.01);
});
