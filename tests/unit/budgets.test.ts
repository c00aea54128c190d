import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startPortal } from '../../scripts/bench-lib.ts';
import { LANDING_CSS_BUDGET_BYTES, LANDING_JS_BUDGET_BYTES } from '../../scripts/budgets.ts';
import type { SizeReport } from '../../scripts/size-lib.ts';
import { ROUTES, gzipOf, sizeReport } from '../../scripts/size-lib.ts';

/**
 * The size budgets of issue 7 and issue 35, on the production build `npm start` and the browser
 * journeys serve (`dist/`, pre-rendered pages included; made by `scripts/ensure-spa.ts` when
 * missing or older than its sources, so one build serves the whole `npm test`): what a phone
 * downloads before and while the landing page works.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.join(root, 'dist');
let report: SizeReport;

beforeAll(() => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-spa.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  report = sizeReport(dist);
}, 120_000);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the production build', () => {
  it(`loads at most ${kb(LANDING_JS_BUDGET_BYTES)} of JavaScript (gzip) on the landing page, all it loads on its own`, async () => {
    // The production server on this build (PGlite, the demo divisions in the page), and
    // Chromium with Save-Data on: what the page fetches ahead for the next screens in idle
    // time is left out, every script the page itself asks for, before or after its load, counts.
    const data = mkdtempSync(path.join(tmpdir(), 'portal-budget-data-'));
    const portal = await startPortal({ SPA_DIR: dist, DATA_DIR: data });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
      const scripts = new Map<string, Promise<number>>();
      const calls: string[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/api/')) calls.push(pathname);
        if (response.request().resourceType() === 'script')
          scripts.set(
            pathname,
            response.buffer().then((body) => gzipSync(body, { level: 9 }).length),
          );
      });
      await page.goto(`${portal.url}/`, { waitUntil: 'networkidle0' });
      expect(await page.evaluate(() => document.readyState)).toBe('complete');
      // The services came with the page: no call, so neither the answers' schemas.
      expect(calls).toEqual([]);
      // The page's own inline scripts (the boot module, scripts/boot.ts) count as any script.
      const inline = await page.$$eval('script:not([src]):not([type="application/json"])', (tags) =>
        tags.map((t) => t.textContent),
      );
      expect(inline.length).toBe(1);
      for (const [i, text] of inline.entries())
        scripts.set(`(inline script ${i + 1})`, Promise.resolve(gzipSync(text ?? '', { level: 9 }).length));
      const sizes = await Promise.all([...scripts].map(async ([file, size]) => `${file} ${await size}`));
      const js = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
      // What it loaded after the page had loaded is counted too (the service worker, the prefetch plan).
      expect([...scripts.keys()].some((f) => f.includes('/register-sw-'))).toBe(true);
      // No letter was ever kept on this device: the letters' code is not loaded to send none.
      expect([...scripts.keys()].filter((f) => f.includes('/letters-'))).toEqual([]);
      expect(js, `the landing page loaded ${kb(js)} of JavaScript:\n${sizes.join('\n')}`).toBeLessThanOrEqual(
        LANDING_JS_BUDGET_BYTES,
      );
    } finally {
      await browser.close();
      portal.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });

  it(`loads at most ${kb(LANDING_CSS_BUDGET_BYTES)} of CSS (gzip) for the landing page`, () => {
    expect(gzipOf(report, report.routes['/']?.css ?? [])).toBeLessThanOrEqual(LANDING_CSS_BUDGET_BYTES);
  });

  it('a pre-rendered page asks for the entry and the prefetch plan with its other scripts, not once they have run (ADR 0042)', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
    const plan = manifest['src/app/prefetch-plan.ts']?.file;
    expect(entry && plan).toBeTruthy();
    for (const page of ['index.html', 'login.html', 'checkstatus.html']) {
      const modules = /data-modules="([^"]*)"/.exec(readFileSync(path.join(dist, page), 'utf8'))?.[1]?.split(' ');
      expect(modules, page).toContain(`/${entry}`);
      expect(modules, page).toContain(`/${plan}`);
    }
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
