import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Text made safe to write into an HTML page or an attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const faces = new Map<number, string>();
/**
 * The portal's Ethiopic face of one weight (the whole block, src/theme/fonts), embedded in a
 * page that stands on its own (the archive's summary, the evidence pack): a computer without
 * an Ethiopic font shows Amharic as boxes, and a page opened from a folder loads no font from
 * beside it. List "Portal Ethiopic" before the system's families: with a system family first,
 * Chromium drew boxes for text it should have drawn with this face.
 */
export function ethiopicFace(weight: 400 | 700): string {
  let face = faces.get(weight);
  if (!face) {
    const file = path.resolve(import.meta.dirname, `../../src/theme/fonts/ethiopic-${weight}.woff2`);
    face = `@font-face{font-family:"Portal Ethiopic";font-weight:${weight};unicode-range:U+1200-137F;src:url(data:font/woff2;base64,${readFileSync(file).toString('base64')}) format("woff2")}`;
    faces.set(weight, face);
  }
  return face;
}
