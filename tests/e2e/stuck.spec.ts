import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { endpoints } from '../../contract/endpoints.ts';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import { LANGUAGES, SCREENSHOTS } from './audit.ts';
import { DEMO, base, logInIn, openDashboardLink, pressLogout, sayIn, seeded, workerInCharge } from './journeys.ts';

/**
 * The places where a person got stuck (issue 33), tried as they were found: on a cheap
 * phone (360 x 740) in Amharic, against the real server, with the portal's service worker.
 */
const AM = LANGUAGES[0];
const say = sayIn(AM);
test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lan', 'Am'));
});

/** A catalog text as a pattern matches it literally (labels carry brackets and such). */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the element is wholly inside the window, as the person sees it. */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const size = page.viewportSize();
  return !!box && !!size && box.y >= 0 && box.y + Math.min(box.height, size.height) <= size.height;
}

/** Whether the element is what the person would touch at its centre: nothing (a fixed bar) lies over it. */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!top && (top === el || el.contains(top));
  });
}

test('after Submit the complaint’s tracking code is in sight and focused, a link to its page, with Copy', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${base()}${paths.fileComplaint}`);
  await page.getByLabel(new RegExp(`^${say('field.subject')}`)).fill('በመስኮት 3 ክፍያ ተጠየቅሁ');
  await page.getByLabel(new RegExp(`^${say('field.description')}`)).fill('ሰኞ ዕለት በመስኮት 3 ያለው ሠራተኛ ገንዘብ ጠየቀኝ።');
  const submit = page.getByRole('button', { name: say('fileComplaint.submit') });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();

  const confirmation = page.getByRole('status').filter({ hasText: say('fileComplaint.received') });
  await expect(confirmation).toBeFocused();
  expect(await inView(page, confirmation)).toBe(true);
  await expect(confirmation).toContainText(say('reference.keepCode'));
  const link = confirmation.getByRole('link', { name: /^ACC-/ });
  const code = (await link.textContent()) ?? '';
  await expect(link).toHaveAttribute('href', paths.complaint.href(code));
  await page.screenshot({ path: `${SCREENSHOTS}/issue33-complaint-code-am-phone.png` });

  await confirmation.getByRole('button', { name: say('reference.copyLabel').replace('{code}', code) }).click();
  await expect(confirmation.getByRole('button', { name: say('reference.copied') })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
});

/** The customer's newest case, opened from Case status: its number and its page's address. */
async function openNewestCase(page: Page): Promise<{ number: string; url: string }> {
  await openDashboardLink(page, AM, 'dashboard.caseStatus');
  await page.waitForURL(`**${inDashboard(dashboardPaths.caseStatus)}`);
  const row = page.getByRole('row').nth(1);
  const number = /[A-Z]+-\d{4}-\d{6}/.exec((await row.textContent()) ?? '')?.[0] ?? 'no case number';
  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  // Read whole: its history shows only once the case, its type and its history are read.
  await expect(page.getByRole('heading', { name: say('detail.history') })).toBeVisible();
  return { number, url: page.url() };
}

/** The case's page as read: its number, its history (shown once everything is read), no error. */
async function expectCaseRead(page: Page, number: string, how: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }), how).toContainText(number);
  await expect(page.getByRole('heading', { name: say('detail.history') }), how).toBeVisible();
  await expect(page.getByText(say('errors.unexpected'))).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^ከኢንተርኔት ተቋርጠዋል።/ })).toBeVisible();
}

test('a case opened online reads again offline, reloaded too; a rating that cannot load leaves the case readable', async ({
  page,
  context,
}) => {
  await logInIn(page, AM, DEMO);
  await workerInCharge(page);
  const { number, url } = await openNewestCase(page);

  await context.setOffline(true);
  await page.reload();
  await expectCaseRead(page, number, 'reloaded');
  await page.goBack();
  await page.getByRole('row').nth(1).click();
  await page.waitForURL(url);
  await expectCaseRead(page, number, 'opened again from the list');
  // "As of" in the Ethiopian clock, the international time in brackets.
  await expect(page.getByRole('status').filter({ hasText: /^ከኢንተርኔት ተቋርጠዋል።/ })).toContainText(
    /ከ(ሌሊቱ|ጠዋቱ|ቀኑ|ምሽቱ) \d{1,2}:\d{2} \(\d{2}:\d{2}\)/,
  );
  await page.screenshot({ path: `${SCREENSHOTS}/issue33-case-offline-am-phone.png` });

  // The offline notice keeps its own room: at the end of the page the footer's link is not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerLink = page.getByRole('link', { name: say('a11y.footerLink') });
  expect(await uncovered(footerLink)).toBe(true);
  await page.screenshot({ path: `${SCREENSHOTS}/issue33-offline-bar-end-am-phone.png` });

  // Online again, the rating's call fails: the rest of the case still reads (what it then says: tests/ui).
  await context.setOffline(false);
  await context.route('**/div_rate/get_rating_bycase/**', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await expect(page.getByRole('heading', { name: say('detail.history') })).toBeVisible();
  await expect(page.getByText(say('errors.unexpected'))).toHaveCount(0);
});

test.describe('before the service worker is in charge (a first visit)', () => {
  test.use({ serviceWorkers: 'block' });
  test('a case opened online opens again offline from the list: every read it needs is copied for the session', async ({
    page,
    context,
  }) => {
    await logInIn(page, AM, DEMO);
    const { number, url } = await openNewestCase(page);
    await context.setOffline(true);
    await page.goBack();
    await page.getByRole('row').nth(1).click();
    await page.waitForURL(url);
    await expectCaseRead(page, number, 'opened again from the list');
  });
});

test('what is typed in a case step stays through the session’s expiry, for its own customer, and goes at logout', async ({
  page,
}) => {
  const { cases } = seeded();
  await page.clock.install();
  await logInIn(page, AM, DEMO);
  await page.goto(`${base()}${caseDetailHref(cases.pending.id)}`);
  await page.getByRole('button', { name: say('step.withdraw.open') }).click();
  const reason = 'ቤቱን በሌላ መንገድ አግኝቻለሁ፤ ጉዳዩ አያስፈልገኝም።';
  await page.getByLabel(new RegExp(`^${escape(say('step.withdraw.text'))}`)).fill(reason);

  // The session runs out while the dialog is open: the warning's promise is kept.
  await page.clock.runFor(61 * 60 * 1000);
  await page.waitForURL(`${base()}/`);
  // The page's clock back to the server's, so that the next session is not born expired.
  await page.clock.setSystemTime(Date.now());
  await logInIn(page, AM, DEMO);
  await page.goto(`${base()}${caseDetailHref(cases.pending.id)}`);
  await page.getByRole('button', { name: say('step.withdraw.open') }).click();
  await expect(page.getByLabel(new RegExp(`^${escape(say('step.withdraw.text'))}`))).toHaveValue(reason);
  await page.screenshot({ path: `${SCREENSHOTS}/issue33-step-draft-am-phone.png` });
  await page.getByRole('button', { name: say('common.close') }).click();

  // A logout (asked first: something is being written) leaves nothing of it on the device,
  // also on a slow network (its answer a second late).
  await page.route(`**/api${endpoints.logoutCustomerUser.path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await pressLogout(page, AM);
  await page
    .getByRole('alertdialog', { name: say('session.discardTitle') })
    .getByRole('button', { name: say('session.discardConfirm') })
    .click();
  await page.waitForURL(`${base()}/`);
  // The dashboard is left as soon as the session leaves `active`, before the logout call
  // answers; the tab's storage is cleared when it does (machines/session.machine.ts, `ended`).
  await expect
    .poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('Draft'))))
    .toEqual([]);
});
