import type { Browser, BrowserContext, CDPSession, Page, Target } from 'puppeteer-core';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from '../contract/paths.ts';
import { DEMO } from '../server/seed/seed.ts';
import { withBrowserOnPortal } from './bench-lib.ts';

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
 *  - a repeat visit of `/` (service worker warm when there is one): its largest contentful paint.
 * For each navigation inside the app (started once the screen before has fetched what it
 * fetches ahead, as when a person reads it first), the time its own API calls took, and the
 * runs in which the "Loading…" screen showed.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const APPLY = inDashboard(dashboardPaths.apply);
const CASE_STATUS = inDashboard(dashboardPaths.caseStatus);
const CASE_PAGE = caseDetailHref('');

type Profile = { name: string; rttMs: number; downKbps: number; upKbps: number; cpu: number };
const PROFILES: Profile[] = [
  { name: 'mobile (Lighthouse)', rttMs: 150, downKbps: 1600, upKbps: 750, cpu: 4 },
  { name: '3G', rttMs: 300, downKbps: 750, upKbps: 250, cpu: 4 },
];

type Screen = 'division' | 'dashboard' | 'caseList' | 'casePage' | 'apply';
type Metric = 'services' | 'login' | 'repeatLcp' | Screen | `${Screen}Api`;
/** Targets by profile (issue 35: the dashboard one round trip after the login's answer, on either profile). */
type Goal = Record<Profile['name'], number> | null;
const both = (ms: number): Goal => Object.fromEntries(PROFILES.map((p) => [p.name, ms]));
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
  { key: 'caseList', label: 'menu -> the list of cases', target: null, inApp: true },
  { key: 'casePage', label: 'list -> a case read whole', target: null, inApp: true },
  { key: 'repeatLcp', label: 'repeat visit of / : LCP', target: both(500), inApp: false },
];

/**
 * Installed in every document before its scripts: each check is tried at every change of the
 * page, and the first time it holds is written down (performance.now(), from the start of
 * the page's navigation). `__go(name)` starts an in-app navigation (a click or a submit, as
 * a person would) with the marks forgotten, and answers when it started.
 */
function watcher({ apply, caseStatus, casePage }: { apply: string; caseStatus: string; casePage: string }): void {
  type Win = typeof window & { __marks: Record<string, number>; __go: (name: string) => number };
  const w = window as Win;
  w.__marks = {};
  const main = () => document.querySelector('main');
  const go: Record<string, () => void> = {
    division: () =>
      document.querySelector<HTMLAnchorElement>('section[aria-labelledby="services-title"] ul a')?.click(),
    dashboard: () => document.querySelector<HTMLFormElement>('main form')?.requestSubmit(),
    caseList: () => document.querySelector<HTMLAnchorElement>(`nav a[href="${caseStatus}"]`)?.click(),
    casePage: () => document.querySelector<HTMLAnchorElement>('main table tbody a')?.click(),
    apply: () => document.querySelector<HTMLAnchorElement>(`nav a[href="${apply}"]`)?.click(),
  };
  w.__go = (name) => {
    w.__marks = {};
    const started = performance.now();
    go[name]?.();
    return started;
  };
  const checks: Record<string, () => boolean> = {
    services: () =>
      Boolean(document.querySelector('section[aria-labelledby="services-title"] ul:not([aria-hidden]) a')),
    // Loaded: the division's name and its directorates' heading.
    division: () =>
      Boolean(
        location.pathname.startsWith('/division/') &&
        !document.getElementById('banner-title') &&
        main()?.querySelector('h1') &&
        main()?.querySelector('h2'),
      ),
    login: () => {
      const email = document.querySelector<HTMLInputElement>('main input[type="email"]');
      return Boolean(email && !email.readOnly && !email.disabled);
    },
    dashboard: () =>
      [...document.querySelectorAll('main li')].filter((li) => /^\d/.test(li.firstElementChild?.textContent ?? ''))
        .length >= 5,
    caseList: () => location.pathname === caseStatus && Boolean(main()?.querySelector('table tbody a')),
    // Read whole: the history shows once the case, its type and its history are read.
    casePage: () => location.pathname.startsWith(casePage) && Boolean(main()?.querySelector('ol')),
    apply: () => {
      const combo = main()?.querySelector<HTMLButtonElement>('[role="combobox"]');
      return Boolean(
        location.pathname === apply && combo && !combo.disabled && !main()?.querySelector('[aria-busy="true"]'),
      );
    },
    // The language selector is disabled until the page's script has taken over (src/app/layout.tsx).
    hydrated: () => document.querySelector<HTMLSelectElement>('header select')?.disabled === false,
    loadingShown: () => Boolean(document.querySelector('[data-loading="screen"]')),
  };
  const look = () => {
    for (const [name, holds] of Object.entries(checks))
      if (!(name in w.__marks) && holds()) w.__marks[name] = performance.now();
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

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
  await page.evaluateOnNewDocument(watcher, { apply: APPLY, caseStatus: CASE_STATUS, casePage: CASE_PAGE });
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
  const api = await page.evaluate(
    (from, to) => {
      const calls = performance
        .getEntriesByType('resource')
        .filter(
          (e) => e.name.includes('/api/') && e.startTime >= from && e.startTime <= to,
        ) as PerformanceResourceTiming[];
      return calls.length
        ? Math.max(...calls.map((c) => c.responseEnd)) - Math.min(...calls.map((c) => c.startTime))
        : 0;
    },
    started,
    done,
  );
  return { ms: done - started, api, loading: 'loadingShown' in (await marks(page)) };
}

async function oneRun(
  browser: Browser,
  base: string,
  p: Profile,
): Promise<{ values: Record<Metric, number>; loading: Partial<Record<Metric, boolean>> }> {
  const context = await browser.createBrowserContext();
  // Service workers of this profile get the same network.
  const throttleWorker = async (target: Target) => {
    if (target.type() === 'service_worker' && target.browserContext() === context)
      await slowDown(await target.createCDPSession(), p, false).catch(() => undefined);
  };
  browser.on('targetcreated', throttleWorker);
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
    return { values, loading };
  } finally {
    browser.off('targetcreated', throttleWorker);
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  await withBrowserOnPortal(async (browser, url) => {
    const results: Record<string, { values: Record<Metric, number>[]; loading: Partial<Record<Metric, number>> }> = {};
    for (const p of PROFILES) {
      const runs: Record<Metric, number>[] = [];
      const loading: Partial<Record<Metric, number>> = {};
      for (let i = 0; i < RUNS; i++) {
        const run = await oneRun(browser, url, p);
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
  });
}

await main();
