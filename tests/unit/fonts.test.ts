import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ethiopicTextOfPortal, fromUnicodeRange } from '../../scripts/fonts-lib.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const css = readFileSync(path.join(root, 'src/theme/fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map((m) => m[1] ?? '');
const face = (file: string) => faces.find((f) => f.includes(`/${file}'`)) ?? '';

describe('the self-hosted Ethiopic font', () => {
  it("covers, in its small preloaded cut, every Ethiopic character of the portal's own texts (else: npm run fonts)", () => {
    const text = ethiopicTextOfPortal(root);
    expect(text.length).toBeGreaterThan(100);
    for (const weight of [400, 700]) {
      const range = fromUnicodeRange(/unicode-range: ([^;]+);/.exec(face(`ethiopic-ui-${weight}.woff2`))?.[1] ?? '');
      const missing = [...text].filter((c) => !range.has(c.codePointAt(0) ?? 0));
      expect(missing.join(''), `weight ${weight}`).toBe('');
    }
  });

  it("tries the device's font first and is declared after the whole block, so that it is the one used", () => {
    for (const weight of [400, 700]) {
      expect(face(`ethiopic-ui-${weight}.woff2`)).toMatch(/src: local\(/);
      expect(css.indexOf(`ethiopic-${weight}.woff2`)).toBeLessThan(css.indexOf(`ethiopic-ui-${weight}.woff2`));
      expect(face(`ethiopic-${weight}.woff2`)).toContain('unicode-range: U+1200-137F;');
    }
  });
});
