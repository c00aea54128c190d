import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { navigation } from 'lighthouse';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { SESSION_STORAGE_KEY } from '../contract/limits.ts';
import { DEMO } from '../server/seed/seed.ts';
import { withBrowserOnPortal } from './bench-lib.ts';
import { paths } from '../contract/paths.ts';

/**
 * `npm run bench:web`: Lighthouse (mobile defaults: simulated 150 ms RTT, 1.6 Mbps, 4x CPU
 * slowdown) in the system Chromium, 3 runs each on /, /login, /checkstatus and /dashboard
 * (logged in) against the production server; prints the median performance score, LCP,
 * TBT and CLS per page.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORTS = path.join(ROOT, 'test-output', 'lighthouse');
const PAGES = [
  { path: paths.home, session: false },
  { path: paths.login, session: false },
  { path: paths.checkStatus, session: false },
  { path: paths.dashboard, session: true },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  await withBrowserOnPortal(async (browser, url) => {
    const login = await fetch(`${url}${API_PREFIX}${endpoints.loginCustomerUser.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    const { token } = (await login.json()) as { token: string };
    console.log(`Lighthouse, mobile defaults, ${RUNS} runs per page, median; ${new Date().toISOString()}`);
    console.log(
      `${'page'.padEnd(16)}${'score'.padStart(7)}${'LCP'.padStart(10)}${'TBT'.padStart(10)}${'CLS'.padStart(8)}`,
    );
    for (const target of PAGES) {
      const scores: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const page = await browser.newPage();
        if (target.session) {
          // The dashboard needs the session in this tab's storage before Lighthouse loads it.
          await page.goto(`${url}/manual`);
          await page.evaluate((key, value) => sessionStorage.setItem(key, value), SESSION_STORAGE_KEY, token);
        }
        const result = await navigation(page as never, `${url}${target.path}`, {
          flags: { onlyCategories: ['performance'], disableStorageReset: target.session, logLevel: 'error' },
        });
        await page.close();
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${target.path}`);
        // A page that sent the browser elsewhere (the dashboard without its session) is not that page's figure.
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== target.path) throw new Error(`${target.path} ended on ${landed}`);
        // The last run's full report, to see what the figures are made of (git-ignored).
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(path.join(REPORTS, `${target.path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(lhr));
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? 0);
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
      }
      console.log(
        `${target.path.padEnd(16)}${String(median(scores)).padStart(7)}${`${(median(lcp) / 1000).toFixed(2)} s`.padStart(10)}${`${median(tbt).toFixed(0)} ms`.padStart(10)}${median(cls).toFixed(3).padStart(8)}`,
      );
    }
    console.log(
      'Targets: score >= 98, LCP <= 1.2 s, TBT <= 50 ms, CLS <= 0.01 on the public pages; dashboard LCP <= 2.0 s.',
    );
  });
}

await main();
