import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { ETHIOPIC_FAMILY } from '../src/theme/ethiopic-font.ts';
import { ethiopicTextOfPortal, toUnicodeRange } from './fonts-lib.ts';

/**
 * `npm run fonts`: the self-hosted Ethiopic font, cut to what the portal shows. Run it after
 * changing an Amharic or Tigrinya text (tests/unit/fonts.test.ts fails until then).
 *  - ethiopic-ui.woff2: only the characters of the portal's own texts (catalogs, mission,
 *    reference data), both weights in one file (the variable font's weight axis, 400 to
 *    700): small, and the only request before a pre-rendered page's first paint (issue 35).
 *  - ethiopic-*.woff2: the whole Ethiopic block (U+1200-137F), for what customers type and
 *    for reference data added later; fetched only when such a character shows.
 * Both try the device's own Ethiopic font first (local()); src/theme/fonts.css is written here.
 */
const root = path.resolve(import.meta.dirname, '..');
const source = (weight: number) =>
  path.join(
    root,
    'node_modules/@fontsource/noto-sans-ethiopic/files',
    `noto-sans-ethiopic-ethiopic-${weight}-normal.woff2`,
  );
const out = path.join(root, 'src/theme/fonts');
const BLOCK = { from: 0x1200, to: 0x137f };
const LOCAL: Record<number, string[]> = {
  400: ['Noto Sans Ethiopic', 'NotoSansEthiopic-Regular', 'Nyala', 'Abyssinica SIL'],
  700: ['Noto Sans Ethiopic Bold', 'NotoSansEthiopic-Bold'],
};

const ui = ethiopicTextOfPortal(root);
let block = '';
for (let c = BLOCK.from; c <= BLOCK.to; c++) block += String.fromCodePoint(c);

const face = (weight: number, file: string, range: string) => `@font-face {
  font-family: '${ETHIOPIC_FAMILY}';
  font-style: normal;
  font-weight: ${weight};
  font-display: block;
  src: ${LOCAL[weight]?.map((name) => `local('${name}')`).join(', ')},
    url('./fonts/${file}') format('woff2');
  unicode-range: ${range};
}`;

/** The small cut: one file for both weights, from the variable font (its weight axis kept from 400 to 700). */
const UI_FILE = 'ethiopic-ui.woff2';
const variable = readFileSync(
  path.join(
    root,
    'node_modules/@fontsource-variable/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-wght-normal.woff2',
  ),
);
const uiCut = await subsetFont(variable, ui, {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 700 } },
});
writeFileSync(path.join(out, UI_FILE), uiCut);
console.log(
  `${UI_FILE}: ${(uiCut.length / 1024).toFixed(1)} KB, weights 400 to 700 (from ${(variable.length / 1024).toFixed(1)} KB)`,
);

const faces: string[] = [];
for (const weight of [400, 700]) {
  const font = readFileSync(source(weight));
  const name = `ethiopic-${weight}.woff2`;
  const subset = await subsetFont(font, block, { targetFormat: 'woff2' });
  writeFileSync(path.join(out, name), subset);
  console.log(`${name}: ${(subset.length / 1024).toFixed(1)} KB (from ${(font.length / 1024).toFixed(1)} KB)`);
  // The whole block first, the portal's characters last: for a character both cover, the
  // face declared last is tried first, so the portal's own texts need only the small file.
  // Both weights' small faces name the same file: it is fetched once, and drawn at each weight.
  faces.push(face(weight, name, `U+${BLOCK.from.toString(16).toUpperCase()}-${BLOCK.to.toString(16).toUpperCase()}`));
  faces.push(face(weight, UI_FILE, toUnicodeRange(ui)));
}
writeFileSync(
  path.join(root, 'src/theme/fonts.css'),
  `/*
 * Written by \`npm run fonts\` (scripts/fonts.ts): do not edit.
 * Ethiopic text must render on a device without an Ethiopic font: the device's own font
 * first (local()), then a self-hosted Noto Sans Ethiopic cut to the Ethiopic block, shown
 * with swap while it loads. Latin text never downloads it (unicode-range).
 */
${faces.join('\n')}
`,
);
console.log(`${[...ui].length} characters in the portal's own texts`);
