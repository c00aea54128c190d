import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ethiopicTextOfPortal, fromUnicodeRange } from '../../scripts/fonts-lib.ts';
import { DIVISIONS, STAFF } from '../../server/seed/reference-data.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const css = readFileSync(path.join(root, 'src/theme/fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map((m) => m[1] ?? '');
const face = (file: string, weight: number) =>
  faces.find((f) => f.includes(`/${file}'`) && f.includes(`font-weight: ${weight};`)) ?? '';
const UI = 'ethiopic-ui.woff2';

describe('the self-hosted Ethiopic font', () => {
  it("covers, in its small preloaded cut, every Ethiopic character of the portal's own texts (else: npm run fonts)", () => {
    const text = ethiopicTextOfPortal(root);
    expect(text.length).toBeGreaterThan(100);
    for (const weight of [400, 700]) {
      const range = fromUnicodeRange(/unicode-range: ([^;]+);/.exec(face(UI, weight))?.[1] ?? '');
      const missing = [...text].filter((c) => !range.has(c.codePointAt(0) ?? 0));
      expect(missing.join(''), `weight ${weight}`).toBe('');
    }
  });

  it('reads the reference data whole, each division in its file, as the portal shows it', () => {
    const text = new Set(ethiopicTextOfPortal(root));
    const shown = JSON.stringify([DIVISIONS, STAFF]);
    const missing = [...new Set(shown)].filter((c) => /[\u1200-\u137f]/u.test(c) && !text.has(c));
    expect(missing.join('')).toBe('');
  });

  it("tries the device's font first and is declared after the whole block, so that it is the one used", () => {
    // One file, both weights (the variable font's weight axis): one request before the first paint.
    expect(faces.filter((f) => f.includes(`/${UI}'`))).toHaveLength(2);
    for (const weight of [400, 700]) {
      expect(face(UI, weight)).toMatch(/src: local\(/);
      expect(faces.indexOf(face(`ethiopic-${weight}.woff2`, weight))).toBeLessThan(faces.indexOf(face(UI, weight)));
      expect(face(`ethiopic-${weight}.woff2`, weight)).toContain('unicode-range: U+1200-137F;');
    }
  });
});
