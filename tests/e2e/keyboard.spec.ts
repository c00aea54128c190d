import { expect, test } from '@playwright/test';
import { DEMO, base, otpFor, useEnglish } from './journeys.ts';
import {
  chooseFilesWithKey,
  chooseWithKeys,
  expectFocusVisible,
  expectNoMouse,
  logInWithKeys,
  noMouse,
  tabTo,
  typeInto,
} from './keys.ts';

/** Journeys with the keyboard only (the rules are in keys.ts); the case steps' dialogs are in after-submit.spec.ts. */

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await noMouse(page);
});
test.afterEach(async ({ page }) => expectNoMouse(page));

test('keyboard only: register -> verify -> log in -> apply with a select, a textarea and a file -> confirm -> open the case -> log out', async ({
  page,
}) => {
  const email = `keys-${Date.now()}@example.et`;
  await page.goto(`${base()}/register`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The skip link comes first and takes the focus to the page's content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // A form sent empty: the focus lands on the error summary, which links to each field.
  const register = page.locator('form').getByRole('button', { name: 'Register' });
  await tabTo(page, register);
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  const firstName = page.getByLabel(/^First name/);
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription(/First name/);
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(firstName).toBeFocused();

  await page.keyboard.type('Kebede');
  await typeInto(page, page.getByLabel(/^Middle name/), 'Alemu');
  await typeInto(page, page.getByLabel(/^Last name/), 'Tesfaye');
  await tabTo(page, page.getByLabel(/^Gender/));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel(/^Gender/)).not.toHaveValue('');
  await typeInto(page, page.getByLabel(/^Sub-city/), 'Bole');
  await typeInto(page, page.getByLabel(/^Woreda/), '03');
  await typeInto(page, page.getByLabel(/^Email/), email);
  await typeInto(page, page.getByLabel(/^Phone/), '0911998877');
  await typeInto(page, page.getByLabel(/^Password \*$/), 'keyboard-only-1');
  await typeInto(page, page.getByLabel(/^Confirm password/), 'keyboard-only-1');
  await tabTo(page, register);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await typeInto(page, page.getByLabel('Verification code'), await otpFor(email));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/login');

  // The login has the address just verified and the password focused (issue 51): the password is all that is left.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.type('keyboard-only-1');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');

  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Apply for a case' }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Apply for a case' })).toBeVisible();
  await chooseWithKeys(
    page,
    page.getByRole('combobox', { name: /^Division/ }),
    'Government Rental Housing Administration',
  );
  await chooseWithKeys(page, page.getByRole('combobox', { name: /^Case request/ }), 'Rental house maintenance request');
  await typeInto(page, page.getByLabel(/^House number/), '7');
  await chooseWithKeys(page, page.getByRole('combobox', { name: /^Kind of problem/ }), 'Water supply');
  await typeInto(page, page.getByLabel(/^Describe the problem/), 'No water since Monday.\nThe pipe is broken.');
  await tabTo(page, page.getByLabel(/^Attachment/));
  // Enter opens the file field as Space does (issue 51).
  await chooseFilesWithKey(
    page,
    {
      name: 'letter.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    },
    'Enter',
  );
  // Nothing loads while the visitor types on: the remark arrives whole.
  await typeInto(page, page.getByLabel(/^Remark/), 'Sent with the keyboard only.');
  // The preview opens when asked for; the focus stays on its toggle, not in the viewer.
  const preview = page.getByRole('button', { name: 'Show the preview of letter.pdf' });
  await tabTo(page, preview, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByTitle('Document: letter.pdf')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide the preview of letter.pdf' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await tabTo(page, page.getByRole('button', { name: 'Apply' }));
  await page.keyboard.press('Enter');

  // The confirmation takes the focus; the Change links go back with nothing lost.
  await expect(page.getByRole('heading', { name: 'Check your application' })).toBeFocused();
  await expect(page.getByText('No water since Monday.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Apply' }));
  await page.keyboard.press('Enter');
  const status = page.getByRole('status').filter({ hasText: /has been submitted/ });
  await expect(status).toBeVisible();
  const caseNumber = /HDAB-\d{4}-\d{6}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
  await page.waitForURL('**/dashboard/casestatus', { timeout: 15_000 });

  await tabTo(page, page.getByRole('link', { name: new RegExp(caseNumber) }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(caseNumber);
  await expect(page.getByText('Sent with the keyboard only.')).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Logout' }), { back: true });
  await page.keyboard.press('Enter');
  await page.waitForURL(`${base()}/`);
  // The guard leaves the dashboard at once; the storage is cleared when the server has ended the session.
  await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
});

test('keyboard only: rate an answered case; the dialog takes the focus and gives it back to its trigger', async ({
  page,
}) => {
  await page.goto(`${base()}/login`);
  await logInWithKeys(page, DEMO.email, DEMO.password);
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Case status' }),
  );
  await page.keyboard.press('Enter');
  // The browser journey rates the first answered case; this one the last.
  await tabTo(page, page.getByRole('row').filter({ hasText: 'responded' }).last().getByRole('link'));
  await page.keyboard.press('Enter');

  const trigger = page.getByRole('button', { name: 'Rate service' });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'rate service', exact: true });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // Escape closes it: the focus is back on the trigger.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expectFocusVisible(page);

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // One star is chosen at first; Delete clears it (the mouse's way is a double click on the first star).
  await tabTo(page, dialog.getByRole('radio', { name: '1 star', exact: true }));
  await expect(page.locator(':focus')).toBeChecked();
  await page.keyboard.press('Delete');
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
  // Sending without a choice says so; then the arrows choose the stars.
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Choose from 1 to 5 stars.');
  // Coming back with Shift+Tab into a group with nothing chosen lands on its last star.
  await tabTo(page, dialog.getByRole('radio', { name: '5 stars' }), { back: true });
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expectFocusVisible(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Thank you for rating our service.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toHaveCount(0);
  // The button is gone: the focus is on the case's heading, not lost.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Logout' }), { back: true });
  await page.keyboard.press('Enter');
  await page.waitForURL(`${base()}/`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('keyboard only: the dashboard menu drawer takes the focus, Escape gives it back to the Menu button', async ({
    page,
  }) => {
    await page.goto(`${base()}/login`);
    await logInWithKeys(page, DEMO.email, DEMO.password);
    const menu = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(menu).toBeFocused();
    // The drawer's links work from the keyboard too.
    await page.keyboard.press('Enter');
    await tabTo(page, drawer.getByRole('link', { name: 'Profile' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/settings');
    await expect(drawer).toHaveCount(0);
  });
});
