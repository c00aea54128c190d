import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { base, useEnglish } from './journeys.ts';

/** The service worker (src/sw.ts) at work: the portal without a connection. */
test.use({ serviceWorkers: 'allow' });

/** The page is controlled by the portal's worker, which has cached what it installs with. */
async function workerInCharge(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test.beforeEach(async ({ page }) => useEnglish(page));

test('without a connection the public pages open, say so, and the notice goes when it is back', async ({ page, context }) => {
  await page.goto(`${base()}/`);
  await workerInCharge(page);
  // A division visited online: its reference data is kept.
  await page.locator('main a[href^="/division/"]').first().click();
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  const division = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(division).not.toBe('');

  await context.setOffline(true);
  await page.goto(`${base()}/`);
  const notice = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(notice).toBeVisible();
  await expect(page.locator('main a[href^="/division/"]').first()).toBeVisible();
  for (const [path, heading] of [
    ['/login', 'Login'],
    ['/checkstatus', 'Check case status'],
  ] as const) {
    await page.goto(`${base()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(notice).toBeVisible();
  }
  await page.goto(`${base()}/`);
  await page.locator('main a[href^="/division/"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(division);
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
});

test('the web app manifest names the portal in Amharic and English, with its icons', async ({ request }) => {
  const answer = await request.get(`${base()}/manifest.webmanifest`);
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as { name: string; icons: { src: string; sizes: string }[]; start_url: string };
  expect(manifest.name).toBe('የቤቶች ልማትና አስተዳደር ቢሮ · Housing Development and Administration Bureau');
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const file = await request.get(`${base()}${icon.src}`);
    expect(file.headers()['content-type']).toBe('image/png');
  }
});
