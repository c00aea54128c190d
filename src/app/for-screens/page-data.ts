import { endpoints } from '../../../contract/endpoints.ts';
import type { Division } from '../../../contract/entities.ts';
import { PAGE_DATA_ID } from '../../../contract/paths.ts';

let divisions: Division[] | null | undefined;

/** The server's render of the landing page gives it the divisions it renders with (src/prerender.tsx). */
export function provideDivisions(given: Division[] | null): void {
  divisions = given;
}

/**
 * The divisions the server rendered the landing page with, written into the page
 * (server/plugins/landing.ts): the landing page starts from them, as the server did, and
 * needs no call. Null on every other page, and on a page the server could not render so.
 */
export function pageDivisions(): Division[] | null {
  if (divisions !== undefined) return divisions;
  divisions = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return divisions;
  try {
    const parsed = endpoints.getAllDivisions.response.safeParse(JSON.parse(text));
    if (parsed.success) divisions = parsed.data;
  } catch {
    // A damaged copy: the page loads the divisions as any other.
  }
  return divisions;
}
