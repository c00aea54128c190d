import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { settle, trackRequests } from './audit.ts';
import { DEMO, base, useEnglish } from './journeys.ts';

/**
 * The code of the next screens is fetched ahead (src/app/prefetch.ts): going there shows
 * the screen, never "Loading…". A page's watcher notes any "Loading…" that ever shows. A
 * screen's chunk answered is not yet its screen ready (what it imports, the schemas its calls
 * use): the person moves on once the page has settled, as one does after reading it.
 */
async function watchLoading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { loadingShown: number; loadingAt: string[] };
    w.loadingShown = 0;
    w.loadingAt = [];
    new MutationObserver(() => {
      if (document.querySelector('[data-loading="screen"]')) {
        w.loadingShown++;
        w.loadingAt.push(location.pathname);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const loadingShown = (page: Page) => page.evaluate(() => (window as unknown as { loadingShown: number }).loadingShown);
const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);

test.beforeEach(async ({ page }) => {
  trackRequests(page);
  await useEnglish(page);
  await watchLoading(page);
});

test('idle on the landing page, the division screen is fetched: it opens without "Loading…"', async ({ page }) => {
  const fetched = page.waitForResponse(chunk('division'));
  await page.goto(`${base()}/`);
  await fetched;
  await settle(page);
  await page.locator('main a[href^="/division/"]').first().click();
  await expect(page).toHaveURL(/\/division\//);
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  expect(await loadingShown(page)).toBe(0);
});

test('a link pointed at has its screen fetched: the accessibility page opens without "Loading…"', async ({ page }) => {
  await page.goto(`${base()}/`);
  await page.waitForLoadState('networkidle');
  const link = page.getByRole('contentinfo').getByRole('link', { name: /accessibility/i });
  const fetched = page.waitForResponse(chunk('accessibility'));
  await link.hover();
  await fetched;
  await settle(page);
  await link.click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await loadingShown(page)).toBe(0);
});

test('login -> dashboard -> apply: the screens come fetched ahead, no "Loading…" on the way', async ({ page }) => {
  // Idle on the login page: the dashboard's code arrives before the form is sent.
  const dashboardHome = page.waitForResponse(chunk('dashboard-home'));
  await page.goto(`${base()}/login`);
  await dashboardHome;
  await settle(page);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  // Idle on the dashboard: the apply form's code arrives before its link is used.
  const apply = page.waitForResponse(chunk('apply'));
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await apply;
  await settle(page);
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Apply for a case' })
    .click();
  await expect(page.getByRole('heading', { name: 'Apply for a case' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadingAt: string[] }).loadingAt)).toEqual([]);
  expect(await loadingShown(page)).toBe(0);
});

test('without fetching ahead a screen does show "Loading…" (the watcher sees it)', async ({ page }) => {
  // The division screen's code held back until the click: the only way there is the slow one.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk('division'), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${base()}/`);
  // The script has taken over (the language selector waits for it): the click is the app's.
  await expect(page.getByRole('banner').getByRole('combobox')).toBeEnabled();
  await page.locator('main a[href^="/division/"]').first().click();
  await expect(page.locator('[data-loading="screen"]')).toHaveText('Loading…');
  release();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Loading…');
  expect(await loadingShown(page)).toBeGreaterThan(0);
});
