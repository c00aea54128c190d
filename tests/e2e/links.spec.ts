import { expect } from '@playwright/test';
import { API_PREFIX, endpoints, pathOf } from '../../contract/endpoints.ts';
import { caseDetailHref, paths } from '../../contract/paths.ts';
import { matches } from '../../src/app/route-match.ts';
import { LANGUAGES, axeViolations, keepScreenshot, settle, trackRequests, watchProblems } from './audit.ts';
import { test } from './browsers.ts';
import { fileCase } from './global-setup.ts';
import { base, mailsTo, pressLogout, registerCustomer, sayIn, seeded, sendLogin } from './journeys.ts';
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
