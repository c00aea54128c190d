import type { Page } from '@playwright/test';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import { KEPT_PAGES } from '../../src/cache-policy.ts';

/** What the browser keeps for the portal on a shared device, listed as the next person could list it (issue 32). */

/** Every entry of every cache of the origin: the cache's name and the address. */
export const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: { cache: string; url: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) out.push({ cache: name, url: request.url });
    }
    return out;
  });

/** Every record of every IndexedDB database of the origin, as text. */
export const stored = (page: Page) =>
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
export function isPublic(entry: { cache: string; url: string }): boolean {
  const url = new URL(entry.url);
  if (entry.cache.startsWith('workbox-precache'))
    return !url.pathname.startsWith('/Media/') && !url.pathname.startsWith(`${API_PREFIX}/`);
  if (entry.cache.startsWith('pages')) return KEPT_PAGES.includes(url.pathname) && url.search === '';
  return url.pathname.startsWith('/assets/') || referencePaths.some((p) => p.test(url.pathname));
}

/**
 * What an older worker kept of every page visited (the page at `url`): put into the worker's
 * pages cache, so that a test sees the sweep at a session's end remove it.
 */
export async function keptByAnOlderWorker(page: Page, url: string): Promise<void> {
  await page.evaluate(async (address) => {
    const pages = (await caches.keys()).find((n) => n.startsWith('pages'));
    if (!pages) throw new Error('no pages cache');
    await (
      await caches.open(pages)
    ).put(address, new Response('<!doctype html><title>kept by an older worker</title>'));
  }, url);
}
