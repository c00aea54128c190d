import { readdirSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { LAUNCH } from './tests/e2e/browsers.ts';

/**
 * `E2E_ORDER=reverse`: the spec files one after the other, last first, in one worker and on
 * one stack, so that a file relying on what an earlier one left fails (docs/testing.md).
 */
const reverse = process.env.E2E_ORDER === 'reverse';
const specs = readdirSync(new URL('tests/e2e', import.meta.url))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort()
  .reverse();

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Playwright runs files in their name's order; projects run in the order of their dependencies.
  ...(reverse && {
    projects: specs.map((file, i) => ({
      name: file,
      testMatch: file,
      ...(i > 0 && { dependencies: [specs[i - 1] as string] }),
    })),
  }),
  globalSetup: './tests/e2e/global-setup.ts',
  // Two workers, each with its own server, data, mailbox and SMSC (tests/e2e/global-setup.ts):
  // a file runs in one worker, in order; the screen audit's tests are shared out between both.
  fullyParallel: false,
  workers: reverse ? 1 : 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: 'test-output/e2e',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-GB',
    // page.route cannot see what a service worker answers: the portal's worker is let in only
    // where a test is about it (tests/e2e/offline.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // Debian's chromium-headless-shell; the tests of a PDF in the browser's viewer, Chromium (tests/e2e/browsers.ts).
    launchOptions: LAUNCH,
  },
});
