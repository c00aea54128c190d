import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { base, chooseMaintenanceRequest, logIn, useEnglish } from './journeys.ts';

const errors: string[] = [];
test.beforeEach(async ({ page }) => {
  errors.length = 0;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // The dropped connection below is logged by Chromium as a failed request: that one is meant.
    if (m.type() === 'error' && !/status of 4\d\d|ERR_CONNECTION_RESET|net::ERR_FAILED/.test(m.text()))
      errors.push(m.text());
  });
  await useEnglish(page);
  await logIn(page);
});
test.afterEach(() => expect(errors, 'errors in the browser console').toEqual([]));

/** How many cases the logged-in customer has, asked of the API with the page's token. */
async function caseCount(page: Page): Promise<number> {
  const token = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
  const res = await page.request.get(`${base()}${API_PREFIX}${endpoints.getAllCases.path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

/** Fills the application form and goes to the confirmation. */
async function fillApplication(page: Page, remark: string): Promise<void> {
  await page.goto(`${base()}/dashboard/cases`);
  await chooseMaintenanceRequest(page);
  await page.getByLabel(/^Remark/).fill(remark);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Check your application' })).toBeVisible();
}

const submitted = (page: Page) => page.getByRole('status').filter({ hasText: /has been submitted/ });

test('the connection drops as the case is sent: nothing typed is lost, and sending again files it once', async ({
  page,
}) => {
  const before = await caseCount(page);
  await fillApplication(page, 'Sent over a bad line.');
  // The server gets the application and creates the case; its answer never reaches the phone.
  let tries = 0;
  await page.route(`**${API_PREFIX}${endpoints.createCase.path}`, async (route) => {
    if (++tries > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be confirmed' })).toBeVisible();
  await expect(page.getByText('Sent over a bad line.')).toBeVisible();
  await expect(page.getByText('Water supply')).toBeVisible();
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(submitted(page)).toBeVisible();
  expect(tries).toBe(2);
  expect(await caseCount(page)).toBe(before + 1);
});

test('a double click on Apply files one case', async ({ page }) => {
  const before = await caseCount(page);
  await fillApplication(page, 'Clicked twice.');
  await page.getByRole('button', { name: 'Apply' }).dblclick();
  await expect(submitted(page)).toBeVisible();
  expect(await caseCount(page)).toBe(before + 1);
});
