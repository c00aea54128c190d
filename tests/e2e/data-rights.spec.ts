import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { API_PREFIX, pathOf } from '../../contract/endpoints.ts';
import { paths } from '../../contract/paths.ts';
import { LANGUAGES, axeViolations, settle, watchProblems } from './audit.ts';
import { base, onOwnProfile, sayIn } from './journeys.ts';

/** data.json of a downloaded archive. */
function dataJsonOf(file: string): Promise<{ profile: { email: string; firstname: string } }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'data.json') return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () =>
            resolve(JSON.parse(Buffer.concat(chunks).toString()) as { profile: { email: string; firstname: string } }),
          );
        });
      });
      zip.on('end', () => reject(new Error('no data.json in the archive')));
      zip.readEntry();
    });
  });
}

/**
 * The customer's data rights on the profile page (issue 22), in Amharic and English: their
 * data downloaded as one archive, then their account deleted with the password, which ends
 * the session; axe clean with the confirmation open.
 */
for (const language of LANGUAGES) {
  test(`${language.lan}: download my data, then delete my account`, async ({ page }) => {
    // Refusals the journey provokes: a wrong password, and the logout of a session the deletion ended.
    const problems = watchProblems(page, [/delete_account answered 400/, /logout_customer_user answered 401/]);
    const say = sayIn(language);
    const customer = await onOwnProfile(page, language);
    const section = page.getByRole('region', { name: say('rights.title') });

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: say('rights.download') }).click();
    const archive = await downloading;
    expect(archive.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'portal-archive-')), archive.suggestedFilename());
    await archive.saveAs(saved);
    expect((await dataJsonOf(saved)).profile).toMatchObject({ email: customer.email, firstname: 'Almaz' });
    await expect(section.getByRole('button', { name: say('rights.download') })).toBeEnabled();

    await section.getByRole('button', { name: say('rights.delete') }).click();
    const password = section.getByLabel(say('field.password'), { exact: true });
    await expect(password).toBeFocused();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await password.fill('not my password');
    await section.getByRole('button', { name: say('rights.confirmDelete') }).click();
    // Said beside the password, which keeps what was typed and takes the focus back (issue 51).
    await expect(password).toHaveAccessibleDescription(language.lang === 'am' ? /ምንም አልተሰረዘም/ : /Nothing was deleted/);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();
    await expect(password).toHaveValue('not my password');

    await password.fill(customer.password);
    await section.getByRole('button', { name: say('rights.confirmDelete') }).click();
    // The session ends as a logout does: back at the start, signed out, nothing left behind.
    await page.waitForURL(`${base()}${paths.home}`);
    await expect(page.getByRole('link', { name: say('nav.login') }).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    // The account is gone: its password opens nothing.
    const again = await fetch(`${base()}${API_PREFIX}${pathOf('loginCustomerUser')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(again.status).toBe(401);
    expect(problems).toEqual([]);
  });
}
