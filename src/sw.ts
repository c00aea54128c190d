import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { StrategyOptions } from 'workbox-strategies';
import { answers } from '../contract/answers.ts';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { KEPT_PAGES, SHELL, isFileAddress, isPagesCache, storable } from './cache-policy.ts';
import { pageRoute } from '../contract/page-route.ts';
import { matches } from '../contract/route-match.ts';
import { LETTERS_SYNC, flush } from './letters/letters.ts';

/**
 * The portal's service worker (issue 20), built by vite-plugin-pwa (injectManifest) with
 * Workbox:
 *  - the build's scripts, styles, UI fonts and the Amharic and English catalogs are cached
 *    when it installs (the precache manifest), and the pages a first visit opens most (the
 *    pre-rendered ones and the empty page every other route gets) fetched from the server;
 *  - a pre-rendered page is answered from the cache at once and refreshed behind (a repeat
 *    visit paints without waiting for the network); every other page of the app is the same
 *    empty page, answered likewise under its own name, so that no address a person visited
 *    (a case, a complaint's code, a reset link, a print) is ever kept (src/cache-policy.ts);
 *  - files and calls are never answered as pages: a PDF shown in a frame (a navigation too)
 *    goes to the network, and is never kept;
 *  - reference data (divisions, case types, questions: the same for everyone) is answered
 *    from the cache at once and refreshed behind;
 *  - nothing a customer's session reads is kept here: a call with an Authorization header
 *    goes to the network only, and no answer marked `private` or `no-store` is ever kept.
 * Pages are sent with `Vary: Accept-Encoding`; a navigation's headers are not those of the
 * install's fetch, so the pages are looked up ignoring Vary (the body is the same page).
 * A new version waits until the person chooses "Reload to update" (SKIP_WAITING).
 * What was written offline (src/letters) is sent on Background Sync, where the browser has it.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/**
 * One cache of pages per version of the portal (named from its precache manifest), so that
 * a page always comes with the scripts precached beside it; a new version's activation
 * drops the pages of the old ones.
 */
const MANIFEST = self.__WB_MANIFEST;
const PAGES = `pages-${[...JSON.stringify(MANIFEST)].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0) >>> 0}`;
precacheAndRoute(MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGES).then((cache) => cache.addAll([...KEPT_PAGES])));
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === LETTERS_SYNC) sync.waitUntil(flush(async () => answers));
});

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (isPagesCache(name) && name !== PAGES) await caches.delete(name);
      await self.clients.claim();
    })(),
  ),
);

/** Nothing marked private or no-store is written to any cache of the worker's. */
const onlyStorable: NonNullable<StrategyOptions['plugins']>[number] = {
  cacheWillUpdate: async ({ response }) => (storable(response) ? response : null),
};
const pages = new StaleWhileRevalidate({
  cacheName: PAGES,
  matchOptions: { ignoreVary: true },
  plugins: [onlyStorable],
});

// A pre-rendered page at once from the cache, refreshed behind for the next visit (the landing
// page's services too: a change of the reference data shows on the visit after), kept under
// its path alone (a query string is not kept); never seen: the network, then the empty page.
// At a link below the dashboard, the login's, as the server answers it (ADR 0042).
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && KEPT_PAGES.includes(pageRoute(url.pathname)),
  ({ event, url }) => pages.handle({ event, request: new Request(pageRoute(url.pathname)) }),
);
// Every other page of the app is the empty page the server sends for it: answered (and kept)
// under the empty page's own name, never under the address visited.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && !isFileAddress(url.pathname),
  ({ event }) => pages.handle({ event, request: new Request(SHELL) }),
);

const referencePaths = Object.values(endpoints)
  .filter((def) => 'reference' in def && def.reference && def.method === 'GET' && def.auth === 'none')
  .map((def) => `${API_PREFIX}${def.path}`);
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    !request.headers.has('authorization') &&
    referencePaths.some((p) => matches(p, url.pathname, false)),
  new StaleWhileRevalidate({ cacheName: 'reference', plugins: [onlyStorable] }),
);

// Hashed files the precache does not hold (the full Ethiopic font, the other catalogs): kept once fetched.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets', plugins: [onlyStorable] }),
);

// A page neither the network nor the cache has: the empty page, which the app fills.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate' && !isFileAddress(new URL(request.url).pathname))
    return (await caches.match(SHELL, { cacheName: PAGES, ignoreVary: true })) ?? Response.error();
  return Response.error();
});
