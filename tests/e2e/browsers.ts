import type { Browser, Page } from '@playwright/test';
import { test as base } from '@playwright/test';
import { CHROMIUM, HEADLESS_SHELL } from '../../scripts/chromium.ts';

export { CHROMIUM, HEADLESS_SHELL } from '../../scripts/chromium.ts';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser of the suite: the headless shell. */
export const LAUNCH = { executablePath: HEADLESS_SHELL, args };

/**
 * The tests of a page that shows a PDF in the browser's own viewer, which the headless shell
 * has not (it takes the file for a download, and the frame never loads), take `viewerPage`
 * instead of `page`: a page of Chromium, launched once per worker when a test first asks for
 * it, in a context with the same options as `page`'s.
 */
export const test = base.extend<{ viewerPage: Page }, { viewerBrowser: Browser }>({
  viewerBrowser: [
    async ({ playwright, browser }, use) => {
      if (HEADLESS_SHELL === CHROMIUM) return use(browser);
      const chromium = await playwright.chromium.launch({ executablePath: CHROMIUM, args });
      await use(chromium);
      await chromium.close();
    },
    { scope: 'worker' },
  ],
  viewerPage: async ({ viewerBrowser, viewport, locale, serviceWorkers, baseURL }, use) => {
    const context = await viewerBrowser.newContext({ viewport, locale, serviceWorkers, baseURL });
    await use(await context.newPage());
    await context.close();
  },
});

/** A test's body, given the page it is seen in: `viewerPage` for a page with a PDF in the browser's viewer, `page` otherwise. */
export const inItsBrowser = (pdf: boolean | undefined, body: (page: Page) => Promise<void>) =>
  pdf
    ? async ({ viewerPage }: { viewerPage: Page }) => body(viewerPage)
    : async ({ page }: { page: Page }) => body(page);
