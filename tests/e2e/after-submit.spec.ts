import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { LANGS } from '../../contract/languages.ts';
import type { endpoints } from '../../contract/endpoints.ts';
import type { CaseList, Division } from '../../contract/entities.ts';
import { SESSION_STORAGE_KEY, TEXT_LIMITS } from '../../contract/limits.ts';
import { caseDetailHref, dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import { DEMO } from '../../server/seed/seed.ts';
import { BUREAU_NAME_LETTERS, atLimit } from '../long-values.ts';
import { LANGUAGES, axeViolations, keepScreenshot, settle, watchProblems, widerThanTheirBox } from './audit.ts';
import { test } from './browsers.ts';
import { admin, callApi, demoCases, demoToken, pdfFile, useStaffServer } from './staff.ts';
import { chooseFilesWithKey, expectNoMouse, logInWithKeys, noMouse, tabTo, typeInto } from './keys.ts';

/** The second half of a case's life, with the bureau's side played by the staff command line (tests/e2e/staff.ts). */
const server = useStaffServer();

/** Opens the case from the dashboard's list with the keyboard. */
async function openCaseWithKeys(page: Page, caseNumber: string): Promise<void> {
  await page.goto(`${server.base}/login`);
  await logInWithKeys(page, DEMO.email, DEMO.password);
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Case status' }),
  );
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: new RegExp(caseNumber) }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(caseNumber);
}

/** Opens a step's dialog from its button; the focus moves into it. */
async function openStep(page: Page, button: string, title: string): Promise<Locator> {
  await tabTo(page, page.getByRole('button', { name: button }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  return dialog;
}

/** Continue, then Confirm; the dialog closes and the focus is on the case's heading, not lost. */
async function confirmStep(page: Page, dialog: Locator): Promise<void> {
  await tabTo(page, dialog.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}

test.describe('keyboard only', () => {
  test.beforeEach(async ({ page }) => noMouse(page));
  test.afterEach(async ({ page }) => expectNoMouse(page));

  test('staff ask for information -> the customer answers with a PDF -> staff respond and verify', async ({ page }) => {
    const c = (await demoCases(server.base)).find((k) => k.status === 'ongoing');
    if (!c) throw new Error('the demo has no ongoing case');
    server.staff(
      'request-info',
      c.case_number,
      '--reason',
      'Please send the title deed of the plot',
      '--by',
      'handler@housing.example.et',
    );
    await openCaseWithKeys(page, c.case_number);
    await expect(page.getByText('Please send the title deed of the plot').first()).toBeVisible();
    const trigger = page.getByRole('button', { name: 'Answer the bureau' });
    let dialog = await openStep(page, 'Answer the bureau', 'Answer the request for information');
    // Sent empty: the error is on the field, which keeps the focus path; nothing is called.
    await tabTo(page, dialog.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel(/^Your answer/)).toHaveAttribute('aria-invalid', 'true');
    await typeInto(page, dialog.getByLabel(/^Your answer/), 'The title deed is attached.');
    // Escape closes the dialog and gives the focus back; what was typed is still there when it opens again.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    dialog = await openStep(page, 'Answer the bureau', 'Answer the request for information');
    await expect(dialog.getByLabel(/^Your answer/)).toHaveValue('The title deed is attached.');
    await tabTo(page, dialog.getByLabel(/^A PDF/));
    await chooseFilesWithKey(page, await pdfFile('Title deed'));
    expect(await axeViolations(page)).toEqual([]);
    await confirmStep(page, dialog);
    await expect(page.getByText(/^Your answer has been sent/)).toBeVisible();
    await expect(trigger).toBeHidden();
    await expect(page.getByRole('link', { name: 'the PDF sent' })).toBeVisible();

    writeFileSync(path.join(server.dataDir, 'response.pdf'), (await pdfFile('Our response')).buffer);
    server.staff(
      'respond',
      c.case_number,
      '--file',
      path.join(server.dataDir, 'response.pdf'),
      '--by',
      'handler@housing.example.et',
    );
    server.staff('verify', c.case_number, '--by', 'supervisor@housing.example.et');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Rate service' })).toBeVisible();
  });

  test('the customer withdraws a pending case after confirming it; Back returns to the reason', async ({ page }) => {
    const c = (await demoCases(server.base)).find((k) => k.status === 'pending');
    if (!c) throw new Error('the demo has no pending case');
    await openCaseWithKeys(page, c.case_number);
    const dialog = await openStep(page, 'Withdraw this case', 'Withdraw the case');
    await typeInto(page, dialog.getByLabel(/^Reason/), 'Filed twice by mistake');
    await tabTo(page, dialog.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(/^Withdraw this case\? This cannot be undone/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, dialog.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel(/^Reason/)).toHaveValue('Filed twice by mistake');
    await confirmStep(page, dialog);
    await expect(page.getByText(`Your case ${c.case_number} has been withdrawn.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw this case' })).toBeHidden();
    expect(server.staff('list', '--status', 'withdrawn')).toContain(c.case_number);
  });

  test('a rejection -> the customer appeals -> staff overturn it: the case is processed again', async ({ page }) => {
    const c = (await demoCases(server.base)).find((k) => k.status === 'rejected');
    if (!c) throw new Error('the demo has no rejected case');
    await openCaseWithKeys(page, c.case_number);
    await expect(page.getByText(/^You can appeal this decision until/)).toBeVisible();
    const dialog = await openStep(page, 'Appeal the rejection', 'Appeal the rejection');
    await typeInto(
      page,
      dialog.getByLabel(/^Why the decision should change/),
      'The plot number is right: see the attached map.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await confirmStep(page, dialog);
    await expect(page.getByText(/^Your appeal of case/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Appeal the rejection' })).toBeHidden();

    server.staff(
      'appeal',
      c.case_number,
      '--overturn',
      '--reason',
      'The plot number was right',
      // The demo's rejection is the other team leader's: four eyes (ADR 0038).
      '--by',
      'supervisor@housing.example.et',
    );
    expect(server.staff('list', '--status', 'ongoing')).toContain(c.case_number);
    await page.reload();
    await expect(page.getByText('The plot number was right').first()).toBeVisible();
  });
});

test('an anonymous complaint -> its tracking page -> staff answer -> the page shows the answer', async ({ page }) => {
  await page.goto(`${server.base}/makeaccusation`);
  await page.getByLabel(/^Subject/).fill('Asked for a payment at the window');
  await page.getByLabel(/^Description/).fill('On Monday the clerk at window 3 asked for money.');
  await page.getByRole('button', { name: 'Submit' }).click();
  const received = page.getByText(/^Your complaint has been received\. Keep this tracking code: (ACC-[A-Z0-9]+)/);
  await expect(received).toBeVisible();
  const code = /ACC-[A-Z0-9]+/.exec((await received.textContent()) ?? '')?.[0] as string;
  await page.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Complaint ${code}`);
  await expect(page.getByText('received', { exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Asked for a payment');
  expect(await axeViolations(page)).toEqual([]);

  server.staff(
    'complaint-answer',
    code,
    '--text',
    'The clerk has been moved to another post. Thank you.',
    '--by',
    'reception@housing.example.et',
  );
  await page.reload();
  await expect(page.getByText('The clerk has been moved to another post. Thank you.')).toBeVisible();
  await expect(page.getByText('answered', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the landing page sent by the server lists the services as the bureau has them now', async () => {
  const landing = async () => {
    const answer = await fetch(`${server.base}/`);
    return { html: await answer.text(), etag: answer.headers.get('etag') };
  };
  const before = await landing();
  await admin(
    `UPDATE divisions SET name_am = name_am || ' (ተሻሽሏል)' WHERE id = (SELECT id FROM divisions WHERE status = 'active' AND special = 'no' ORDER BY id LIMIT 1)`,
    server.databaseUrl,
  );
  const after = await landing();
  expect(before.html).not.toContain('(ተሻሽሏል)');
  expect(after.html).toContain('(ተሻሽሏል)');
  expect(after.etag).not.toBe(before.etag);
  // Until the next change, every request gets the page kept.
  expect((await landing()).etag).toBe(after.etag);
});

/**
 * Issue 23, the bureau's side: what staff write (a rejection's justification, a response's
 * note, a request for information, a complaint's answer) at its limit, and a division and a
 * case request whose names are long (and a file chosen with a long name), all without a
 * space, Ethiopic and Latin. Every page that
 * shows them, in both languages at 320, 360 and 1366 px, scrolls no sideways and has no
 * element wider than its box; each page shows the long value, so a page that dropped it fails.
 */
test.describe('what the bureau writes, at its limits', () => {
  const long = {
    division: atLimit('ቤቶችልማትHousingDevelopment', BUREAU_NAME_LETTERS + 1),
    caseRequest: atLimit('የይዞታማረጋገጫTitleCertificate', BUREAU_NAME_LETTERS + 1),
    justification: atLimit('ውሳኔውምክንያትJustification', TEXT_LIMITS.justification + 1),
    note: atLimit('የምላሹማስታወሻResponseNote', TEXT_LIMITS.justification + 1),
    request: atLimit('ተጨማሪመረጃRequestForInformation', TEXT_LIMITS.justification + 1),
    answer: atLimit('የቅሬታውመልስComplaintAnswer', TEXT_LIMITS.justification + 1),
    fileName: `${atLimit('የተቃኘሰነድScannedDocument', BUREAU_NAME_LETTERS + 1)}.pdf`,
  };
  let token = '';
  let divisionId = '';
  let complaint = '';
  const cases: Record<'rejected' | 'requested' | 'verified', { id: string; number: string }> = {
    rejected: { id: '', number: '' },
    requested: { id: '', number: '' },
    verified: { id: '', number: '' },
  };

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const call = (name: keyof typeof endpoints, init: RequestInit = {}) => callApi(server.base, name, init);
    token = await demoToken(server.base);
    const lists = (await (await call('getAllCaseList')).json()) as CaseList[];
    const open = ((await (await call('getAllDivisions')).json()) as Division[])
      .filter((d) => d.status === 'active' && d.special === 'no')
      .map((d) => d._id);
    const list = lists.find((l) => l.status === 'active' && open.includes(l.division._id));
    if (!list) throw new Error('no open case request to apply for');
    divisionId = list.division._id;
    const names = (prefix: string, value: string) => LANGS.map((l) => `${prefix}_${l} = '${value}'`).join(', ');
    await admin(`UPDATE divisions SET ${names('name', long.division)} WHERE id = '${divisionId}'`, server.databaseUrl);
    await admin(
      `UPDATE case_lists SET ${names('case_name', long.caseRequest)} WHERE id = '${list._id}'`,
      server.databaseUrl,
    );
    for (const which of Object.keys(cases) as (keyof typeof cases)[]) {
      const form = new FormData();
      form.append('division', divisionId);
      form.append('caselist', list._id);
      form.append(
        'form',
        JSON.stringify(
          list.questions.map((q) => ({ [q._id]: q.inputType === 'select' ? (q.enumValues[0]?._id ?? '') : '4' })),
        ),
      );
      const filed = await call('createCase', { headers: { authorization: `Bearer ${token}` }, body: form });
      if (filed.status !== 201) throw new Error(`a case was not filed (${filed.status}): ${await filed.text()}`);
      const { case: c } = (await filed.json()) as { case: { _id: string; case_number: string } };
      cases[which] = { id: c._id, number: c.case_number };
    }
    server.staff(
      'reject',
      cases.rejected.number,
      '--reason',
      long.justification,
      '--by',
      'supervisor@housing.example.et',
    );
    server.staff('ongoing', cases.requested.number, '--by', 'handler@housing.example.et');
    server.staff(
      'request-info',
      cases.requested.number,
      '--reason',
      long.request,
      '--by',
      'handler@housing.example.et',
    );
    writeFileSync(path.join(server.dataDir, 'long-response.pdf'), (await pdfFile('Our response')).buffer);
    server.staff('ongoing', cases.verified.number, '--by', 'handler@housing.example.et');
    server.staff(
      'respond',
      cases.verified.number,
      '--file',
      path.join(server.dataDir, 'long-response.pdf'),
      '--note',
      long.note,
      '--by',
      'handler@housing.example.et',
    );
    server.staff('verify', cases.verified.number, '--by', 'supervisor@housing.example.et');
    const accusation = new FormData();
    accusation.append('subject', 'A long answer');
    accusation.append('description', 'Please answer at length.');
    const filed = await call('createAccusation', { body: accusation });
    complaint = ((await filed.json()) as { tracking_code: string }).tracking_code;
    server.staff('complaint-answer', complaint, '--text', long.answer, '--by', 'reception@housing.example.et');
  });

  /** Each page, and the long value it must show (none for the print, a PDF in its frame). */
  const pages = (): {
    name: string;
    url: string;
    shows?: string;
    auth?: boolean;
    act?: (page: Page) => Promise<void>;
  }[] => [
    { name: 'landing', url: paths.home, shows: long.division },
    { name: 'division', url: paths.division.href(divisionId), shows: long.division },
    {
      name: 'apply',
      url: inDashboard(dashboardPaths.apply),
      shows: long.caseRequest,
      auth: true,
      act: async (page) => {
        // Each list, open, stays inside the screen with its long option; then the option is chosen.
        for (const [trigger, option] of [
          ['#division', long.division],
          ['#caselist', long.caseRequest],
        ] as const) {
          await page.locator(trigger).click();
          const listbox = page.getByRole('listbox');
          await expect(listbox).toBeVisible();
          const outside = await listbox.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return {
              left: box.left,
              right: box.right - document.documentElement.clientWidth,
              cut: el.scrollWidth - el.clientWidth,
            };
          });
          expect(outside.left, `${trigger}: its list starts left of the screen`).toBeGreaterThanOrEqual(0);
          expect(outside.right, `${trigger}: its list ends right of the screen`).toBeLessThanOrEqual(0);
          expect(outside.cut, `${trigger}: its list is wider than its box`).toBeLessThanOrEqual(1);
          await listbox.getByRole('option', { name: option.slice(0, 40) }).click();
          await expect(listbox).toHaveCount(0);
        }
        // And a file whose name is long and has no space, as phones name scans.
        await page
          .locator('input#attachment')
          .setInputFiles({ name: long.fileName, mimeType: 'application/pdf', buffer: (await pdfFile('Scan')).buffer });
        await expect(page.locator('main')).toContainText(long.fileName.slice(0, 40));
      },
    },
    { name: 'case list', url: inDashboard(dashboardPaths.caseStatus), auth: true },
    { name: 'rejected case', url: caseDetailHref(cases.rejected.id), shows: long.justification, auth: true },
    { name: 'information asked', url: caseDetailHref(cases.requested.id), shows: long.request, auth: true },
    { name: 'verified case', url: caseDetailHref(cases.verified.id), shows: long.note, auth: true },
    {
      name: 'lookup',
      url: paths.checkStatus,
      shows: long.justification,
      act: async (page) => {
        await page.locator('input#caseNumber').fill(cases.rejected.number);
        await page.locator('input#phone').fill(DEMO.phone);
        await page.locator('main form button[type="submit"]').click();
        await expect(page.locator('main').getByText(cases.rejected.number).first()).toBeVisible();
      },
    },
    { name: 'print', url: paths.print.href(cases.verified.id), auth: true },
    { name: 'complaint', url: paths.complaint.href(complaint), shows: long.answer },
  ];

  // Each page is opened once per language at the narrowest width, then seen at each width in
  // turn (a phone turned sideways, a window dragged: the layout follows from the width alone),
  // what the person does on it done again at each.
  const widths = [320, 360, 1366];
  for (const language of LANGUAGES) {
    // Its pages show the case's files in the browser's PDF viewer: Chromium's (tests/e2e/browsers.ts).
    test(`${language.lan} at ${widths.join(', ')} px: every page keeps the long values inside the screen`, async ({
      viewerPage: page,
    }) => {
      test.setTimeout(180_000);
      // On this server's origin, as the file's other tests start (`beforeEach` opens their `page`).
      await page.goto(`${server.base}/`);
      await page.setViewportSize({ width: widths[0]!, height: 740 });
      // Each page is opened by its address: leaving one cancels what it was fetching ahead (the
      // next screens' code, Workbox's window helper, a language's catalog).
      const problems = watchProblems(page, [/\/assets\/[\w.-]+\.(js|json) failed: net::ERR_ABORTED/]);
      for (const p of pages()) {
        await page.setViewportSize({ width: widths[0]!, height: 740 });
        await page.evaluate(
          ({ lan, key, session }) => {
            localStorage.setItem('lan', lan);
            if (session) sessionStorage.setItem(key, session);
            else sessionStorage.removeItem(key);
          },
          { lan: language.lan, key: SESSION_STORAGE_KEY, session: p.auth ? token : '' },
        );
        await page.goto(`${server.base}${p.url}`);
        for (const width of widths) {
          const at = `${p.name} at ${width} px`;
          await page.setViewportSize({ width, height: 740 });
          await settle(page);
          await p.act?.(page);
          await settle(page);
          if (p.shows) await expect(page.locator('main'), at).toContainText(p.shows.slice(0, 40));
          const sideways = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(sideways, `${at}: sideways scrolling`).toBeLessThanOrEqual(0);
          expect(await widerThanTheirBox(page), `${at}: elements wider than their box`).toEqual([]);
          await keepScreenshot(page, `bureau-long-${language.lan.toLowerCase()}-${width}-${p.name.replace(/ /g, '-')}`);
        }
      }
      expect(problems, 'console errors and failed requests').toEqual([]);
    });
  }
});
