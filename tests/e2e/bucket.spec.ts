import { expect } from '@playwright/test';
import { DEMO } from '../../server/seed/seed.ts';
import { LANGUAGES, settle, watchProblems } from './audit.ts';
import { test } from './browsers.ts';
import { bucketStack, chooseMaintenanceRequest, inEnglishWithoutConsoleErrors, openDashboardLink } from './journeys.ts';
import { bucketKeys } from '../support/s3.ts';
import { pdfFile } from './staff.ts';

inEnglishWithoutConsoleErrors();
const en = LANGUAGES.find((l) => l.lan === 'En')!;

/**
 * Issue 55: a portal whose files are in an S3 bucket (s3rver on loopback; the run's last stack,
 * tests/e2e/global-setup.ts), used in a browser as on disk: an application sent with its PDF,
 * which lands in the bucket; its case page offers it back; its print is readable and its PDF
 * opens (in Chromium's own PDF viewer: tests/e2e/browsers.ts).
 */
test('with the files in a bucket: an application with its PDF, the PDF offered back on its case, and its print', async ({
  viewerPage: page,
}) => {
  const { baseUrl, bucket } = bucketStack();
  const caseFiles = () => bucketKeys(bucket?.endpoint ?? '', 'media/CaseFiles/');
  const problems = watchProblems(page);
  const before = await caseFiles();
  // In English on this stack's own origin too (the helper above sets it on the worker's).
  // (Not in the frames of the PDF viewer, which have no storage.)
  await page.addInitScript(() => window.localStorage?.setItem('lan', 'En'));
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  // From page to page by the menu, as a person goes: nothing a page fetches ahead is cut short.
  await openDashboardLink(page, en, 'dashboard.apply');
  await chooseMaintenanceRequest(page);
  const pdf = await pdfFile('Sent to the bucket');
  await page.getByLabel(/^Attachment/).setInputFiles(pdf);
  await page.getByLabel(/^Remark/).fill('Filed on a portal whose files are in a bucket.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Check your application' })).toBeFocused();
  await page.getByRole('button', { name: 'Apply' }).click();
  const status = page.getByRole('status').filter({ hasText: /has been submitted/ });
  await expect(status).toBeVisible();
  const number = /HDAB-\d{4}-\d{6}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
  // The PDF is an object of the bucket now: one more under the case files.
  const added = (await caseFiles()).filter((key) => !before.includes(key));
  expect(added).toHaveLength(1);

  // Its case page offers it back, read from the bucket through the portal with the session.
  const name = added[0]?.split('/').pop() ?? '';
  const fetched = page.waitForResponse(
    (r) => r.url().includes(`/Media/CaseFiles/${name}`) && r.request().method() === 'GET',
  );
  await openDashboardLink(page, en, 'dashboard.caseStatus');
  await page.getByRole('row').filter({ hasText: number }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  expect((await fetched).status()).toBe(200);
  // Its bytes as the page has them (Playwright does not give back the body of what the page made a blob of).
  const bytes = await page.evaluate(async (file) => {
    const res = await fetch(`/Media/CaseFiles/${file}`, {
      headers: { authorization: `Bearer ${sessionStorage.getItem('tID') ?? ''}` },
    });
    return new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5));
  }, name);
  expect(bytes).toBe('%PDF-');
  await expect(page.getByRole('link', { name: 'Open the PDF' }).first()).toBeVisible();

  // Its print: readable, and its PDF, written into the bucket, opens.
  await page.locator('main a[href^="/print/"]').first().click();
  await expect(page.locator('main section h2').first()).toBeVisible();
  const printed = await page.evaluate(async () => {
    const href = document.querySelector<HTMLAnchorElement>('main a[download]')?.href ?? '';
    const res = await fetch(href);
    return { status: res.status, head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
  });
  expect(printed).toEqual({ status: 200, head: '%PDF-' });
  await settle(page);
  expect(problems, 'console errors and failed requests').toEqual([]);
});
