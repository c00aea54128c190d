import type { Division } from '../../../contract/entities.ts';
import { PAGE_DATA_ID } from '../../../contract/paths.ts';

let divisions: Division[] | null | undefined;

/** The server's render of the landing page gives it the divisions it renders with (src/prerender.tsx). */
export function provideDivisions(given: Division[] | null): void {
  divisions = given;
}

/**
 * The divisions the server rendered the landing page with, written into the page
 * (server/plugins/landing.ts, which parsed them with the contract's answer first): the
 * landing page starts from them, as the server did, and needs no call, nor the schemas a
 * call's answer is parsed with. Null on every other page, and on a page the server could
 * not render so.
 */
export function pageDivisions(): Division[] | null {
  if (divisions !== undefined) return divisions;
  divisions = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return divisions;
  try {
    const given: unknown = JSON.parse(text);
    if (Array.isArray(given)) divisions = given as Division[];
  } catch {
    // A damaged copy: the page loads the divisions as any other.
  }
  return divisions;
}
