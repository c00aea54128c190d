import type { Browser, BrowserContext, CDPSession, Page, Target } from 'puppeteer-core';
import type { LoginResult } from '../contract/customers/answers.ts';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { caseLinkHref } from '../contract/linked.ts';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from '../contract/paths.ts';
import { DEMO } from '../server/seed/seed.ts';
import { withBrowserOnPortal } from './bench-lib.ts';
import { watcher } from './bench-nav-watcher.ts';

/**
 * `npm run bench:nav`: what a person on a phone waits for, in the system Chromium with the
 * network and CPU slowed through the DevTools protocol (every page and service worker of
 * the run), against the production server; median of BENCH_RUNS runs (default 3), each in a
 * fresh browser profile (nothing cached, no service worker):
 *  - a cold visit of `/` until the services are listed;
 *  - a division page opened from the landing page, until its case requests are listed;
 *  - `/login` opened (its files cached by the visit before) until the email field is usable;
 *  - login submitted until the dashboard shows its counts;
 *  - the dashboard's Apply link until the apply form is usable;
 *  - the menu's case status link until the list of cases shows;
 *  - a case of the list until its page shows its history (read whole);
 *  - a repeat visit of `/` (service worker warm when there is one): its largest contentful paint;
 *  - in a fresh browser profile again, a case's link from a mail (issue 54): until a login form is
 *    usable (following the page's own Log in where it offers one, as a person would), and until it
 *    can be sent (the app has taken over the page the server sent, ADR 0042), then the
 *    login submitted until the linked case is read whole, its print asked until its summary is
 *    readable (then its PDF fetched by the page: its size, and its last byte after the summary),
 *    and the menu's profile until it shows the customer.
 * For each navigation inside the app (started once the screen before has fetched what it
 * fetches ahead, as when a person reads it first), the time its own API calls took, and the
 * runs in which the "Loading…" screen showed. `BENCH_CALLS=1` prints each navigation's calls
 * with their phases (connection, first byte, last byte), to see what a figure is made of.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const APPLY = inDashboard(dashboardPaths.apply);
const CASE_STATUS = inDashboard(dashboardPaths.caseStatus);
const CASE_PAGE = caseDetailHref('');
const PROFILE = inDashboard(dashboardPaths.profile);

type Profile = { name: string; rttMs: number; downKbps: number; upKbps: number; cpu: number };
const ALL_PROFILES: Profile[] = [
  { name: 'mobile (Lighthouse)', rttMs: 150, downKbps: 1600, upKbps: 750, cpu: 4 },
  { name: '3G', rttMs: 300, downKbps: 750, upKbps: 250, cpu: 4 },
];
/** BENCH_PROFILE=3G measures one profile alone (by its name); both by default. */
const PROFILES = ALL_PROFILES.filter((p) => !process.env.BENCH_PROFILE || p.name === process.env.BENCH_PROFILE);
if (PROFILES.length === 0)
  throw new Error(`BENCH_PROFILE names no profile: ${ALL_PROFILES.map((p) => p.name).join(', ')}`);

type Screen = 'division' | 'dashboard' | 'caseList' | 'casePage' | 'apply' | 'linkedCase' | 'print' | 'profile';
type Metric =
  | 'services'
  | 'login'
  | 'repeatLcp'
  | 'linkLogin'
  | 'linkSendable'
  | 'printPdfBytes'
  | 'printPdfMs'
  | Screen
  | `${Screen}Api`;
/** Targets by profile (issue 35: the dashboard one round trip after the login's answer, on either profile). */
type Goal = Record<Profile['name'], number> | null;
const both = (ms: number): Goal => Object.fromEntries(ALL_PROFILES.map((p) => [p.name, ms]));
const METRICS: { key: Metric; label: string; target: Goal; inApp: boolean }[] = [
  { key: 'services', label: 'cold / until the services are listed', target: both(1200), inApp: false },
  { key: 'division', label: 'landing -> a division page', target: null, inApp: true },
  { key: 'login', label: '/login until its email field is usable', target: null, inApp: false },
  {
    key: 'dashboard',
    label: 'login submitted -> dashboard counts',
    target: { 'mobile (Lighthouse)': 350, '3G': 800 },
    inApp: true,
  },
  { key: 'apply', label: 'dashboard -> usable apply form', target: null, inApp: true },
  { key: 'caseList', label: 'menu -> the list of cases', target: both(800), inApp: true },
  { key: 'casePage', label: 'list -> a case read whole', target: null, inApp: true },
  { key: 'repeatLcp', label: 'repeat visit of / : LCP', target: both(500), inApp: false },
  { key: 'linkLogin', label: 'cold case link from a mail -> usable login form', target: both(1000), inApp: false },
  { key: 'linkSendable', label: '... its form sendable (the app took over)', target: null, inApp: false },
  { key: 'linkedCase', label: 'its login submitted -> the linked case read whole', target: both(800), inApp: true },
  { key: 'print', label: 'the case -> its print readable', target: both(1500), inApp: true },
  { key: 'profile', label: 'menu -> the profile', target: both(800), inApp: true },
];

async function slowDown(session: CDPSession, p: Profile, cpu: boolean): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: p.rttMs,
    downloadThroughput: (p.downKbps * 1000) / 8,
    uploadThroughput: (p.upKbps * 1000) / 8,
  });
  if (cpu) await session.send('Emulation.setCPUThrottlingRate', { rate: p.cpu });
}

async function openPage(context: BrowserContext, p: Profile): Promise<Page> {
  const page = await context.newPage();
  await slowDown(await page.createCDPSession(), p, true);
  await page.evaluateOnNewDocument(watcher, {
    apply: APPLY,
    caseStatus: CASE_STATUS,
    casePage: CASE_PAGE,
    profile: PROFILE,
  });
  return page;
}

const marks = (page: Page) => page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);

/** Waits for a mark of the page's watcher; answers its time. */
async function mark(page: Page, name: string, timeout = 60_000): Promise<number> {
  await page
    .waitForFunction(
      (n) => n in (window as unknown as { __marks: Record<string, number> }).__marks,
      { timeout, polling: 50 },
      name,
    )
    .catch((error: unknown) => {
      throw new Error(`${name} was not reached within ${timeout} ms at ${page.url()}`, { cause: error });
    });
  return (await marks(page))[name] as number;
}

/** An in-app navigation to the screen `name`, started by the page's watcher; answers the time until that screen is usable, its API calls' time, and whether "Loading…" showed. */
async function inApp(page: Page, name: Screen): Promise<{ ms: number; api: number; loading: boolean }> {
  // A person reads a screen before leaving it: what the screen fetches ahead has had its time.
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 }).catch((error: unknown) => {
    throw new Error(`${page.url()} was not network-idle within 60 s, before ${name}`, { cause: error });
  });
  const started = await page.evaluate((n) => (window as unknown as { __go: (name: string) => number }).__go(n), name);
  const done = await mark(page, name);
  // The time the screen's own API calls took, first asked to last answered.
  const { api, calls } = await page.evaluate(
    (from, to) => {
      const own = performance
        .getEntriesByType('resource')
        .filter(
          (e) => e.name.includes('/api/') && e.startTime >= from && e.startTime <= to,
        ) as PerformanceResourceTiming[];
      const at = (t: number) => (t ? Math.round(t - from) : '-');
      return {
        api: own.length ? Math.max(...own.map((c) => c.responseEnd)) - Math.min(...own.map((c) => c.startTime)) : 0,
        // Each call's phases, in ms from the navigation's start (0 or '-': not in this call, as with a reused connection).
        calls: own.map(
          (c) =>
            `${new URL(c.name).pathname} asked ${at(c.startTime)}, worker ${at(c.workerStart)}, connect ${at(c.connectStart)}-${at(c.connectEnd)}, sent ${at(c.requestStart)}, first byte ${at(c.responseStart)}, last ${at(c.responseEnd)}, ${c.encodedBodySize} B`,
        ),
      };
    },
    started,
    done,
  );
  // BENCH_CALLS=1: what each navigation's calls waited for, to see the round trips a figure is made of.
  if (process.env.BENCH_CALLS) console.log(`  ${name}: ${Math.round(done - started)} ms\n    ${calls.join('\n    ')}`);
  return { ms: done - started, api, loading: 'loadingShown' in (await marks(page)) };
}

/** A fresh browser profile whose service workers get the profile's network too (their precache competes with the page, as on a phone). */
async function freshProfile(
  browser: Browser,
  p: Profile,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const context = await browser.createBrowserContext();
  const throttleWorker = async (target: Target) => {
    if (target.type() === 'service_worker' && target.browserContext() === context)
      await slowDown(await target.createCDPSession(), p, false).catch(() => undefined);
  };
  browser.on('targetcreated', throttleWorker);
  return {
    context,
    close: async () => {
      browser.off('targetcreated', throttleWorker);
      await context.close();
    },
  };
}

async function oneRun(
  browser: Browser,
  base: string,
  p: Profile,
  linked: { id: string; number: string; type: string },
): Promise<{ values: Record<Metric, number>; loading: Partial<Record<Metric, boolean>> }> {
  const { context, close } = await freshProfile(browser, p);
  try {
    const page = await openPage(context, p);
    const values = {} as Record<Metric, number>;
    const loading: Partial<Record<Metric, boolean>> = {};

    await page.goto(`${base}${paths.home}`, { waitUntil: 'domcontentloaded' });
    values.services = await mark(page, 'services');
    await mark(page, 'hydrated');

    const division = await inApp(page, 'division');
    values.division = division.ms;
    values.divisionApi = division.api;
    loading.division = division.loading;

    await page.goto(`${base}${paths.login}`, { waitUntil: 'domcontentloaded' });
    values.login = await mark(page, 'login');
    await page.type('main input[type="email"]', DEMO.email);
    await page.type('main input[type="password"]', DEMO.password);
    // The case page last: its documents (PDFs in frames) keep the network busy long after it is read.
    for (const screen of ['dashboard', 'apply', 'caseList', 'casePage'] as const) {
      const measured = await inApp(page, screen);
      values[screen] = measured.ms;
      values[`${screen}Api`] = measured.api;
      loading[screen] = measured.loading;
    }

    // "Service worker warm": the repeat visit comes once the worker has installed (its
    // precache downloaded under the same throttled network) and taken charge.
    await page.evaluate(async () => {
      if ('serviceWorker' in navigator) await navigator.serviceWorker.ready;
    });
    const again = await openPage(context, p);
    await again.goto(`${base}${paths.home}`, { waitUntil: 'load' });
    await mark(again, 'services');
    values.repeatLcp = await again.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    await linkFromMail(browser, base, p, linked, values, loading);
    return { values, loading };
  } finally {
    await close();
  }
}

/** The demo customer's first case, as its mails link to it (`caseLinkHref`). */
async function demoCase(base: string): Promise<{ id: string; number: string; type: string }> {
  const answer = await fetch(`${base}${API_PREFIX}${endpoints.loginCustomerUser.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!answer.ok) throw new Error(`the demo customer's login answered ${answer.status}`);
  const first = ((await answer.json()) as LoginResult).dashboard?.cases.cases[0];
  if (!first) throw new Error("the login's answer brought no case of the demo customer");
  return { id: first._id, number: first.case_number, type: first.caselist._id };
}

/**
 * A case's link from a mail, opened in a fresh browser profile (no session, nothing cached):
 * until a login form is usable, following the page's own Log in where it offers one; then the
 * login to the linked case, its print, and the menu's profile.
 */
async function linkFromMail(
  browser: Browser,
  base: string,
  p: Profile,
  linked: { id: string; number: string; type: string },
  values: Record<Metric, number>,
  loading: Partial<Record<Metric, boolean>>,
): Promise<void> {
  const { context, close } = await freshProfile(browser, p);
  try {
    const page = await openPage(context, p);
    await page.goto(`${base}${caseLinkHref(linked.id, linked.number, linked.type)}`, { waitUntil: 'domcontentloaded' });
    const first = await page.waitForFunction(
      () => {
        const m = (window as unknown as { __marks: Record<string, number> }).__marks;
        return 'login' in m ? 'login' : 'linkedNotice' in m ? 'linkedNotice' : false;
      },
      { timeout: 60_000, polling: 50 },
    );
    if ((await first.jsonValue()) === 'linkedNotice') await page.click('[data-testid="linked-notice"] a');
    values.linkLogin = await mark(page, 'login');
    await page.type('main input[type="email"]', DEMO.email);
    await page.type('main input[type="password"]', DEMO.password);
    // Typed into the page as the server sent it (ADR 0042); sent once the app has taken over.
    values.linkSendable = await mark(page, 'hydrated');
    let pdfLink = '';
    for (const screen of ['linkedCase', 'print', 'profile'] as const) {
      if (screen === 'profile') {
        // The print's PDF, behind its summary: its size, as its download link serves it.
        const link = await page.evaluate(
          () => document.querySelector<HTMLAnchorElement>('main a[download]')?.href ?? '',
        );
        const served = link ? await fetch(link) : null;
        if (!served?.ok) throw new Error(`the print offered no PDF (${link})`);
        values.printPdfBytes = (await served.arrayBuffer()).byteLength;
        pdfLink = link;
        // Back from the print to the case, whose menu leads to the profile.
        await page.goBack();
        await mark(page, 'linkedCase');
      }
      const measured = await inApp(page, screen);
      values[screen] = measured.ms;
      values[`${screen}Api`] = measured.api;
      loading[screen] = measured.loading;
    }
    // The print's PDF, behind its summary: fetched by the page, on the profile's network, as its
    // link is followed. Last: after this fetch the page's network never read as idle to the
    // wait each step above begins with (every run on the mobile profile; the cause is not found).
    values.printPdfMs = await page.evaluate(async (href) => {
      const started = performance.now();
      const pdf = await fetch(href);
      const bytes = await pdf.arrayBuffer();
      if (!pdf.ok || new TextDecoder().decode(bytes.slice(0, 5)) !== '%PDF-') throw new Error(`${href}: not a PDF`);
      return performance.now() - started;
    }, pdfLink);
  } finally {
    await close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  await withBrowserOnPortal(async (browser, url) => {
    const linked = await demoCase(url);
    const results: Record<string, { values: Record<Metric, number>[]; loading: Partial<Record<Metric, number>> }> = {};
    for (const p of PROFILES) {
      const runs: Record<Metric, number>[] = [];
      const loading: Partial<Record<Metric, number>> = {};
      for (let i = 0; i < RUNS; i++) {
        const run = await oneRun(browser, url, p, linked);
        runs.push(run.values);
        for (const [k, shown] of Object.entries(run.loading))
          if (shown) loading[k as Metric] = (loading[k as Metric] ?? 0) + 1;
      }
      results[p.name] = { values: runs, loading };
    }
    console.log(`bench:nav, ${RUNS} runs per profile, median; ${new Date().toISOString()}`);
    for (const p of PROFILES)
      console.log(
        `  ${p.name}: ${p.rttMs} ms round trip, ${p.downKbps} kbps down, ${p.upKbps} kbps up, CPU ${p.cpu}x slower`,
      );
    const head = ['', 'target', ...PROFILES.map((p) => p.name), '"Loading…" shown'];
    const rows = METRICS.map((m) => [
      m.label,
      m.target === null ? '-' : [...new Set(Object.values(m.target))].map((t) => `<= ${seconds(t)}`).join(', '),
      ...PROFILES.map((p) => {
        const of = (key: Metric) => median((results[p.name]?.values ?? []).map((v) => v[key]));
        const goal = m.target?.[p.name];
        // A figure over its target is marked.
        const figure = `${seconds(of(m.key))}${goal !== undefined && of(m.key) > goal ? ' (!)' : ''}`;
        return m.inApp ? `${figure} (API ${seconds(of(`${m.key}Api` as Metric))})` : figure;
      }),
      m.inApp ? PROFILES.map((p) => `${results[p.name]?.loading[m.key] ?? 0}/${RUNS}`).join(', ') : '',
    ]);
    const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => (r[i] ?? '').length)));
    for (const r of [head, ...rows])
      console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '));
    for (const p of PROFILES) {
      const of = (key: Metric) => median((results[p.name]?.values ?? []).map((v) => v[key]));
      console.log(
        `${p.name}: the print's PDF, ${(of('printPdfBytes') / 1024).toFixed(1)} KB, its last byte ${seconds(of('printPdfMs'))} after the summary was readable`,
      );
    }
  });
}

await main();
