import { API_PREFIX } from '../contract/endpoints.ts';
import { EVIDENCE_PATHS } from '../contract/evidence.ts';
import { MEDIA_PATHS } from '../contract/paths.ts';
import { PRERENDERED } from './app/prerendered.ts';

/**
 * What the service worker may keep on a device that someone else uses next (issue 32): the
 * public pages (pre-rendered, the same for everyone) and the empty page every other route
 * gets, the build's files and the reference data. Never an address that names a person, a
 * case or a secret (`/dashboard/case/<id>`, `/complaint/<code>`, `/reset_password/<token>`,
 * `/print/<id>`, `/Media/...`), and never an answer the server marked `private` or
 * `no-store`. Read by the worker (src/sw.ts) and by the page, which sweeps the caches when a
 * session ends (`forgetPrivate`).
 */

/** The empty page the server sends for every route it does not pre-render; the app fills it. */
export const SHELL = '/app.html';

/** The pages the worker keeps under their own address. */
export const KEPT_PAGES: readonly string[] = [...PRERENDERED, SHELL];

/** A request for a file or a call rather than a page: never answered with a page, never kept as one. */
export const isFileAddress = (pathname: string): boolean =>
  pathname.startsWith(`${API_PREFIX}/`) ||
  pathname.startsWith(MEDIA_PATHS.root) ||
  pathname.startsWith(EVIDENCE_PATHS.root) ||
  pathname.startsWith('/assets/');

/** Whether an answer may be kept at all: the server marks whatever is personal `private` or `no-store`. */
export const storable = (response: Response | undefined): boolean =>
  !/\b(private|no-store)\b/i.test(response?.headers.get('cache-control') ?? '');

/** The caches of pages (one per version of the portal): only KEPT_PAGES, without a query, may be in them. */
export const isPagesCache = (name: string): boolean => name.startsWith('pages');

/**
 * Removes from every cache of this origin whatever the policy above does not allow: an
 * address of a page other than the kept ones (as an older version of the worker kept every
 * page visited), and any answer marked private. Run when a session ends. The build's own
 * precache holds only the build's files and is left alone.
 */
export async function forgetPrivate(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  let removed = 0;
  for (const name of await caches.keys()) {
    if (name.startsWith('workbox-precache')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      const allowed = isPagesCache(name) ? KEPT_PAGES.includes(url.pathname) && url.search === '' : true;
      if (allowed && storable(await cache.match(request, { ignoreVary: true }))) continue;
      if (await cache.delete(request, { ignoreVary: true })) removed++;
    }
  }
  return removed;
}
