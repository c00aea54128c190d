import { expect, test } from '@playwright/test';
import { API_PREFIX, endpoints, pathOf } from '../../contract/endpoints.ts';
import { LOCKOUT_SECONDS } from '../../contract/limits.ts';
import { LANGUAGES, axeViolations } from './audit.ts';
import {
  base,
  chooseMaintenanceRequest,
  logIn,
  openDashboardLink,
  registerCustomer,
  inEnglishWithoutConsoleErrors,
} from './journeys.ts';

/** The session's end and the account's lockout, as the customer meets them in the browser. */
inEnglishWithoutConsoleErrors();

test('lockout: after the server answers 429 the button is replaced for 180 s or the server’s Retry-After if longer, said in minutes, then comes back', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(`${base()}/login`);
  await page.getByLabel('Email').fill('nobody-locked@example.et');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  const button = page.locator('form').getByRole('button', { name: 'Login' });
  // Five failures lock the account on the server; the sixth try answers 429. (Each click waits
  // for the button to read "Login" again: while a try is out it reads "Sending…".)
  const statuses: number[] = [];
  let retryAfter = 0;
  for (let i = 0; i < 6; i++) {
    const answer = page.waitForResponse((r) => r.url().includes('login_customer_user'));
    await button.click();
    const response = await answer;
    statuses.push(response.status());
    retryAfter = Number(response.headers()['retry-after'] ?? 0);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  // The server's window of a locked account is longer than the spec's 3 minutes: waited out (ADR 0005).
  const wait = Math.max(LOCKOUT_SECONDS, retryAfter);
  expect(wait).toBeGreaterThan(LOCKOUT_SECONDS);
  await expect(
    page.locator('main').getByText(`Please wait ${Math.ceil(wait / 60)} minutes before retrying.`),
  ).toBeVisible();
  // A long wait counts down in minutes; within the spec's 3 minutes, in seconds.
  await expect(page.getByText(`${Math.ceil(wait / 60)} minutes left`)).toBeVisible();
  await page.clock.runFor((wait - LOCKOUT_SECONDS + 10) * 1000);
  // The installed clock also runs at its natural pace: on a busy machine one more real second
  // may have passed since the line above.
  await expect(
    page.getByText(new RegExp(`(${LOCKOUT_SECONDS - 11}|${LOCKOUT_SECONDS - 10}) seconds left`)),
  ).toBeVisible();
  await page.clock.runFor((LOCKOUT_SECONDS - 10) * 1000);
  await expect(button).toBeVisible();
  // The end is said once, politely, in the toast region.
  const toasts = page.getByRole('status', { name: 'Notifications' });
  await expect(toasts).toContainText('The wait is over: you can try again now.');
  // Over the page's end, never over its header (the logo, the menu, the language select: issue 51).
  const [shown, header] = await Promise.all([toasts.boundingBox(), page.locator('header').first().boundingBox()]);
  expect(shown!.y).toBeGreaterThan(header!.y + header!.height);
});

test('two minutes before expiry a dialog warns; staying renews the token (the old one stops working); logging out from it ends the session', async ({
  page,
}) => {
  await page.clock.install();
  await logIn(page);
  await page.goto(`${base()}/dashboard/settings`);
  await expect(page.getByText('demo@housing.example.et')).toBeVisible();
  const first = await page.evaluate(() => sessionStorage.getItem('tID'));
  await page.clock.runFor(58 * 60 * 1000 + 1000);
  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('logged out in 2 minutes');
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  const renewed = page.waitForResponse((r) => r.url().includes('/renew_session'));
  await page.keyboard.press('Enter');
  expect((await renewed).status()).toBe(200);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('tID'))).not.toBe(first);
  const oldTokenStatus = await page.evaluate(
    async (token) =>
      (await fetch('/api/customer_user_api/logout_customer_user', { headers: { authorization: `Bearer ${token}` } }))
        .status,
    first,
  );
  expect(oldTokenStatus).toBe(401);
  // The browser's clock is 58 minutes ahead of the server's here, so the new token's warning
  // is due at once: it offers to log out, which ends the session.
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${base()}/`);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('tID'))).toBeNull();
});

test('after "Stay signed in" the focus is back where the customer was (issue 51)', async ({ page }) => {
  await page.clock.install();
  await logIn(page);
  await page.goto(`${base()}/dashboard/settings`);
  const where = page.getByRole('checkbox').first();
  await where.focus();
  await page.clock.runFor(58 * 60 * 1000 + 1000);
  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  // The browser's clock back to the server's, so that the renewed token's warning is 58 minutes away.
  await page.clock.setSystemTime(Date.now());
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(where).toBeFocused();
});

test('session expiry on a dashboard page logs out: storage cleared, back to /', async ({ page }) => {
  await page.clock.install();
  await logIn(page);
  await page.goto(`${base()}/dashboard/settings`);
  await expect(page.getByText('demo@housing.example.et')).toBeVisible();
  await page.clock.runFor(61 * 60 * 1000);
  await page.waitForURL(`${base()}/`);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('tID'))).toBeNull();
});

test('a session ended elsewhere ends here at the next call; the application being written waits for its customer; a logout asks before discarding it', async ({
  page,
}) => {
  const english = LANGUAGES[1];
  const customer = await registerCustomer();
  await logIn(page, customer.email, customer.password);
  await openDashboardLink(page, english, 'dashboard.apply');
  await chooseMaintenanceRequest(page);
  // The same session ended from another tab (a duplicated tab shares it): the server forgets it.
  const token = await page.evaluate(() => sessionStorage.getItem('tID'));
  const ended = await fetch(`${base()}${API_PREFIX}${pathOf('logoutCustomerUser')}`, {
    method: endpoints.logoutCustomerUser.method,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ended.status).toBe(200);
  // The next call is refused: the session ends here as at expiry, and says so.
  await openDashboardLink(page, english, 'dashboard.caseStatus');
  await page.waitForURL(`${base()}/`);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('tID'))).toBeNull();

  // Back in: the application is as it was left.
  await logIn(page, customer.email, customer.password);
  await openDashboardLink(page, english, 'dashboard.apply');
  await expect(page.getByLabel(/^Describe the problem/)).toHaveValue('No water since Monday.');

  // A logout now would discard it: asked first; staying keeps it.
  await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Log out and discard what you are writing?' });
  await expect(question).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Stay and keep writing' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByLabel(/^Describe the problem/)).toHaveValue('No water since Monday.');
  await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
  await question.getByRole('button', { name: 'Log out and discard' }).click();
  await page.waitForURL(`${base()}/`);
  await expect
    .poll(() => page.evaluate(() => [sessionStorage.getItem('tID'), sessionStorage.getItem('applyDraft')]))
    .toEqual([null, null]);
});
