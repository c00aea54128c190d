import { expect } from '@playwright/test';
import { API_PREFIX, endpoints, pathOf } from '../../contract/endpoints.ts';
import { caseLinkHref } from '../../contract/linked.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { ELSEWHERE_ATTRIBUTE } from '../../contract/page-route.ts';
import { caseDetailHref, paths } from '../../contract/paths.ts';
import { matches } from '../../contract/route-match.ts';
import { LANGUAGES, axeViolations, keepScreenshot, settle, trackRequests, watchProblems } from './audit.ts';
import { test } from './browsers.ts';
import { fileCase } from './global-setup.ts';
import {
  base,
  holdScripts,
  hydrated,
  mailsTo,
  pressLogout,
  registerCustomer,
  sayIn,
  seeded,
  sendLogin,
} from './journeys.ts';
import { callApi } from './staff.ts';

/**
 * Issue 51, item 1 (ADR 0034): the links people are sent, opened as they open them: on a phone,
 * in a new tab, with no session. A link to a page below /dashboard opens the login, which says
 * which page opens after it (ADR 0040); /dashboard itself goes to / as the spec says, and / says why.
 */
const am = LANGUAGES.find((l) => l.lan === 'Am')!;
const say = sayIn(am);
const words = (key: string, number: string) => say(key).replace('{number}', number);

test.use({ viewport: { width: 360, height: 740 } });

/** A new Amharic-reading customer with a case of their own, and their session's token. */
async function ownCase() {
  const customer = await registerCustomer('Am');
  const { token } = (await (
    await callApi(base(), 'loginCustomerUser', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    })
  ).json()) as { token: string };
  return { customer, token, c: await fileCase(base(), token, seeded().division) };
}

test('a case link from a mail, opened with no session on a phone, opens the login, which says which case it opens, its form in sight; the login opens that case', async ({
  page,
}) => {
  // A customer's own case and the mail it brought them, through the real mailbox: a withdrawal tells the customer.
  const { customer, token, c } = await ownCase();
  const withdraw = await fetch(`${base()}${API_PREFIX}${pathOf('withdrawCase', { id: c._id })}`, {
    method: endpoints.withdrawCase.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({}),
  });
  expect(withdraw.status).toBe(200);
  let link = '';
  await expect
    .poll(
      () => (link = /https?:\/\/\S+\/dashboard\/case\/\S+/.exec(mailsTo(customer.email).at(-1)?.text ?? '')?.[0] ?? ''),
    )
    .not.toBe('');
  // The case's number and its type (ADR 0040: the case page reads them all at once after the login).
  expect(link).toMatch(/\?case=[\w-]+&type=[\w-]+$/);
  expect(link.startsWith(`${base()}${caseDetailHref(c._id)}?case=${c.case_number}&type=`)).toBe(true);

  const problems = watchProblems(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const casePageCode = () => scripts.some((s) => /\/assets\/case-detail-[\w-]+\.js$/.test(s));
  await page.goto(link);
  // Straight to the login (ADR 0040): it says which case opens after it, its form in sight on the phone.
  await page.waitForURL(`**${paths.login}`);
  await settle(page);
  // The page fetched the login's code, not the case page's, which a visitor without a session never sees ...
  expect(casePageCode()).toBe(false);
  await expect(page.getByTestId('linked-notice')).toHaveText(words('linked.afterLogin', c.case_number));
  await expect(page.getByLabel(say('field.email'))).toBeInViewport();
  await expect(page.getByLabel(say('field.email'))).toBeEditable();
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'am-phone-linked-login');
  // ... until the login's form is touched: then the code of the case it opens.
  await page.getByLabel(say('field.email')).focus();
  await expect.poll(casePageCode).toBe(true);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(API_PREFIX)) calls.push(new URL(r.url()).pathname);
  });
  await sendLogin(page, am, customer);
  await page.waitForURL(`**${caseDetailHref(c._id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.case_number);
  // Read whole (its history shows), from the login's answer: the case page made no read of its own.
  await expect(page.locator('main ol')).toBeVisible();
  await settle(page);
  const reads = ['getCaseByNumber', 'getCaseListById', 'getRatingByCase', 'getCaseHistory', 'getCustomerUser'] as const;
  expect(
    calls.filter((path) => reads.some((name) => matches(endpoints[name].path, path.slice(API_PREFIX.length), false))),
  ).toEqual([]);
  expect(calls).toContain(`${API_PREFIX}${endpoints.loginCustomerUser.path}`);

  // A logout goes home by the session's own way: nothing there speaks of a link.
  await pressLogout(page, am);
  await page.waitForURL(`${base()}${paths.home}`);
  await settle(page);
  await expect(page.getByTestId('linked-notice')).toHaveCount(0);
  expect(problems, 'console errors and failed requests').toEqual([]);
});

test("a case link's page is the login itself, in sight and taking typing before its script; what was typed is kept, and the login opens the case (ADR 0042)", async ({
  page,
}) => {
  const { customer, c } = await ownCase();
  const problems = watchProblems(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') sent.push(r.url());
  });
  // A phone still downloading the app's script.
  const release = await holdScripts(page);
  await page.goto(`${base()}${caseLinkHref(c._id, c.case_number)}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('login.title'));
  const email = page.getByLabel(say('field.email'));
  await expect(email).toBeInViewport();
  await expect(email).toBeEditable();
  await email.fill(customer.email);
  await page.getByLabel(say('field.password'), { exact: true }).fill(customer.password);
  // Nothing is sent before the app takes over.
  const submit = page.locator('form').getByRole('button', { name: say('login.submit') });
  await expect(submit).toBeDisabled();
  expect(new URL(page.url()).pathname).toBe(caseDetailHref(c._id));
  expect(sent).toEqual([]);
  const field = await page.evaluateHandle(() => document.getElementById('email'));
  // Where the fields are before the app: the notice naming the case comes in above them later,
  // into room kept for it, so that a tap aimed at a field still lands on it.
  const before = await email.boundingBox();
  release();
  await hydrated(page, '#email');
  // Hydrated as the login (the very field typed into, not a page rendered afresh), the link in
  // its state: it says which case opens, and keeps what was typed.
  expect(await page.evaluate((node) => node === document.getElementById('email'), field)).toBe(true);
  expect(new URL(page.url()).pathname).toBe(paths.login);
  await expect(page.getByTestId('linked-notice')).toHaveText(words('linked.afterLogin', c.case_number));
  expect(await email.boundingBox()).toEqual(before);
  await expect(email).toHaveValue(customer.email);
  await expect(submit).toBeEnabled();
  await submit.click();
  await page.waitForURL(`**${caseDetailHref(c._id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.case_number);
  await settle(page);
  expect(problems, 'console errors (a hydration mismatch among them) and failed requests').toEqual([]);
});

test('a tab with a session that opens a page below the dashboard is never shown the login the server sends there: the page itself shows (ADR 0042)', async ({
  page,
}) => {
  const { customer, c } = await ownCase();
  const problems = watchProblems(page);
  await page.goto(`${base()}${paths.login}`);
  await sendLogin(page, am, customer);
  await page.waitForURL(`**${paths.dashboard}`);
  // The dashboard has fetched what it fetches ahead: leaving it mid-fetch is not this test's business
  // (a CI run failed on the dashboard's prefetch cut short by the next address).
  await settle(page);
  // Whether the login's form is ever in a frame the browser paints.
  await page.addInitScript(() => {
    const look = () => {
      if (document.getElementById('email')?.checkVisibility({ visibilityProperty: true }))
        (window as unknown as { loginSeen: boolean }).loginSeen = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const release = await holdScripts(page);
  const sent = await page.goto(`${base()}${caseDetailHref(c._id)}`, { waitUntil: 'domcontentloaded' });
  // The server sends the login's page at this address, but this tab drops it unseen.
  expect(await sent?.text()).toContain('id="email"');
  await expect(page.locator('#root')).toBeEmpty();
  await expect(page.locator('html')).not.toHaveAttribute(ELSEWHERE_ATTRIBUTE);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.case_number);
  await expect(page.locator('main ol')).toBeVisible();
  await expect(page.locator('#email')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { loginSeen?: boolean }).loginSeen ?? false)).toBe(false);
  await settle(page);
  expect(problems, 'console errors and failed requests').toEqual([]);
});

test('after the login a link led to, Back leaves the case for the page before the link, never a login form to someone logged in', async ({
  page,
}) => {
  const { customer, c } = await ownCase();
  const problems = watchProblems(page);
  await page.goto(`${base()}${paths.home}`);
  await settle(page);
  await page.goto(`${base()}${caseDetailHref(c._id)}?case=${c.case_number}`);
  await page.waitForURL(`**${paths.login}`);
  await settle(page);
  await sendLogin(page, am, customer);
  await page.waitForURL(`**${caseDetailHref(c._id)}`);
  await expect(page.locator('main ol')).toBeVisible();
  await settle(page);
  // The case took the login's place in the tab's history: Back is the landing page, logged in.
  await page.goBack();
  await page.waitForURL(`${base()}${paths.home}`);
  await expect(page.locator('#email')).toHaveCount(0);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY)).not.toBeNull();
  await settle(page);
  expect(problems, 'console errors and failed requests').toEqual([]);
});

test('a link whose case number is not one names no case', async ({ page }) => {
  trackRequests(page);
  // A link whose number is not a case number: the page is still named, the words are not repeated.
  await page.goto(`${base()}${caseDetailHref(seeded().cases.pending.id)}?case=Call%20555-0100`);
  await page.waitForURL(`**${paths.login}`);
  await settle(page);
  await expect(page.getByTestId('linked-notice')).toHaveText(say('linked.afterLoginAny'));
  await expect(page.getByTestId('linked-notice')).not.toContainText('555');
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("/dashboard itself still goes to / (spec section 2), which says why; the bar's Login carries it to the dashboard", async ({
    page,
  }) => {
    const { customer } = await ownCase();
    await page.goto(`${base()}${paths.dashboard}`);
    await page.waitForURL(`${base()}${paths.home}`);
    await expect(page.getByTestId('linked-notice')).toContainText(say('linked.titleAny'));
    await page
      .locator('#main-links')
      .getByRole('link', { name: say('nav.login') })
      .click();
    await page.waitForURL(`**${paths.login}`);
    await expect(page.getByTestId('linked-notice')).toHaveText(say('linked.afterLoginAny'));
    await sendLogin(page, am, customer);
    await page.waitForURL(`**${paths.dashboard}`);
  });
});
