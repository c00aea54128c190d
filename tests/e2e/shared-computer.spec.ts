import type { Page, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import { caseDetailHref, paths } from '../../contract/paths.ts';
import { KEPT_PAGES } from '../../src/cache-policy.ts';
import { DEMO, base, logIn, seeded, useEnglish, workerInCharge } from './journeys.ts';

/**
 * A shared computer in an internet café (issue 32, item 1): a customer opens a case with its
 * attachment and the bureau's response, prints it, opens a reset link and a complaint's
 * page, and logs out. Then the next person lists what the browser keeps for the portal: the
 * service worker's caches and every IndexedDB record. Nothing of the customer may be there.
 */
test.use({ serviceWorkers: 'allow' });

/** Every entry of every cache of the origin: the cache's name and the address. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: { cache: string; url: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) out.push({ cache: name, url: request.url });
    }
    return out;
  });

/** Every record of every IndexedDB database of the origin, as text. */
const stored = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const name = info.name;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const read = db.transaction(store).objectStore(store).getAll();
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        });
        for (const record of all) out.push(`${name}/${store}: ${JSON.stringify(record)}`);
      }
      db.close();
    }
    return out;
  });

/** The reference calls the worker may keep (the same for everyone). */
const referencePaths = Object.values(endpoints)
  .filter((def) => 'reference' in def && def.reference)
  .map((def) => new RegExp(`^${API_PREFIX}${def.path.replace(/:[^/]+/g, '[^/]+')}$`));

/** Whether an address may be kept on a shared computer: a public page, a build file, reference data. */
function isPublic(entry: { cache: string; url: string }): boolean {
  const url = new URL(entry.url);
  if (entry.cache.startsWith('workbox-precache')) return !url.pathname.startsWith('/Media/') && !url.pathname.startsWith(`${API_PREFIX}/`);
  if (entry.cache.startsWith('pages')) return KEPT_PAGES.includes(url.pathname) && url.search === '';
  return url.pathname.startsWith('/assets/') || referencePaths.some((p) => p.test(url.pathname));
}

test.beforeEach(async ({ page }) => useEnglish(page));

test('after a logout on a shared computer, the caches and IndexedDB hold nothing of the customer', async ({ page }) => {
  const { cases, customerId } = seeded();
  const verified = cases.verified;
  const files: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/Media/')) files.push(r);
  });
  await logIn(page);
  await workerInCharge(page);

  // The case with its attachment and the bureau's response, each a PDF in a frame (a navigation).
  await page.goto(`${base()}${caseDetailHref(verified.id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(verified.number);
  await expect.poll(() => files.filter((r) => r.url().includes('/Media/CaseFiles/')).length).toBeGreaterThan(0);
  await expect.poll(() => files.filter((r) => /\/Media\/[^/]+\.pdf$/.test(new URL(r.url()).pathname)).length).toBeGreaterThan(0);
  // Printed.
  await page.getByRole('link', { name: 'Print' }).click();
  await page.waitForURL(`**${paths.print.href(verified.id)}`);
  await expect.poll(() => files.filter((r) => /\/Media\/print-/.test(r.url())).length).toBeGreaterThan(0);
  // Every one of those files was sent to be kept nowhere.
  for (const file of files) expect(file.headers()['cache-control'], file.url()).toBe('private, no-store');
  // A reset link and a complaint's page, whose addresses are secrets.
  const resetLink = paths.resetPassword.href(customerId, 'a'.repeat(43));
  const complaintPage = paths.complaint.href('ACC-ABCDEFGHJKLMN');
  for (const address of [resetLink, complaintPage]) {
    await page.goto(`${base()}${address}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The worker kept none of it (the pages it answered came from the empty page's own entry).
  expect((await cached(page)).filter((e) => !isPublic(e))).toEqual([]);

  // What an older worker kept of every page visited: swept at the logout.
  const left = `${base()}${caseDetailHref(verified.id)}`;
  await page.evaluate(async (url) => {
    const pages = (await caches.keys()).find((n) => n.startsWith('pages'));
    if (!pages) throw new Error('no pages cache');
    await (await caches.open(pages)).put(url, new Response('<!doctype html><title>kept by an older worker</title>'));
  }, left);
  expect((await cached(page)).map((e) => e.url)).toContain(left);

  await page.goto(`${base()}${paths.dashboard}`);
  await page.getByRole('navigation', { name: /./ }).first().getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${base()}/`);

  // The next person looks.
  await expect.poll(async () => (await cached(page)).filter((e) => !isPublic(e))).toEqual([]);
  const everything = [...(await cached(page)).map((e) => e.url), ...(await stored(page))].join('\n');
  for (const secret of [customerId, verified.id, verified.number, DEMO.email, 'a'.repeat(43), 'ACC-ABCDEFGHJKLMN', '/Media/'])
    expect(everything, secret).not.toContain(secret);
  expect(await stored(page)).toEqual([]);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
});
