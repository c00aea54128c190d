import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { paths } from '../../contract/paths.ts';
import { base, useEnglish, workerInCharge } from './journeys.ts';

/** The service worker as the server sends it (the built SPA, SPA_DIR's default). */
const WORKER = path.resolve(import.meta.dirname, '..', '..', 'dist', 'sw.js');

/** The service worker (src/sw.ts) at work: the portal without a connection. */
test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ page }) => useEnglish(page));

test('without a connection the public pages open, say so, and the notice goes when it is back', async ({
  page,
  context,
}) => {
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

test('the web app manifest names the portal in Amharic and English, with its icons', async ({ request, page }) => {
  // Linked once the page has loaded (src/app/register-sw.ts), not in the page: it would compete with the first paint.
  const sent = await request.get(`${base()}/`);
  expect(await sent.text()).not.toContain('rel="manifest"');
  await page.goto(`${base()}/`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

  const answer = await request.get(`${base()}/manifest.webmanifest`);
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as {
    name: string;
    icons: { src: string; sizes: string }[];
    start_url: string;
  };
  expect(manifest.name).toBe('የቤቶች ልማትና አስተዳደር ቢሮ · Housing Development and Administration Bureau');
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const file = await request.get(`${base()}${icon.src}`);
    expect(file.headers()['content-type']).toBe('image/png');
  }
});

test('a new version is offered with "Reload to update", never swapped in under what is being typed', async ({
  page,
}) => {
  await page.goto(`${base()}${paths.fileComplaint}`);
  await workerInCharge(page);
  await page.getByLabel(/^Subject/).fill('Half written');

  // The server gets another version of the worker (the same code, other bytes), as after a
  // deployment; the page asks for it as the browser does on its own from time to time.
  const before = readFileSync(WORKER, 'utf8');
  writeFileSync(WORKER, `${before}\n// another version\n`);
  try {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const offer = page.getByRole('status').filter({ hasText: 'A new version of the portal is ready.' });
    await expect(offer).toBeVisible();
    // It waits: the page and what is typed in it stay as they are.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      true,
    );
    await expect(page.getByLabel(/^Subject/)).toHaveValue('Half written');

    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload to update' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      false,
    );
  } finally {
    writeFileSync(WORKER, before);
  }
});
