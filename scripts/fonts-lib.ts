import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every Ethiopic block the font covers (Ethiopic, Supplement, Extended, Extended-A). */
const ETHIOPIC = /[\u1200-\u139f\u2d80-\u2ddf\uab00-\uab2f]/u;

/** The texts the portal shows in an Ethiopic script: catalogs, mission and vision, reference data (a folder: its files). */
const SOURCES = [
  'src/i18n/messages/am.json',
  'src/i18n/messages/tg.json',
  'src/i18n/messages/mission.json',
  'server/seed/reference-data.ts',
  'server/seed/reference-data',
  'index.html',
];

/** A source's files: itself, or a folder's files. */
const filesOf = (root: string, source: string): string[] =>
  statSync(path.join(root, source)).isDirectory()
    ? readdirSync(path.join(root, source)).map((f) => path.join(source, f))
    : [source];

/** The Ethiopic characters of the portal's own texts, sorted, each once. */
export function ethiopicTextOfPortal(root: string): string {
  const chars = new Set<string>();
  for (const file of SOURCES.flatMap((source) => filesOf(root, source)))
    for (const ch of readFileSync(path.join(root, file), 'utf8')) if (ETHIOPIC.test(ch)) chars.add(ch);
  return [...chars].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)).join('');
}

/** A CSS unicode-range for a set of characters: runs of consecutive code points become ranges. */
export function toUnicodeRange(text: string): string {
  const points = [...new Set([...text].map((c) => c.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < points.length;) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === (points[j] ?? 0) + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(points[i] ?? 0)}` : `U+${hex(points[i] ?? 0)}-${hex(points[j] ?? 0)}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** The code points a unicode-range covers. */
export function fromUnicodeRange(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to] = part
      .trim()
      .replace(/^U\+/i, '')
      .split('-')
      .map((h) => parseInt(h, 16));
    if (from === undefined || Number.isNaN(from)) continue;
    for (let c = from; c <= (to ?? from); c++) points.add(c);
  }
  return points;
}
