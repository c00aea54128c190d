import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page, Request } from '@playwright/test';
import { expect } from '@playwright/test';
import am from '../../src/i18n/messages/am.json' with { type: 'json' };
import en from '../../src/i18n/messages/en.json' with { type: 'json' };

/** The two languages the selector offers, with their catalogs and `<html lang>`. */
export const LANGUAGES = [
  { lan: 'Am', lang: 'am', catalog: am as Record<string, string> },
  { lan: 'En', lang: 'en', catalog: en as Record<string, string> },
] as const;
export type Language = (typeof LANGUAGES)[number];

/** A cheap phone and a laptop. */
export const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-output/screens');

/**
 * A whole page's screenshot in test-output/screens/, for a person to look at: every screen,
 * size and language of a run on a contributor's machine. Not on CI (`CI` set), where the
 * clone is thrown away unread: no check reads a screenshot, and they took a minute of it.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.CI) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Everything that goes wrong in the browser while a page is visited: console errors, page
 * errors, requests that fail or answer an error. `expected` lists the failures a test
 * provokes on purpose (a 500 it injects, say).
 */
export function watchProblems(page: Page, expected: RegExp[] = []): string[] {
  trackRequests(page);
  const problems: string[] = [];
  const allowed = (text: string) => expected.some((r) => r.test(text));
  const requestText = (r: Request) => `${r.method()} ${r.url()}`;
  // The browser's own PDF viewer is an extension that loads (and sometimes cancels) its own parts.
  const browsers = (r: Request) => r.url().startsWith('chrome-extension://');
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // Chromium logs every error answer as a console error; those are judged by their request below.
    if (
      m.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of/.test(m.text()) &&
      !allowed(m.text())
    )
      problems.push(`console: ${m.text()}`);
  });
  // An embedded frame's request cut short when the page is left: Chromium's PDF viewer loads
  // its file again in a frame of its own, a second or more after the page's frame has loaded
  // (seen under load: the next page's address cancelled it). Leaving a page is not a failure
  // of the page; the PDF loading at all is the print audit's business (`settle` waits for it).
  // So is a load the page itself had under way when it was left for another document (Back, a
  // link, an address typed): the code it was fetching ahead at an idle moment, which may come
  // after the page looked settled. An in-app move leaves no document, and what it cuts still counts.
  let sent = 0;
  let leftAt = 0;
  const order = new WeakMap<Request, number>();
  page.on('request', (r) => {
    order.set(r, ++sent);
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) leftAt = sent;
  });
  const leftBehind = (r: Request) =>
    r.failure()?.errorText === 'net::ERR_ABORTED' &&
    (r.frame() !== page.mainFrame() || (!r.isNavigationRequest() && (order.get(r) ?? Infinity) < leftAt));
  page.on('requestfailed', (r) => {
    if (browsers(r) || leftBehind(r)) return;
    const text = `${requestText(r)} failed: ${r.failure()?.errorText ?? ''}`;
    if (!allowed(text)) problems.push(text);
  });
  page.on('response', (r) => {
    if (r.status() < 400) return;
    const text = `${requestText(r.request())} answered ${r.status()}`;
    if (!allowed(text)) problems.push(text);
  });
  return problems;
}

/** The requests each page has sent and not yet seen answered, and how many it has sent, from the browser's own events. */
const requestsOf = new WeakMap<Page, { pending: Set<Request>; sent: number }>();

/**
 * Counts a page's requests in flight from now on: call it before the page is opened
 * (`watchProblems` and `openScreen` do). Only the page's own http(s) requests count, not the
 * browser's PDF viewer.
 */
export function trackRequests(page: Page): void {
  if (requestsOf.has(page)) return;
  const requests = { pending: new Set<Request>(), sent: 0 };
  const { pending } = requests;
  requestsOf.set(page, requests);
  page.on('request', (r) => {
    const from = r.redirectedFrom();
    if (from) pending.delete(from);
    if (!/^https?:/.test(r.url())) return;
    pending.add(r);
    requests.sent += 1;
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/** Frames the page must draw with no request in flight before it counts as settled. */
const QUIET_FRAMES = 8;

/**
 * How long a page may take to settle: a bound, not a wait. Under load (a CPU-bound process
 * beside two workers) a load took more than the 5 s of `expect`'s default.
 */
const SETTLE_MS = 20_000;

/**
 * Waits until the page has settled: no request in flight or sent for QUIET_FRAMES frames of the page
 * (a module that imports the next, or an answer whose render asks for more, does it within a
 * frame or two); nothing busy; fonts loaded. The quiet is counted in the page's own frames,
 * so a busy machine, whose frames come slower, waits longer by itself. `networkidle` waited
 * half a second of silence after every load, 40 % of the browser suite's time.
 */
export async function settle(page: Page): Promise<void> {
  const requests = requestsOf.get(page);
  if (!requests) throw new Error('settle: the page was not tracked (trackRequests) before it was opened');
  await page.waitForLoadState('load');
  let quiet = 0;
  await expect
    .poll(
      async () => {
        const sent = requests.sent;
        const idle = requests.pending.size === 0;
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        quiet = idle && requests.sent === sent && requests.pending.size === 0 ? quiet + 2 : 0;
        return quiet >= QUIET_FRAMES;
      },
      { intervals: [0], timeout: SETTLE_MS },
    )
    .toBe(true)
    .catch((error: unknown) => {
      const open = [...requests.pending].map((r) => `${r.method()} ${r.url()}`);
      throw new Error(
        `not settled in ${SETTLE_MS} ms; in flight: ${open.join(', ') || 'none, but new ones kept coming'}`,
        {
          cause: error,
        },
      );
    });
  // And what the page embeds (a PDF in its frame) has loaded: a frame's document is not a request of the page's own.
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    await frame.waitForLoadState('load', { timeout: SETTLE_MS }).catch((error: unknown) => {
      throw new Error(
        `the frame of ${frame.url() || 'a page'} did not load in ${SETTLE_MS} ms; a PDF in the browser's viewer needs Chromium, not the headless shell: the test takes viewerPage (tests/e2e/browsers.ts)`,
        { cause: error },
      );
    });
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The checks every screen passes: one h1, a translated title, `<html lang>`, no sideways scrolling, no axe violation. */
export async function auditScreen(
  page: Page,
  options: {
    language: Language;
    titleKey: string;
    titleValues?: Record<string, string>;
    width: number;
    screenshot: string;
  },
) {
  const { language } = options;
  // What the page shows: a page kept hidden under an error screen (app.tsx) is not part of it.
  await expect(page.locator('h1:visible')).toHaveCount(1);
  let name = language.catalog[options.titleKey];
  expect(name, `no ${options.titleKey} in the ${language.lan} catalog`).toBeTruthy();
  for (const [k, v] of Object.entries(options.titleValues ?? {})) name = name?.replace(`{${k}}`, v);
  await expect(page).toHaveTitle(new RegExp(`^${escape(name ?? '')} — `));
  await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
  if (options.width <= 360) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal scrolling at 360 px').toBeLessThanOrEqual(0);
  }
  await checkRequiredMarks(page, language);
  await checkErrorPattern(page);
  const violations = await axeViolations(page);
  await keepScreenshot(page, options.screenshot);
  expect(violations, 'axe violations (WCAG 2.x A and AA)').toEqual([]);
}

/** A required mark (*) is never colour or a symbol alone: the page says in words what it means. */
async function checkRequiredMarks(page: Page, language: Language): Promise<void> {
  if ((await page.locator('[data-required-mark]:visible').count()) === 0) return;
  const text = await page.locator('main:visible').innerText();
  const explained = [language.catalog['common.requiredHint'], language.catalog['apply.instructionRequired']].some(
    (hint) => hint && text.includes(hint),
  );
  expect(explained, 'required marks are explained in words').toBe(true);
}

/**
 * The GOV.UK error pattern, when a form shows errors: the summary has the focus and links to
 * each field; each field says it is invalid and is described by its message; no invalid
 * field is missing from the summary.
 */
async function checkErrorPattern(page: Page): Promise<void> {
  const summary = page.locator('[aria-labelledby="error-summary-title"]:visible');
  if ((await summary.count()) === 0) {
    await expect(
      page.locator('[aria-invalid="true"]:visible'),
      'an invalid field without an error summary',
    ).toHaveCount(0);
    return;
  }
  await expect(summary).toBeFocused();
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const box = document.querySelector('[aria-labelledby="error-summary-title"]');
    const linked = new Set<Element>();
    for (const a of Array.from(box?.querySelectorAll('a') ?? [])) {
      const id = decodeURIComponent((a.getAttribute('href') ?? '').replace(/^#/, ''));
      const field = document.getElementById(id);
      if (!field) {
        found.push(`summary link to #${id}: no such field`);
        continue;
      }
      linked.add(field);
      if (field.getAttribute('aria-invalid') !== 'true') found.push(`#${id} is not aria-invalid`);
      const messages = (field.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((d) => document.getElementById(d)?.textContent?.trim() ?? '');
      if (!messages.some((m) => m && a.textContent?.includes(m)))
        found.push(`#${id} is not described by its message "${a.textContent ?? ''}"`);
    }
    for (const field of Array.from(document.querySelectorAll('[aria-invalid="true"]'))) {
      if (!linked.has(field)) found.push(`#${field.id} is invalid but not in the summary`);
    }
    return found;
  });
  expect(problems, 'the GOV.UK error pattern').toEqual([]);
}

/**
 * Reflow: no sideways scrolling of the page, every control and heading inside the screen and
 * none cut off by its own box. Data tables may scroll inside their own frame (WCAG 1.4.10
 * allows it), so what is inside a scrolling frame is judged by the frame.
 */
export async function checkReflow(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('a, button, input, select, textarea, label, h1, h2, [role="combobox"]'),
    )) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // not shown, or visually hidden for screen readers
      if (el.matches('a[href="#main"]') && document.activeElement !== el) continue; // the skip link waits off screen until focused
      let framed = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrolls(p)) framed = true;
      if (framed) continue;
      const name = `<${el.tagName.toLowerCase()}> ${(el.textContent ?? '').trim().slice(0, 30) || el.id}`;
      if (box.left < -1 || box.right > root.clientWidth + 1)
        found.push(`${name} reaches outside the screen (${Math.round(box.left)}..${Math.round(box.right)})`);
      const field = ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
      if (!field && getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name} is cut off`);
    }
    return found;
  });
  expect(problems, 'reflow').toEqual([]);
}

/** axe-core itself, put in a page once per document. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG A and AA violations of the page, one readable line per rule and node.
 * axe runs in the page itself, put there once per document: @axe-core/playwright's
 * `analyze()` opened a blank page of its own for every run, a second or more each time and a
 * third of the browser suite's time, for what it offers frames of other origins. The
 * portal's pages have no frame of their own; the PDF viewer's are the browser's, not ours.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      }),
    AXE_TAGS,
  );
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`).join('\n')}`,
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Elements whose content is wider than they are, where nothing lets it scroll or cut it on purpose. */
export function widerThanTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clips = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *, header *'))) {
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1 || clips(el)) continue;
      let framed = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (clips(p)) framed = true;
      if (!framed)
        found.push(
          `<${el.tagName.toLowerCase()}> ${(el.textContent ?? '').trim().slice(0, 30)}: ${el.scrollWidth} px in ${el.clientWidth}`,
        );
    }
    return found;
  });
}
