import { expect, test } from '@playwright/test';
import { phoneKey } from '../../contract/phone.ts';
import { LANGUAGES, SIZES, axeViolations, settle, watchProblems } from './audit.ts';
import { onOwnProfile, sayIn, smsTo } from './journeys.ts';

/**
 * The customer's notification choices on the profile page (issue 22), in Amharic and
 * English: the phone number proved with a code the real SMSC received, SMS chosen and saved,
 * the choice kept after a reload; axe clean with the code field open and after. Amharic on a
 * cheap phone (360 px), English on a laptop.
 */
for (const language of LANGUAGES) {
  test(`${language.lan}: verify the phone by SMS, choose SMS only, and find the choice kept`, async ({ page }) => {
    const size = SIZES[language.lan === 'Am' ? 0 : 1];
    await page.setViewportSize({ width: size.width, height: size.height });
    const problems = watchProblems(page);
    const say = sayIn(language);
    const customer = await onOwnProfile(page, language);
    const msisdn = phoneKey(customer.phone) ?? '';

    const section = page.getByRole('region', { name: say('prefs.title') });
    await expect(section.getByRole('checkbox', { name: say('prefs.email') })).toBeChecked();
    const sms = section.getByRole('checkbox', { name: new RegExp(customer.phone) });
    await expect(sms).not.toBeChecked();
    await expect(section.getByText(say('prefs.phoneUnverified'))).toBeVisible();

    // SMS only, before the number is proved: refused in words, the choice kept on screen.
    await sms.check();
    await section.getByRole('checkbox', { name: say('prefs.email') }).uncheck();
    await section.getByRole('button', { name: say('prefs.save') }).click();
    await expect(section.getByRole('alert')).toHaveText(say('prefs.phoneNotVerified'));
    await expect(sms).toBeChecked();
    await expect(section.getByText(say('prefs.unsaved'))).toBeVisible();

    // The code, by SMS to the number on file, typed in.
    await section.getByRole('button', { name: say('prefs.verifyPhone') }).click();
    const code = section.getByLabel(say('prefs.code'));
    await expect(code).toBeVisible();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    let sent = '';
    await expect.poll(() => (sent = /\b(\d{6})\b/.exec(smsTo(msisdn).at(-1)?.text ?? '')?.[1] ?? '')).not.toBe('');
    await code.fill(sent);
    await section.getByRole('button', { name: say('prefs.verify'), exact: true }).click();
    await expect(section.getByText(say('prefs.phoneVerified'), { exact: true })).toBeVisible();
    // What was chosen before the code's round trip is still chosen.
    await expect(sms).toBeChecked();
    await expect(section.getByRole('checkbox', { name: say('prefs.email') })).not.toBeChecked();
    // ...and saved with the proof, without another Save: the page read again shows it, nothing marked unsaved.
    await expect(section.getByText(say('prefs.unsaved'))).toHaveCount(0);
    await settle(page);
    await page.reload();
    await expect(sms).toBeChecked();
    await expect(section.getByRole('checkbox', { name: say('prefs.email') })).not.toBeChecked();
    await expect(section.getByText(say('prefs.unsaved'))).toHaveCount(0);

    await section.getByLabel(say('prefs.language')).selectOption('Or');
    await expect(section.getByText(say('prefs.unsaved'))).toBeVisible();
    await section.getByRole('button', { name: say('prefs.save') }).click();
    await expect(section.getByRole('alert')).toHaveCount(0);
    await settle(page);
    await page.reload();
    await expect(sms).toBeChecked();
    await expect(section.getByRole('checkbox', { name: say('prefs.email') })).not.toBeChecked();
    await expect(section.getByLabel(say('prefs.language'))).toHaveValue('Or');
    await expect(section.getByText(say('prefs.phoneVerified'), { exact: true })).toBeVisible();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
