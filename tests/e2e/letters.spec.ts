import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import { base, chooseMaintenanceRequest, logIn, useEnglish, workerInCharge } from './journeys.ts';

/**
 * Written without a connection (issue 20): an application or a complaint is kept on the
 * device (src/letters), survives a reload, is sent once when the connection returns, and
 * nothing of a customer stays after their logout. The customer's own pages read offline
 * from the session's copies, "as of" their time. With the portal's service worker.
 */
test.use({ serviceWorkers: 'allow' });

/** Every answer to a filing call, from the page or from its service worker. */
function answersTo(context: BrowserContext, call: string): { status: number; body: Promise<unknown> }[] {
  const seen: { status: number; body: Promise<unknown> }[] = [];
  context.on('response', (response) => {
    if (response.url().includes(call) && response.request().method() === 'POST')
      seen.push({ status: response.status(), body: response.json().catch(() => null) });
  });
  return seen;
}

/** The kept letters, as IndexedDB has them. */
const keptLetters = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ kind: string; state: string; token: string | null }[]>((resolve, reject) => {
        const open = indexedDB.open('portal-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('letters')) return resolve([]);
          const all = db.transaction('letters').objectStore('letters').getAll();
          all.onsuccess = () => resolve(all.result as never);
          all.onerror = () => reject(all.error);
        };
      }),
  );

/** The apply form filled and confirmed online, then sent without a connection: kept on the device. */
async function applyOffline(page: Page, context: BrowserContext, remark: string): Promise<void> {
  await page.goto(`${base()}${inDashboard(dashboardPaths.apply)}`);
  await chooseMaintenanceRequest(page);
  await page.getByLabel(/^Remark/).fill(remark);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Check your application' })).toBeFocused();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your application is kept on this device' })).toBeVisible();
}

/** The complaint form opened online (the worker in charge), then sent without a connection: kept on the device. */
async function complainOffline(
  page: Page,
  context: BrowserContext,
  subject: string,
  description: string,
): Promise<void> {
  await page.goto(`${base()}${paths.fileComplaint}`);
  await workerInCharge(page);
  await context.setOffline(true);
  await page.getByLabel(/^Subject/).fill(subject);
  await page.getByLabel(/^Description/).fill(description);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your complaint is kept on this device' })).toBeVisible();
}

test.beforeEach(async ({ page }) => useEnglish(page));

test('a complaint written offline is kept, survives a reload, and is filed once when the connection returns', async ({
  page,
  context,
}) => {
  const subject = `Kept offline ${Date.now()}`;
  const answers = answersTo(context, 'create_accusation');
  await complainOffline(page, context, subject, 'The queue at window 2 did not move all morning.');
  const kept = page.getByRole('region', { name: 'Kept on this device' });
  await expect(kept.getByRole('listitem')).toHaveText(new RegExp(`^${subject}: waiting to be sent`));
  // The form is cleared, as after a success.
  await expect(page.getByLabel(/^Subject/)).toHaveValue('');

  await page.reload();
  await expect(kept.getByRole('listitem')).toHaveText(new RegExp(`^${subject}: waiting to be sent`));
  expect(answers).toHaveLength(0);

  await context.setOffline(false);
  await expect(kept.getByRole('listitem')).toContainText(`${subject}: sent. Tracking code: ACC-`);
  const code = /ACC-[A-Z0-9]{13}/.exec((await kept.getByRole('listitem').textContent()) ?? '')?.[0] ?? '';
  expect(code).not.toBe('');
  // However many tries reached the server (the page's, the worker's), they were one complaint.
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer.status).toBe(201);
    expect(((await answer.body) as { tracking_code: string }).tracking_code).toBe(code);
  }
  // Its code shown, it has left the device (a shared computer keeps no tracking code); the page shows it until dismissed.
  await expect.poll(() => keptLetters(page)).toEqual([]);
  await kept.getByRole('button', { name: `Dismiss: ${subject}` }).click();
  await expect(kept).toBeHidden();
  await page.goto(`${base()}${paths.complaint.href(code)}`);
  await expect(page.getByText(code).first()).toBeVisible();
});

test('a complaint kept offline shows only in the browser session it was written in; once sent it leaves the device, though its tab is gone', async ({
  page,
  context,
}) => {
  const subject = `Shared computer ${Date.now()}`;
  const answers = answersTo(context, 'create_accusation');
  await complainOffline(page, context, subject, 'Written at the café before the connection dropped.');

  // The next person at the computer, in a new tab (a browser session of its own), still offline.
  const next = await context.newPage();
  await next.goto(`${base()}${paths.fileComplaint}`);
  await expect(next.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await keptLetters(next)).map((l) => l.state)).toEqual(['waiting']);
  await expect(next.getByText(subject)).toHaveCount(0);

  // The writer's tab is closed; the connection returns: the complaint is filed, and gone from the device though nobody here saw its code.
  await page.close();
  await context.setOffline(false);
  await expect.poll(() => keptLetters(next)).toEqual([]);
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) expect(answer.status).toBe(201);
  await expect(next.getByText(subject)).toHaveCount(0);
});

test('an application written offline survives a reload and is sent once when the connection returns; one case, in the list', async ({
  page,
  context,
}) => {
  const answers = answersTo(context, 'create_case');
  await logIn(page);
  await workerInCharge(page);
  await applyOffline(page, context, 'Written on the bus, without a connection.');
  const kept = page.getByRole('region', { name: 'Kept on this device' });
  await expect(kept.getByRole('listitem')).toHaveText(/^Rental house maintenance request: waiting to be sent/);

  // A reload without a connection: the page comes from the worker, the letter from the device.
  await page.reload();
  await expect(kept.getByRole('listitem')).toHaveText(/^Rental house maintenance request: waiting to be sent/);
  expect(answers).toHaveLength(0);

  await context.setOffline(false);
  await expect(kept.getByRole('listitem')).toContainText('Rental house maintenance request: sent. Case number: HDAB-');
  const number = /HDAB-\d{4}-\d{6}/.exec((await kept.getByRole('listitem').textContent()) ?? '')?.[0] ?? '';
  for (const answer of answers)
    expect(((await answer.body) as { case: { case_number: string } }).case.case_number).toBe(number);
  await page.goto(`${base()}${inDashboard(dashboardPaths.caseStatus)}`);
  await expect(page.getByRole('row').filter({ hasText: number })).toHaveCount(1);
});

test('an application kept offline waits through its session’s expiry for its own customer, and goes at their next login', async ({
  page,
  context,
}) => {
  await page.clock.install();
  const answers = answersTo(context, 'create_case');
  await logIn(page);
  await workerInCharge(page);
  await applyOffline(page, context, 'Kept while the session ran out.');

  await page.clock.runFor(61 * 60 * 1000);
  await page.waitForURL(`${base()}/`);
  // Still theirs, but with no token: nothing can send it for anyone else.
  await expect
    .poll(async () => (await keptLetters(page)).map((l) => [l.kind, l.state, l.token]))
    .toEqual([['application', 'waiting', null]]);

  // The page's clock back to the server's, so that the next token is not already past its time there.
  await page.clock.setSystemTime(new Date());
  await context.setOffline(false);
  await logIn(page);
  const kept = page.getByRole('region', { name: 'Kept on this device' });
  await expect(kept.getByRole('listitem')).toContainText('Rental house maintenance request: sent. Case number: HDAB-');
  expect(answers.length).toBeGreaterThan(0);
});

test('offline, the customer’s cases read from the session’s copies "as of" their time; after logout nothing of theirs is left', async ({
  page,
  context,
}) => {
  await logIn(page);
  await workerInCharge(page);
  await page.goto(`${base()}${inDashboard(dashboardPaths.caseStatus)}`);
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const rowText = (await firstRow.textContent()) ?? '';

  // An application kept offline, which cannot go before the logout.
  await applyOffline(page, context, 'Left on a shared phone.');

  await page.reload();
  await page.goto(`${base()}${inDashboard(dashboardPaths.caseStatus)}`);
  await expect(page.getByRole('row').nth(1)).toHaveText(rowText);
  await expect(
    page.getByRole('status').filter({ hasText: /^You are offline\. Your data as of \d{1,2}:\d{2}/ }),
  ).toBeVisible();
  expect((await keptLetters(page)).map((l) => [l.kind, l.state])).toEqual([['application', 'waiting']]);

  // The letter must not go before the logout: the server is kept from answering it.
  await context.route('**/create_case', (route) => route.abort());
  await context.setOffline(false);
  await page.getByRole('navigation', { name: /./ }).first().getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${base()}/`);
  await expect.poll(() => keptLetters(page)).toEqual([]);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);

  // An application another customer's expired session left waiting: gone at this login.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('portal-outbox');
        open.onsuccess = () => {
          const put = open.result
            .transaction('letters', 'readwrite')
            .objectStore('letters')
            .put(
              {
                key: 'f'.repeat(32),
                kind: 'application',
                owner: 'another-customer',
                token: null,
                label: 'Theirs',
                form: [],
                keptAt: Date.now(),
                state: 'waiting',
              },
              'f'.repeat(32),
            );
          put.onsuccess = () => resolve();
          put.onerror = () => reject(put.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(await keptLetters(page)).toHaveLength(1);
  await logIn(page);
  await expect.poll(() => keptLetters(page)).toEqual([]);
});

test.describe('without a service worker (a browser that refused it)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a complaint sent offline is still kept, and the page sends it when the connection returns', async ({
    page,
    context,
  }) => {
    const subject = `No worker ${Date.now()}`;
    await page.goto(`${base()}${paths.fileComplaint}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel(/^Subject/).fill(subject);
    await page.getByLabel(/^Description/).fill('Sent from a phone whose browser runs no worker.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your complaint is kept on this device' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('region', { name: 'Kept on this device' }).getByRole('listitem')).toContainText(
      `${subject}: sent. Tracking code: ACC-`,
    );
  });
});
