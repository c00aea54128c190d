import type { Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import { LANGUAGES } from './audit.ts';
import { cached, isPublic, keptByAnOlderWorker, stored } from './device.ts';
import { DEMO, base, logIn, onOwnProfile, sayIn, seeded, useEnglish, workerInCharge } from './journeys.ts';

/**
 * A shared computer in an internet café (issue 32, item 1): a customer opens a case with its
 * attachment and the bureau's response, prints it, opens a reset link and a complaint's
 * page, and logs out. Then the next person lists what the browser keeps for the portal: the
 * service worker's caches and every IndexedDB record. Nothing of the customer may be there.
 */
test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ page }) => useEnglish(page));

test('after a logout on a shared computer, the caches and IndexedDB hold nothing of the customer', async ({ page }) => {
  const { cases, customerId } = seeded();
  const verified = cases.verified;
  const files: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/Media/')) files.push(r);
  });
  await logIn(page);
  await workerInCharge(page);

  // The case with its attachment and the bureau's response, each a PDF in a frame (a navigation).
  await page.goto(`${base()}${caseDetailHref(verified.id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(verified.number);
  await expect.poll(() => files.filter((r) => r.url().includes('/Media/CaseFiles/')).length).toBeGreaterThan(0);
  await expect
    .poll(() => files.filter((r) => /\/Media\/[^/]+\.pdf$/.test(new URL(r.url()).pathname)).length)
    .toBeGreaterThan(0);
  // Printed.
  await page.getByRole('link', { name: 'Print' }).click();
  await page.waitForURL(`**${paths.print.href(verified.id)}`);
  await expect.poll(() => files.filter((r) => /\/Media\/print-/.test(r.url())).length).toBeGreaterThan(0);
  // Every one of those files was sent to be kept nowhere. (Only the answers that carried a
  // file: under load the PDF viewer's cancelled tries can come back as bodiless errors.)
  const sent = files.filter((f) => f.ok() && f.headers()['content-type']?.startsWith('application/pdf'));
  expect(sent.filter((f) => /\/Media\/print-/.test(f.url())).length).toBeGreaterThan(0);
  for (const file of sent)
    expect(
      file.headers()['cache-control'],
      `${file.status()} ${file.fromServiceWorker() ? '(worker) ' : ''}${file.url()}`,
    ).toBe('private, no-store');
  const others = files.filter((f) => !sent.includes(f));
  for (const file of others)
    expect(file.headers()['content-type'] ?? '', `${file.status()} ${file.url()}`).not.toMatch(/^application\/pdf/);
  // A reset link and a complaint's page, whose addresses are secrets.
  const resetLink = paths.resetPassword.href(customerId, 'a'.repeat(43));
  const complaintPage = paths.complaint.href('ACC-ABCDEFGHJKLMN');
  for (const address of [resetLink, complaintPage]) {
    await page.goto(`${base()}${address}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The worker kept none of it (the pages it answered came from the empty page's own entry).
  expect((await cached(page)).filter((e) => !isPublic(e))).toEqual([]);

  // What an older worker kept of every page visited: swept at the logout.
  const left = `${base()}${caseDetailHref(verified.id)}`;
  await keptByAnOlderWorker(page, left);
  expect((await cached(page)).map((e) => e.url)).toContain(left);

  await page.goto(`${base()}${paths.dashboard}`);
  await page.getByRole('navigation', { name: /./ }).first().getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${base()}/`);

  // The next person looks.
  await expect.poll(async () => (await cached(page)).filter((e) => !isPublic(e))).toEqual([]);
  const everything = [...(await cached(page)).map((e) => e.url), ...(await stored(page))].join('\n');
  for (const secret of [
    customerId,
    verified.id,
    verified.number,
    DEMO.email,
    'a'.repeat(43),
    'ACC-ABCDEFGHJKLMN',
    '/Media/',
  ])
    expect(everything, secret).not.toContain(secret);
  expect(await stored(page)).toEqual([]);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  // The files' addresses, as a shared computer's history or a proxy's log would keep them, open
  // nothing once the session ended (issue 48): the case's PDFs answered its session only, and
  // the print's link died with it.
  const addresses = [...new Set(sent.map((f) => f.url()))];
  expect(addresses.some((a) => a.includes('/Media/CaseFiles/'))).toBe(true);
  for (const address of addresses) expect((await page.request.get(address)).status(), address).toBe(404);
});

/**
 * The other ways a session ends on a shared device: its token expires, or the customer deletes
 * their account. Each sweeps the caches as a logout does (src/app/session.tsx `clearToken`).
 */
test('when the session expires, the caches and IndexedDB hold nothing of the customer', async ({ page }) => {
  const { cases } = seeded();
  await page.clock.install();
  await logIn(page);
  await workerInCharge(page);
  await page.goto(`${base()}${caseDetailHref(cases.pending.id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(cases.pending.number);
  await keptByAnOlderWorker(page, `${base()}${caseDetailHref(cases.pending.id)}`);
  await page.clock.runFor(61 * 60 * 1000);
  await page.waitForURL(`${base()}/`);
  await expect.poll(async () => (await cached(page)).filter((e) => !isPublic(e))).toEqual([]);
  expect(await stored(page)).toEqual([]);
});

test('when the customer deletes their account, the caches and IndexedDB hold nothing of them', async ({ page }) => {
  const english = LANGUAGES[1];
  const say = sayIn(english);
  const customer = await onOwnProfile(page, english);
  await workerInCharge(page);
  const profile = `${base()}${inDashboard(dashboardPaths.profile)}`;
  await keptByAnOlderWorker(page, profile);
  const section = page.getByRole('region', { name: say('rights.title') });
  await section.getByRole('button', { name: say('rights.delete') }).click();
  await section.getByLabel(say('field.password'), { exact: true }).fill(customer.password);
  await section.getByRole('button', { name: say('rights.confirmDelete') }).click();
  await page.waitForURL(`${base()}${paths.home}`);
  await expect.poll(async () => (await cached(page)).filter((e) => !isPublic(e))).toEqual([]);
  const everything = [...(await cached(page)).map((e) => e.url), ...(await stored(page))].join('\n');
  expect(everything).not.toContain(customer.email);
  expect(await stored(page)).toEqual([]);
});
