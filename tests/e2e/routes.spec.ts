import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { endpoints } from '../../contract/endpoints.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { paths } from '../../contract/paths.ts';
import type { Language } from './audit.ts';
import {
  LANGUAGES,
  SIZES,
  auditScreen,
  axeViolations,
  checkReflow,
  keepScreenshot,
  settle,
  trackRequests,
  watchProblems,
  widerThanTheirBox,
} from './audit.ts';
import { DEMO } from '../../server/seed/seed.ts';
import { inItsBrowser, test } from './browsers.ts';
import type { Seeded } from './global-setup.ts';
import { base, seeded, seededLong } from './journeys.ts';

interface Screen {
  name: string;
  url: (s: Seeded) => string;
  titleKey: string;
  titleValues?: (s: Seeded) => Record<string, string>;
  /** Dashboard screens need the demo customer's session. */
  auth?: boolean;
  /** Faults the screen is about: answers injected before the page loads. */
  faults?: (page: Page) => Promise<unknown>;
  /** What the visitor does to reach the state (a form sent, say). */
  act?: (page: Page, language: (typeof LANGUAGES)[number]) => Promise<void>;
  /** Request failures the screen provokes on purpose. */
  expected?: RegExp[];
  /** The screen shows a PDF in the browser's own viewer: seen in Chromium, not the headless shell (tests/e2e/browsers.ts). */
  pdf?: true;
}

const apiPath = (name: keyof typeof endpoints) => `**/api${endpoints[name].path.replace(/:[a-zA-Z]+/g, '*')}*`;
const errorBody = (code: string) => ({
  code,
  Message_en: 'Injected fault',
  Message_am: 'Injected fault',
  Message_or: 'x',
  Message_tg: 'x',
  Message_sm: 'x',
  Message_af: 'x',
});
const answer = (page: Page, name: keyof typeof endpoints, status: number) =>
  page.route(apiPath(name), (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      json: errorBody(status === 429 ? 'rate_limited' : 'server_error'),
    }),
  );

/** Every route of spec section 2, every case status, and the error and wait screens of section 8. */
const SCREENS: Screen[] = [
  { name: 'landing', url: () => '/', titleKey: 'landing.title' },
  { name: 'login', url: () => '/login', titleKey: 'login.title' },
  { name: 'register', url: () => '/register', titleKey: 'register.title' },
  { name: 'verify-email', url: () => '/email/verification', titleKey: 'verify.title' },
  { name: 'forgot-password', url: () => '/forgotpassword', titleKey: 'forgot.title' },
  { name: 'reset-password', url: (s) => `/reset_password/${s.customerId}/not-a-real-token`, titleKey: 'reset.title' },
  { name: 'check-status', url: () => '/checkstatus', titleKey: 'lookup.title' },
  { name: 'accusation', url: () => '/makeaccusation', titleKey: 'fileComplaint.title' },
  { name: 'manual', url: () => '/manual', titleKey: 'manual.title', pdf: true },
  {
    // Reached as a visitor finds it: from the footer.
    name: 'accessibility',
    url: () => '/',
    titleKey: 'a11y.title',
    act: async (page, language) => {
      await page.getByRole('contentinfo').getByRole('link', { name: language.catalog['a11y.footerLink'] }).click();
      await page.waitForURL('**/accessibility');
    },
  },
  { name: 'print', url: (s) => `/print/${s.cases.verified.id}`, titleKey: 'print.title', pdf: true },
  {
    // A complaint followed by its code: the code whole in the title, inside its card (issue 51).
    name: 'complaint',
    url: () => paths.complaint.href(DEMO.complaint),
    titleKey: 'complaint.title',
    titleValues: () => ({ code: DEMO.complaint }),
  },
  { name: 'division', url: (s) => `/division/${s.division}`, titleKey: 'division.directorates' },
  { name: 'dashboard', url: () => '/dashboard', titleKey: 'dashboard.home', auth: true },
  { name: 'apply', url: () => '/dashboard/cases', titleKey: 'apply.title', auth: true },
  {
    name: 'case-list',
    url: () => '/dashboard/casestatus',
    titleKey: 'cases.title',
    auth: true,
    act: async (page, language) => {
      // A status is a word, whatever its colour: any status's word, whichever cases this run has filed or withdrawn.
      const words = Object.entries(language.catalog)
        .filter(([k]) => k.startsWith('status.'))
        .map(([, word]) => word);
      const cells = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) expect(words).toContain(cell.trim());
    },
  },
  ...(['pending', 'ongoing', 'responded', 'verified', 'rejected'] as const).map((status): Screen => ({
    name: `case-${status}`,
    url: (s) => `/dashboard/case/${s.cases[status].id}`,
    titleKey: 'detail.title',
    titleValues: (s) => ({ number: s.cases[status].number }),
    auth: true,
    pdf: true,
  })),
  { name: 'profile', url: () => '/dashboard/settings', titleKey: 'profile.title', auth: true },
  { name: 'dashboard-manual', url: () => '/dashboard/manual', titleKey: 'manual.title', auth: true, pdf: true },
  // Forms sent with errors: the error summary and the fields (the GOV.UK pattern).
  ...(
    [
      ['register', '/register', 'register.title', 'register.submit'],
      ['accusation', '/makeaccusation', 'fileComplaint.title', 'fileComplaint.submit'],
      ['check-status', '/checkstatus', 'lookup.title', 'lookup.submit'],
    ] as const
  ).map(([name, url, titleKey, submit]): Screen => ({
    name: `${name}-errors`,
    url: () => url,
    titleKey,
    act: async (page, language) => {
      await page.locator('main form').getByRole('button', { name: language.catalog[submit] }).click();
      await expect(page.locator('[aria-labelledby="error-summary-title"]')).toBeVisible();
    },
  })),
  {
    name: 'apply-errors',
    url: () => '/dashboard/cases',
    titleKey: 'apply.title',
    auth: true,
    act: async (page, language) => {
      await page.locator('main form').getByRole('button', { name: language.catalog['apply.apply'] }).click();
      await expect(page.locator('[aria-labelledby="error-summary-title"]')).toBeVisible();
    },
  },
  {
    name: 'reset-password-errors',
    url: (s) => `/reset_password/${s.customerId}/not-a-real-token`,
    titleKey: 'reset.title',
    act: async (page, language) => {
      await page.locator('#password').fill('new-password-1');
      await page.locator('#retype').fill('new-password-2');
      await page.locator('main form').getByRole('button', { name: language.catalog['reset.submit'] }).click();
      await expect(page.locator('[aria-labelledby="error-summary-title"]')).toBeVisible();
    },
  },
  { name: 'not-found', url: () => '/no-such-page', titleKey: 'notFound.title' },
  { name: 'dashboard-not-found', url: () => '/dashboard/no-such-page', titleKey: 'notFound.title', auth: true },
  {
    // A screen's code that cannot be loaded (a dropped connection, a stale tab after a deploy).
    name: 'router-fallback',
    url: () => '/checkstatus',
    titleKey: 'fallback.title',
    faults: (page) => page.route('**/assets/check-status-*.js', (route) => route.abort()),
    expected: [
      /check-status-.*\.js failed/,
      /Failed to fetch dynamically imported module/,
      /Failed to load resource: net::ERR_FAILED/,
    ],
  },
  {
    name: 'server-error',
    url: (s) => `/print/${s.cases.verified.id}`,
    titleKey: 'serverError.title',
    faults: (page) => answer(page, 'printCase', 500),
    expected: [/print_case.* answered 500/],
  },
  {
    name: 'connection-lost',
    url: () => '/forgotpassword',
    titleKey: 'connectionLost.title',
    faults: (page) => answer(page, 'forgotCustomerUser', 500),
    act: async (page, language) => {
      await page.locator('input[type="email"]').fill('someone@example.et');
      await page.getByRole('button', { name: language.catalog['forgot.submit'] }).click();
      await expect(page.getByRole('heading', { name: language.catalog['connectionLost.title'] })).toBeVisible();
    },
    expected: [/forgot_customer_user answered 500/],
  },
  {
    name: 'landing-wait',
    url: () => '/',
    titleKey: 'landing.title',
    faults: (page) => answer(page, 'getAllDivisions', 429),
    expected: [/get_all_divisions answered 429/],
  },
  {
    name: 'login-wait',
    url: () => '/login',
    titleKey: 'login.title',
    faults: (page) => answer(page, 'loginCustomerUser', 429),
    act: async (page, language) => {
      await page.locator('input[type="email"]').fill('someone@example.et');
      await page.locator('input[type="password"]').fill('some-password');
      await page.locator('form').getByRole('button', { name: language.catalog['login.submit'] }).click();
      await expect(page.getByText(language.catalog['wait.message'] ?? '').first()).toBeVisible();
      // Said once, politely; the seconds left are on the page but in no live region.
      await expect(page.getByTestId('lockout-announcer')).toHaveText(language.catalog['wait.message'] ?? '');
      await expect(page.getByTestId('lockout-announcer')).toHaveAttribute('aria-live', 'polite');
      const seconds = page.locator('main').getByText(/1[5-8]\d/);
      await expect(seconds).toBeVisible();
      expect(
        await seconds.evaluate((el) => !!el.closest('[aria-live], [role="status"], [role="alert"], [role="timer"]')),
      ).toBe(false);
    },
    expected: [/login_customer_user answered 429/],
  },
];

// Every test opens its screen afresh, on this worker's own server: they share out between the workers.
test.describe.configure({ mode: 'parallel' });

test('the audit finds violations where there are some (axe is wired with the WCAG rules)', async ({ page }) => {
  await page.setContent(
    '<html><head><title>t</title></head><body><main><img src="data:,"><button></button><input></main></body></html>',
  );
  const found = (await axeViolations(page)).map((v) => v.split(' ')[0]);
  expect(found).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'label', 'html-has-lang']));
});

test('settle waits for a request the page sends frames after it loads, and refuses a page it did not track', async ({
  page,
  context,
}) => {
  trackRequests(page);
  let answered = false;
  await page.route('**/settle-probe', async (route) => {
    // The server answers slowly: settle must wait for the answer, not for a quiet moment before the call.
    await new Promise((resolve) => setTimeout(resolve, 300));
    answered = true;
    await route.fulfill({ status: 200, body: 'ok' });
  });
  await page.goto(`${base()}/accessibility`);
  await settle(page);
  await page.evaluate(() => {
    requestAnimationFrame(() => requestAnimationFrame(() => void fetch('/settle-probe')));
  });
  await settle(page);
  expect(answered).toBe(true);
  await expect(settle(await context.newPage())).rejects.toThrow(/not tracked/);
});

/** Opens a screen as its visitor would: language chosen, session if needed, faults injected, then what they do. */
async function openScreen(
  page: Page,
  screen: Screen,
  language: Language,
  data: Seeded = seeded(),
  signedIn = screen.auth,
): Promise<void> {
  trackRequests(page);
  await page.addInitScript(
    ({ lan, token, email, key }) => {
      // The top document only: embedded PDFs and frames have their own storage rules.
      if (window !== window.top) return;
      localStorage.setItem('lan', lan);
      if (token) sessionStorage.setItem(key, token);
      // The code entry screen is reached from registration, which leaves the email in history and the flag on.
      if (location.pathname === '/email/verification') {
        sessionStorage.setItem('otpScreen', 'on');
        history.replaceState({ email }, '');
      }
    },
    {
      lan: language.lan,
      token: signedIn ? data.token : '',
      email: 'new-customer@example.et',
      key: SESSION_STORAGE_KEY,
    },
  );
  await screen.faults?.(page);
  await page.goto(`${base()}${screen.url(data)}`);
  await settle(page);
  await screen.act?.(page, language);
  await settle(page);
}

/**
 * WCAG 1.4.4 and 1.4.10: text made twice as large (the browser's own text size, on a laptop)
 * and a zoom of 400% (a 1280 px window seen 320 px wide) lose no content and no control.
 */
const ZOOMS = [
  { name: 'text 200%', viewport: { width: 1366, height: 768 }, fontSize: 32 },
  { name: 'zoom 400%', viewport: { width: 320, height: 256 }, fontSize: 16 },
] as const;

/** The browser's own text size (Chromium's setting, as a person sets it), applied to the open page. */
async function textSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round(px * 0.8) } });
  await cdp.detach();
  await expect
    .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize)), {
      message: 'the browser text size reaches the page',
    })
    .toBe(px);
}

/**
 * Each screen is opened once per language, as its visitor opens it, and then seen as each
 * visitor sees it: the window resized to a cheap phone and a laptop (the audit at each), then
 * zoomed to 400% and with text at 200% (reflow at each). Resizing a page is what a phone
 * turned sideways or a window dragged does: the layout follows from the width alone.
 */
for (const language of LANGUAGES) {
  test.describe(`${language.lan}`, () => {
    test.use({ viewport: { width: SIZES[0].width, height: SIZES[0].height } });
    for (const screen of SCREENS) {
      test(
        screen.name,
        inItsBrowser(screen.pdf, async (page) => {
          const problems = watchProblems(page, screen.expected);
          await openScreen(page, screen, language);
          for (const size of SIZES) {
            await page.setViewportSize({ width: size.width, height: size.height });
            await settle(page);
            await auditScreen(page, {
              language,
              titleKey: screen.titleKey,
              width: size.width,
              screenshot: `${language.lan.toLowerCase()}-${size.name}-${screen.name}`,
              ...(screen.titleValues ? { titleValues: screen.titleValues(seeded()) } : {}),
            });
          }
          for (const zoom of ZOOMS) {
            await page.setViewportSize(zoom.viewport);
            await textSize(page, zoom.fontSize);
            await settle(page);
            await checkReflow(page);
            await keepScreenshot(page, `${language.lan.toLowerCase()}-${zoom.name.replace(/\W+/g, '')}-${screen.name}`);
          }
          expect(problems, 'console errors and failed requests').toEqual([]);
        }),
      );
    }
  });
}

/**
 * Issue 23: the same audit once more, signed in (check status too, its bar open) as a customer whose every free text (names,
 * woreda, house number, remark, answers) is at its limit with no space, Ethiopic and Latin.
 * Besides the audit's own checks, no element may be wider than its box (outside a box that
 * scrolls on purpose, such as a table's or a PDF's). Seen at each size in turn, the narrowest
 * phone the portal serves (320 px) first, where a long word has least room.
 */
for (const language of LANGUAGES) {
  test.describe(`${language.lan}, values at their limits`, () => {
    const sizes = [{ name: 'small-phone', width: 320, height: 640 }, ...SIZES];
    test.use({ viewport: { width: sizes[0]!.width, height: sizes[0]!.height } });
    for (const screen of SCREENS.filter((s) => s.auth || ['print', 'check-status', 'complaint'].includes(s.name))) {
      test(
        screen.name,
        inItsBrowser(screen.pdf, async (page) => {
          const problems = watchProblems(page, screen.expected);
          // A public page is seen signed in: the bar names the customer on its way back.
          await openScreen(page, screen, language, seededLong(), screen.auth || screen.name === 'check-status');
          for (const size of sizes) {
            await page.setViewportSize({ width: size.width, height: size.height });
            await settle(page);
            if (screen.name === 'check-status') {
              // On a phone the bar's links are behind its Menu button: opened, the name is in view.
              const menu = page.locator('button[aria-controls="main-links"]');
              if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
              await expect(page.locator(`#main-links a[href="${paths.dashboard}"] [title]`)).toBeVisible();
            }
            await auditScreen(page, {
              language,
              titleKey: screen.titleKey,
              width: size.width,
              screenshot: `long-${language.lan.toLowerCase()}-${size.name}-${screen.name}`,
              ...(screen.titleValues ? { titleValues: screen.titleValues(seededLong()) } : {}),
            });
            expect(await widerThanTheirBox(page), `elements wider than their box at ${size.width} px`).toEqual([]);
          }
          expect(problems, 'console errors and failed requests').toEqual([]);
        }),
      );
    }
  });
}

/** Issue 49: the server-error page's Try again, in a real browser: the page that failed loads again. */
test("the server-error page's Try again loads again the page whose call failed", async ({ page }) => {
  const language = LANGUAGES.find((l) => l.lan === 'En')!;
  await page.addInitScript(() => localStorage.setItem('lan', 'En'));
  let failures = 1;
  await page.route(apiPath('printCase'), (route) =>
    failures-- > 0
      ? route.fulfill({ status: 500, contentType: 'application/json', json: errorBody('server_error') })
      : route.continue(),
  );
  await page.goto(`${base()}/print/${seeded().cases.verified.id}`);
  const error = page.getByRole('heading', { level: 1, name: language.catalog['serverError.title'] });
  await expect(error).toBeVisible();
  await page.getByRole('button', { name: language.catalog['common.retry'] }).click();
  await expect(error).toHaveCount(0);
  await expect(page.locator('h1:visible')).toHaveCount(1);
  // The printable case, its PDF linked: what the failed call was for.
  await expect(page.locator('main a[href*="/Media/print-"]').first()).toBeVisible();
  expect(failures).toBeLessThan(0); // The print call was made again.
});

/** Issue 51: the print is saved under its case's number, not the random name it is stored under. */
test('the print is saved under its case number', async ({ page }) => {
  // On a phone, where the PDF is offered to save rather than framed (a frame's PDF would be a download of its own here).
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => localStorage.setItem('lan', 'En'));
  await page.goto(`${base()}/print/${seeded().cases.verified.id}`);
  const save = page.getByRole('link', { name: /^Save the PDF/ });
  await expect(save).toBeVisible();
  // At 360 px its label wraps between words, never inside one (it was set letter by letter).
  const broken = await save.evaluate((link) => {
    const words: string[] = [];
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) words.push(match[0]);
      }
    return words;
  });
  expect(broken).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
  expect(download.suggestedFilename()).toBe(`${seeded().cases.verified.number}.pdf`);
});
