import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
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
 * Everything that goes wrong in the browser while a page is visited: console errors, page
 * errors, requests that fail or answer an error. `expected` lists the failures a test
 * provokes on purpose (a 500 it injects, say).
 */
export function watchProblems(page: Page, expected: RegExp[] = []): string[] {
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
  page.on('requestfailed', (r) => {
    if (browsers(r)) return;
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

/** Waits until the page has settled: no request in flight, nothing busy, fonts loaded. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
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
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toBeVisible();
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
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${options.screenshot}.png`), fullPage: true });
  expect(violations, 'axe violations (WCAG 2.x A and AA)').toEqual([]);
}

/** A required mark (*) is never colour or a symbol alone: the page says in words what it means. */
async function checkRequiredMarks(page: Page, language: Language): Promise<void> {
  if ((await page.locator('[data-required-mark]').count()) === 0) return;
  const text = await page.locator('main').innerText();
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
  const summary = page.locator('[aria-labelledby="error-summary-title"]');
  if ((await summary.count()) === 0) {
    await expect(page.locator('[aria-invalid="true"]'), 'an invalid field without an error summary').toHaveCount(0);
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

/** axe-core's WCAG A and AA violations of the page, one readable line per rule and node. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
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
