import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { navigation } from 'lighthouse';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { SESSION_STORAGE_KEY } from '../contract/limits.ts';
import { DEMO } from '../server/seed/seed.ts';
import { withBrowserOnPortal } from './bench-lib.ts';
import { paths } from '../contract/paths.ts';

/**
 * `npm run bench:web`: Lighthouse (mobile defaults: simulated 150 ms RTT, 1.6 Mbps, 4x CPU
 * slowdown) in the system Chromium, N runs each (`BENCH_RUNS`, default 5) on /, /login,
 * /checkstatus and /dashboard (logged in) against the production server; prints the median
 * performance score, LCP, TBT and CLS per page. Each run of a page comes right after a run of
 * a bare static page (a heading and a paragraph, no script, served from loopback), whose TBT
 * is printed beside the page's: on a quiet machine it is 0, and what it reads is the
 * machine's own noise, not the page's. Below the table, for each page's run with the median
 * TBT, the tasks of its trace that the 4x slowdown makes long (over 50 ms), each with what ran in it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPORTS = path.join(ROOT, 'test-output', 'lighthouse');
const ALL_PAGES = [
  { path: paths.home, session: false },
  { path: paths.login, session: false },
  { path: paths.checkStatus, session: false },
  { path: paths.dashboard, session: true },
];
/** BENCH_PAGES=/,/login measures those pages alone; all by default. */
const PAGES = ALL_PAGES.filter((p) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(p.path));
if (PAGES.length === 0) throw new Error(`BENCH_PAGES names no page: ${ALL_PAGES.map((p) => p.path).join(', ')}`);
const BARE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bare</title></head><body><h1>A bare page</h1><p>One paragraph of text and nothing else: no script, no style, no font.</p></body></html>`;
/** A main-thread task longer than this, once slowed down, blocks (Lighthouse's definition). */
const LONG_MS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; type?: string; lineNumber?: number; isLoadingMainFrame?: boolean } };
}
type Run = Awaited<ReturnType<typeof navigation>>;

/**
 * The tasks of a run's trace that are long once slowed down, each as its start (ms from the
 * navigation, observed), whether it came before the observed first paint (Lighthouse's
 * simulated timeline may still count it), its slowed-down length and the longest things that
 * ran in it, with the script they came from.
 */
function longTasks(run: NonNullable<Run>, origin: string): string[] {
  const slowdown = run.lhr.configSettings.throttling.cpuSlowdownMultiplier;
  const events = (run.artifacts.Trace.traceEvents as TraceEvent[]) ?? [];
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!start || !paint) return ['(no navigation or first paint in the trace)'];
  const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const found: string[] = [];
  for (const thread of main) {
    const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
    for (const task of own) {
      const dur = (task.dur ?? 0) / 1000;
      if (task.name !== 'RunTask' || task.ts < start.ts || dur * slowdown <= LONG_MS) continue;
      const end = task.ts + (task.dur ?? 0);
      const parts = own
        .filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
        .filter((e) => (e.dur ?? 0) / 1000 >= dur / 5)
        .slice(0, 4)
        .map((e) => {
          const d = e.args?.data;
          const where = d?.url
            ? `${d.url.replace(origin, '')}${d.lineNumber ? `:${d.lineNumber}` : ''}`
            : (d?.type ?? '');
          return `${e.name}${where ? ` ${where}` : ''} ${(((e.dur ?? 0) / 1000) * slowdown).toFixed(0)} ms`;
        });
      found.push(
        `@${((task.ts - start.ts) / 1000).toFixed(0)} ms (observed${task.ts < paint.ts ? ', before the first paint' : ''}), ${(dur * slowdown).toFixed(0)} ms slowed down: ${parts.join('; ') || 'nothing named in the trace'}`,
      );
    }
  }
  return found.length ? found : ['none'];
}

async function main() {
  const bare = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    await withBrowserOnPortal(async (browser, url) => {
      const login = await fetch(`${url}${API_PREFIX}${endpoints.loginCustomerUser.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const lighthouse = async (page: Page, address: string, keepStorage: boolean) => {
        const result = await navigation(page as never, address, {
          flags: { onlyCategories: ['performance'], disableStorageReset: keepStorage, logLevel: 'error' },
        });
        if (!result?.lhr) throw new Error(`no Lighthouse result for ${address}`);
        return result;
      };
      console.log(
        `Lighthouse, mobile defaults, ${RUNS} runs per page, each after a run of a bare page, median; ${new Date().toISOString()}`,
      );
      console.log(
        `${'page'.padEnd(16)}${'score'.padStart(7)}${'LCP'.padStart(10)}${'TBT'.padStart(10)}${'CLS'.padStart(8)}${'bare TBT (max)'.padStart(18)}`,
      );
      const tasks: string[] = [];
      for (const target of PAGES) {
        const runs: { score: number; lcp: number; tbt: number; cls: number; tasks: string[] }[] = [];
        const bareTbt: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const beside = await browser.newPage();
          const plain = await lighthouse(beside, bareUrl, false);
          await beside.close();
          bareTbt.push(plain.lhr.audits['total-blocking-time']?.numericValue ?? 0);

          const page = await browser.newPage();
          if (target.session) {
            // The dashboard needs the session in this tab's storage before Lighthouse loads it.
            await page.goto(`${url}/manual`);
            await page.evaluate((key, value) => sessionStorage.setItem(key, value), SESSION_STORAGE_KEY, token);
          }
          const result = await lighthouse(page, `${url}${target.path}`, target.session);
          await page.close();
          const { lhr } = result;
          // A page that sent the browser elsewhere (the dashboard without its session) is not that page's figure.
          const landed = new URL(lhr.finalDisplayedUrl).pathname;
          if (landed !== target.path) throw new Error(`${target.path} ended on ${landed}`);
          // The last run's full report, to see what the figures are made of (git-ignored).
          mkdirSync(REPORTS, { recursive: true });
          writeFileSync(path.join(REPORTS, `${target.path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(lhr));
          runs.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
            tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
            cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
            tasks: longTasks(result, url),
          });
        }
        const tbt = median(runs.map((r) => r.tbt));
        console.log(
          `${target.path.padEnd(16)}${String(median(runs.map((r) => r.score))).padStart(7)}${`${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s`.padStart(10)}${`${tbt.toFixed(0)} ms`.padStart(10)}${median(
            runs.map((r) => r.cls),
          )
            .toFixed(3)
            .padStart(8)}${`${median(bareTbt).toFixed(0)} ms (${Math.max(...bareTbt).toFixed(0)})`.padStart(18)}`,
        );
        const typical = runs.find((r) => r.tbt === tbt);
        tasks.push(`${target.path}: ${(typical?.tasks ?? []).join('\n  ')}`);
      }
      console.log(
        'Targets: score >= 98, LCP <= 1.2 s, TBT <= 50 ms, CLS <= 0.01 on the public pages; dashboard LCP <= 2.0 s.',
      );
      console.log(`Long tasks (over ${LONG_MS} ms once slowed down), in the median run of each page:`);
      for (const line of tasks) console.log(`  ${line}`);
    });
  } finally {
    bare.close();
  }
}

await main();
