import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_CSS_BUDGET_BYTES, LANDING_JS_BUDGET_BYTES } from '../../scripts/budgets.ts';
import type { SizeReport } from '../../scripts/size-lib.ts';
import { ROUTES, gzipOf, sizeReport } from '../../scripts/size-lib.ts';

/**
 * The size budgets of issue 7, on a real production build (the one `npm run build` makes,
 * written to a temporary folder): what a phone downloads before the landing page works.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
let dist = '';
let report: SizeReport;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-budget-'));
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: dist, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  report = sizeReport(dist);
}, 120_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the production build', () => {
  it(`loads at most ${kb(LANDING_JS_BUDGET_BYTES)} of JavaScript (gzip) for the landing page`, () => {
    const landing = report.routes['/'];
    expect(landing).toBeDefined();
    const js = gzipOf(report, landing?.js ?? []);
    expect(js).toBeGreaterThan(0);
    expect(js, `landing route: ${kb(js)} of JavaScript`).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  });

  it(`loads at most ${kb(LANDING_CSS_BUDGET_BYTES)} of CSS (gzip) for the landing page`, () => {
    expect(gzipOf(report, report.routes['/']?.css ?? [])).toBeLessThanOrEqual(LANDING_CSS_BUDGET_BYTES);
  });

  it("splits every other route's screen into chunks the landing page does not load", () => {
    const landing = new Set(report.routes['/']?.js);
    for (const route of Object.keys(ROUTES).filter((r) => r !== '/')) {
      const own = (report.routes[route]?.js ?? []).filter((f) => !landing.has(f));
      expect(own.length, `${route} has no code of its own`).toBeGreaterThan(0);
    }
  });

  it('brings the Amharic catalog with the page, and every other one only on demand', () => {
    expect(report.catalogs.map((c) => path.basename(c).slice(0, 2)).sort()).toEqual([
      'af',
      'am',
      'en',
      'or',
      'sm',
      'tg',
    ]);
    // Only Amharic is preloaded; no catalog is code the landing page loads.
    expect(
      report.preloaded.filter((f) => report.catalogs.includes(f)).map((f) => path.basename(f).slice(0, 2)),
    ).toEqual(['am']);
    const landingCode = (report.routes['/']?.js ?? []).map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
    // Catalog texts are not in the scripts: the accessibility statement title is only in the JSON files.
    const en = JSON.parse(readFileSync(path.join(root, 'src/i18n/messages/en.json'), 'utf8')) as Record<string, string>;
    const am = JSON.parse(readFileSync(path.join(root, 'src/i18n/messages/am.json'), 'utf8')) as Record<string, string>;
    expect(landingCode).not.toContain(en['a11y.title']);
    expect(landingCode).not.toContain(am['a11y.title']);
  });
});
