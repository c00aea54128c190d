import { expect, test } from '@playwright/test';
import type { EventObject } from 'xstate';
import { applyMachine } from '../../machines/apply.machine.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { ratingMachine } from '../../machines/rating.machine.ts';
import { registrationErrors, registrationMachine } from '../../machines/registration.machine.ts';
import { verificationMachine } from '../../machines/verification.machine.ts';
import { API_PREFIX, pathOf } from '../../contract/endpoints.ts';
import { paths } from '../../contract/paths.ts';
import {
  base,
  chooseMaintenanceRequest,
  logIn,
  mailsTo,
  otpFor,
  pathTo,
  play,
  registerUnverified,
  inEnglishWithoutConsoleErrors,
} from './journeys.ts';

const errors = inEnglishWithoutConsoleErrors();

test('registration -> OTP from a real SMTP server -> login reaches the dashboard (paths from the machines)', async ({
  page,
}) => {
  const email = `journey-${Date.now()}@example.et`;
  const person: Record<string, string> = {
    firstname: 'Almaz',
    middlename: 'Bekele',
    lastname: 'Gebre',
    gender: 'Female',
    subcity: 'Bole',
    woreda: '03',
    email,
    phone: '0911223344',
    password: 'long-password-1',
    confirmPassword: 'long-password-1',
  };
  const labels: Record<string, RegExp> = {
    firstname: /^First name/,
    middlename: /^Middle name/,
    lastname: /^Last name/,
    gender: /^Gender/,
    subcity: /^Sub-city/,
    woreda: /^Woreda/,
    email: /^Email/,
    phone: /^Phone/,
    password: /^Password \*$/,
    confirmPassword: /^Confirm password/,
  };
  // Fields are offered one at a time, so the shortest path fills each once.
  const registration = pathTo(registrationMachine, 'done', {
    serialize: (s) =>
      JSON.stringify({
        v: s.value,
        n: Object.values((s.context as { values: Record<string, string> }).values).filter(Boolean).length,
      }),
    events: (s) => {
      const values = (s.context as { values: Record<string, string> }).values;
      const next = Object.keys(person).find((f) => !values[f]);
      return [
        ...(next ? [{ type: 'CHANGE', field: next, value: person[next] }] : []),
        ...(Object.keys(registrationErrors(values as never)).length === 0 ? [{ type: 'SUBMIT' }] : []),
        { type: 'xstate.done.actor.register', output: { email } },
      ];
    },
  });
  await page.goto(`${base()}/register`);
  const registered = page.waitForResponse((r) => r.url().includes(pathOf('createCustomerUser')));
  await play(registration, {
    CHANGE: async (e) => {
      const { field, value } = e as EventObject & { field: string; value: string };
      const input = page.getByLabel(labels[field] as RegExp);
      if (field === 'gender') await input.selectOption(value);
      else await input.fill(value);
    },
    SUBMIT: async () => page.getByRole('button', { name: 'Register' }).click(),
    'xstate.done.actor.register': async () => {
      await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
      await expect(page.getByText(`Enter the code we sent to ${email}.`)).toBeVisible();
    },
  });

  // "Resend code" names the registration this browser made, so no code goes out for one someone else made since (ADR 0020).
  const { registration: made } = (await (await registered).json()) as { registration: string };
  expect(made).toMatch(/^[0-9a-f-]{36}$/);
  await otpFor(email);
  const resent = page.waitForRequest((r) => r.url().includes(pathOf('resendCustomerOtp')));
  await page.getByRole('button', { name: 'Resend code' }).click();
  expect((await resent).postDataJSON()).toEqual({ email, registration: made });
  await expect.poll(() => mailsTo(email).length).toBe(2);

  const code = await otpFor(email);
  // The code goes with the registration this browser made (ADR 0029): no password is asked.
  await expect(page.getByLabel('The password you chose when registering')).toHaveCount(0);
  const verified = page.waitForRequest((r) => r.url().includes(pathOf('validateCustomerOtp')));
  const verification = pathTo(verificationMachine, 'done', {
    input: { email, registration: made },
    events: (s) => [
      ...((s.context as { code: string }).code ? [{ type: 'VERIFY' }] : [{ type: 'CHANGE', value: code }]),
      { type: 'xstate.done.actor.verify', output: {} },
    ],
    serialize: (s) => JSON.stringify({ v: s.value, c: (s.context as { code: string }).code }),
  });
  await play(verification, {
    CHANGE: async () => page.getByLabel('Verification code').fill(code),
    VERIFY: async () => page.getByRole('button', { name: 'Verify' }).click(),
    'xstate.done.actor.verify': async () => page.waitForURL('**/login'),
  });
  expect((await verified).postDataJSON()).toEqual({ email, otp: code, registration: made });

  const login = pathTo(loginMachine, 'done', {
    events: (s) => {
      const v = (s.context as { values: { email: string; password: string } }).values;
      return [
        ...(!v.email
          ? [{ type: 'CHANGE', field: 'email', value: email }]
          : !v.password
            ? [{ type: 'CHANGE', field: 'password', value: person.password }]
            : [{ type: 'SUBMIT' }]),
        { type: 'xstate.done.actor.login', output: { token: 't' } },
      ];
    },
    serialize: (s) => JSON.stringify({ v: s.value, c: (s.context as { values: object }).values }),
  });
  await play(login, {
    CHANGE: async (e) => {
      const { field, value } = e as EventObject & { field: string; value: string };
      await page.getByLabel(field === 'email' ? 'Email' : 'Password', { exact: true }).fill(value);
    },
    SUBMIT: async () => page.locator('form').getByRole('button', { name: 'Login' }).click(),
    'xstate.done.actor.login': async () => page.waitForURL('**/dashboard'),
  });
  await expect(page.getByText('Hello, Almaz')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('tID'))).toMatch(/^ey/);
});

test('apply -> confirmation -> submit with a PDF -> redirect after 6 s; the case is pending', async ({ page }) => {
  await page.clock.install();
  await logIn(page);
  await page.goto(`${base()}/dashboard/cases`);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'.padEnd(200_000, ' '));
  const path = pathTo(applyMachine, 'done', {
    input: { draft: null },
    serialize: (s) => JSON.stringify({ v: s.value, values: (s.context as { values: object }).values }),
    events: (s) => {
      const v = (s.context as { values: { division: string; caselist: string; remark: string } }).values;
      // A model of the options: one open division with one request and no question.
      const options = {
        divisions: [{ _id: 'd', status: 'active', special: 'no' }],
        caseLists: [{ _id: 'c', division: { _id: 'd' }, status: 'active', questions: [] }],
        ownCases: [],
      };
      return [
        { type: 'xstate.done.actor.loadOptions', output: options },
        ...(!v.division
          ? [{ type: 'CHANGE_DIVISION', value: 'd' }]
          : !v.caselist
            ? [{ type: 'CHANGE_CASELIST', value: 'c' }]
            : !v.remark
              ? [{ type: 'CHANGE', field: 'remark', value: 'r' }]
              : [{ type: 'APPLY' }]),
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.submit', output: { case: { case_number: 'x' } } },
        { type: 'xstate.after.REDIRECT.apply.succeeded.counting' },
      ];
    },
  });
  let caseNumber = '';
  await play(path, {
    'xstate.done.actor.loadOptions': async () =>
      expect(page.getByRole('heading', { name: 'Apply for a case' })).toBeVisible(),
    // The division and the request are chosen, and the request's questions answered, in one go.
    CHANGE_DIVISION: async () => chooseMaintenanceRequest(page),
    CHANGE_CASELIST: async () =>
      page.getByLabel(/^Attachment/).setInputFiles({ name: 'documents.pdf', mimeType: 'application/pdf', buffer: pdf }),
    CHANGE: async () => page.getByLabel(/^Remark/).fill('Please send a plumber.'),
    APPLY: async () => {
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('heading', { name: 'Check your application' })).toBeFocused();
      await expect(page.getByText('Water supply')).toBeVisible();
    },
    SUBMIT: async () => page.getByRole('button', { name: 'Apply' }).click(),
    'xstate.done.actor.submit': async () => {
      const status = page.getByRole('status').filter({ hasText: /has been submitted/ });
      await expect(status).toBeVisible();
      caseNumber = /HDAB-\d{4}-\d{6}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
    },
    'xstate.after.REDIRECT.apply.succeeded.counting': async () => {
      await page.clock.runFor(6_000);
      await page.waitForURL('**/dashboard/casestatus');
    },
  });
  expect(caseNumber).toMatch(/^HDAB-\d{4}-\d{6}$/);
  const row = page.getByRole('row').filter({ hasText: caseNumber });
  // The status as the screen shows it (on a phone under the number, else in its column).
  await expect(row.getByText('pending').filter({ visible: true })).toBeVisible();
});

test('rating a verified case once: the Rate button is gone afterwards (path from the rating machine)', async ({
  page,
}) => {
  await logIn(page);
  await page.goto(`${base()}/dashboard/casestatus`);
  await page.getByRole('row').filter({ hasText: 'responded' }).first().getByRole('link').click();
  // The machine's path to submitting (open, choose, submit), then its answer.
  const path = [
    ...pathTo(ratingMachine, 'submitting', {
      input: { caseId: 'c', current: null },
      serialize: (s) => JSON.stringify({ v: s.value, n: (s.context as { value: number }).value }),
      events: (s) => [
        { type: 'OPEN' },
        ...((s.context as { value: number }).value !== 4 ? [{ type: 'SET', value: 4 }] : [{ type: 'SUBMIT' }]),
      ],
    }),
    { type: 'xstate.done.actor.rate' },
  ];
  await play(path, {
    OPEN: async () => page.getByRole('button', { name: 'Rate service' }).click(),
    SET: async () => page.getByRole('dialog').locator('label').filter({ hasText: '4 stars' }).click(),
    SUBMIT: async () => page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click(),
    'xstate.done.actor.rate': async () => {
      await expect(page.getByText('Thank you for rating our service.')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  });
  await expect(page.getByRole('button', { name: 'Rate service' })).toHaveCount(0);
});

test('a second complaint right after the first carries its own PDF; the picker never names the file already sent', async ({
  page,
}) => {
  const pdf = (name: string) => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
  });
  await page.goto(`${base()}${paths.fileComplaint}`);
  const file = (n: number) => ({
    subject: `Complaint ${n}`,
    description: `What happened, the ${n}. time.`,
    pdf: pdf(`evidence-${n}.pdf`),
  });
  const codes: string[] = [];
  for (const n of [1, 2]) {
    const c = file(n);
    // The second begins with its file, before any typing: the form is open again after the first.
    await page.getByLabel(/^Attachment/).setInputFiles(c.pdf);
    // Taken by the form (its preview names it), not only shown by the browser's picker.
    await expect(page.getByRole('button', { name: `Show the preview of evidence-${n}.pdf` })).toBeVisible();
    await page.getByLabel(/^Subject/).fill(c.subject);
    await page.getByLabel(/^Description/).fill(c.description);
    await page.getByRole('button', { name: 'Submit' }).click();
    // Each its own code: the first one's confirmation stays while the second is written.
    const received = page.getByText(/^Your complaint has been received\. Keep this tracking code: ACC-/);
    await expect(received).not.toContainText(codes[0] ?? 'none yet');
    codes.push(/ACC-[A-Z0-9]+/.exec((await received.textContent()) ?? '')?.[0] ?? '');
    expect(await page.getByLabel(/^Attachment/).inputValue()).toBe('');
  }
  expect(codes[1]).toMatch(/^ACC-/);
});

test('a later registrant never wins: on the code screen, the code of a registration someone made since is refused, with the way back to registering', async ({
  page,
}) => {
  // The owner registered, and is on the code screen of their own browser (their password proved the registration).
  const owner = await registerUnverified();
  await page.goto(`${base()}${paths.login}`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Enter your code' }).click();
  await page.waitForURL(`**${paths.verifyEmail}`);
  // Someone else registers the same address, with their own password and phone: the newest code is for theirs.
  await registerUnverified('En', { email: owner.email, password: 'someone-elses-password', firstname: 'Kebede' });
  // Its code, from its own mail: the outbox sends the two mails in whichever order they go out.
  let theirs = '';
  await expect
    .poll(
      () =>
        (theirs =
          mailsTo(owner.email).find((m) => m.text.includes('It confirms the registration of Kebede Bekele Gebre'))
            ?.text ?? ''),
    )
    .not.toBe('');
  await expect.poll(() => mailsTo(owner.email).length).toBe(2);
  await page.getByLabel('Verification code').fill(/\b(\d{6})\b/.exec(theirs)?.[1] ?? 'no code in the mail');
  const refused = page.waitForResponse((r) => r.url().includes(pathOf('validateCustomerOtp')));
  await page.getByRole('button', { name: 'Verify' }).click();
  expect((await refused).status()).toBe(409);
  await expect(
    page.getByRole('alert').filter({ hasText: 'registered this email address again since you did' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Register again' }).click();
  await page.waitForURL(`**${paths.register}`);
  // Nothing was confirmed: neither password opens the account.
  for (const password of [owner.password, 'someone-elses-password']) {
    const login = await fetch(`${base()}${API_PREFIX}${pathOf('loginCustomerUser')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password }),
    });
    expect([401, 403]).toContain(login.status);
  }
});

test('an unverified login leads to its code; once verified and signed in, a public page offers the way back to the dashboard, by name', async ({
  page,
}) => {
  const customer = await registerUnverified();
  await page.goto(`${base()}${paths.login}`);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Enter your code' }).click();
  await page.waitForURL(`**${paths.verifyEmail}`);
  await expect(page.getByText(`Enter the code we sent to ${customer.email}.`)).toBeVisible();
  // The right password proved the registration: the code goes with it, no password is asked again (ADR 0029).
  await expect(page.getByLabel('The password you chose when registering')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await otpFor(customer.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`**${paths.login}`);
  await logIn(page, customer.email, customer.password);
  // A public page, reached from the dashboard by its address as a bookmark would: the bar leads back.
  // When the name's code cannot load (a dropped connection), the link stands alone and the page is whole.
  const nameChunk = /\/assets\/customer-name-[\w-]+\.js$/;
  await page.route(nameChunk, (route) => route.abort('internetdisconnected'));
  // Vite's loader says so on the window when a chunk fails, just before the import rejects.
  await page.addInitScript(() =>
    addEventListener('vite:preloadError', () => Object.assign(window, { chunkFailed: true })),
  );
  await page.goto(`${base()}${paths.checkStatus}`);
  await page.waitForFunction(() => 'chunkFailed' in window);
  // The page lives on after it: drawn again in another language (the name's part with it), it
  // still leads back, and takes what is typed.
  const bar = page.getByRole('navigation', { name: 'Main' });
  const languageSelect = page.getByRole('banner').getByRole('combobox');
  await languageSelect.selectOption('Am');
  const amharicBar = page.getByRole('navigation', { name: 'ዋና ማውጫ' });
  await expect(amharicBar.getByRole('link', { name: 'የእኔ ዳሽቦርድ', exact: true })).toBeVisible();
  await languageSelect.selectOption('En');
  await expect(bar.getByRole('link', { name: 'My dashboard', exact: true })).toBeVisible();
  await page.getByLabel(/^Case number/).fill('HDAB-2017-000001');
  await expect(page.getByLabel(/^Case number/)).toHaveValue('HDAB-2017-000001');
  // The browser reports the request cut off; the page itself throws nothing.
  expect(errors).toEqual(['Failed to load resource: net::ERR_INTERNET_DISCONNECTED']);
  errors.length = 0;
  await page.unroute(nameChunk);
  await page.reload();
  // It names the customer: their first name, loaded with the page.
  await expect(bar.getByRole('link', { name: 'My dashboard Almaz' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await bar.getByRole('link', { name: 'My dashboard Almaz' }).click();
  await page.waitForURL(`**${paths.dashboard}`);
});
