import { createHash } from 'node:crypto';
import type { Frame, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { MANUAL_DOWNLOAD_NAME } from '../../contract/limits.ts';
import { PRERENDERED } from '../../src/app/prerendered.ts';
import { test } from './browsers.ts';
import { base, logIn, useEnglish } from './journeys.ts';

/** Every Content-Security-Policy violation the page reports, collected from the start. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/** Chromium's PDF viewer inside the page, once it has loaded a document: its page count. */
async function viewerPages(page: Page): Promise<number> {
  let viewer: Frame | undefined;
  await expect
    .poll(() => (viewer = page.frames().find((f) => f.url().startsWith('chrome-extension://'))) !== undefined, {
      timeout: 15_000,
    })
    .toBe(true);
  return (viewer as Frame)
    .locator('viewer-toolbar:not([loading_])')
    .evaluate((el) => (el as unknown as { docLength: number }).docLength);
}

test('the pages run under their Content-Security-Policy without a single violation', async ({ page }) => {
  const violations = await watchViolations(page);
  // Scripts: the portal's files, and the pre-rendered pages' own inline scripts by their hashes
  // (each page's boot module; the login's two classic ones, ADR 0042); nothing else inline.
  const hashes = new Set<string>();
  let csp = '';
  for (const path of [...PRERENDERED].reverse()) {
    const answer = await page.goto(`${base()}${path}`);
    csp = answer?.headers()['content-security-policy'] ?? '';
    const inline = await page
      .locator('script:not([src]):not([type="application/json"])')
      .evaluateAll((tags) => tags.map((t) => t.textContent ?? ''));
    expect(inline.length, path).toBeGreaterThan(0);
    for (const text of inline) hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  expect(/script-src ([^;]+)/.exec(csp)?.[1]?.split(' ').sort()).toEqual(["'self'", ...hashes].sort());
  expect(csp).toContain("object-src 'none'");
  await expect(page.locator('#root h1')).toBeVisible();
  // The language can be chosen once the boot module has run the page's scripts.
  await useEnglish(page);
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

// The viewer is Chromium's, which the headless shell has not (tests/e2e/browsers.ts).
test('the customer manual shows in Chromium’s PDF viewer under the files’ policy', async ({ viewerPage: page }) => {
  const violations = await watchViolations(page);
  await useEnglish(page);
  await page.goto(`${base()}/manual`);
  expect(await viewerPages(page)).toBeGreaterThan(0);
  expect(await violations()).toEqual([]);
  const res = await page.context().request.get(`${base()}/Media/manual/${MANUAL_DOWNLOAD_NAME}`);
  expect(res.headers()['content-security-policy']).toContain("default-src 'none'");
  // The probe can fail: of the same file framed twice, the sandboxed frame gets no viewer.
  await page.goto(`${base()}/login`);
  await page.evaluate((src) => {
    for (const sandboxed of [true, false]) {
      const frame = document.createElement('iframe');
      if (sandboxed) frame.setAttribute('sandbox', '');
      frame.src = src;
      document.body.append(frame);
    }
  }, `/Media/manual/${MANUAL_DOWNLOAD_NAME}`);
  expect(await viewerPages(page)).toBeGreaterThan(0);
  expect(page.frames().filter((f) => f.url().startsWith('chrome-extension://'))).toHaveLength(1);
});
