import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES } from '../../contract/limits.ts';
import { sweepExpired } from '../../server/customers/housekeeping.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  PNG_1PX,
  call,
  expectError,
  file,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  otpFromOutbox,
  pdfBytes,
  registrationForm,
  startApp,
  uniqueEmail,
  uniquePhone,
} from '../support/api.ts';
import { SPEC_FIELD_LIMITS } from '../spec-numbers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The password of registrationForm: a code typed without the registering browser's handle goes with it (ADR 0029). */
const password = 'a-long-enough-password';

/** A customer's registration through the API: its fields and limits, its picture, its code, a registration never verified. */
describe.each(BACKENDS)('customers registering on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('registration', () => {
    it('registers with a picture, mails a 6-digit code, keeps the password as argon2id', async () => {
      const form = registrationForm({}, file(PNG_1PX, 'me.png', 'image/png'));
      const email = String(form.get('email'));
      const res = await call(t, 'createCustomerUser', { form, ip: freshIp() });
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res)).toMatchObject({ email, Message_en: expect.stringContaining('verification code') });
      expect(await otpFromOutbox(t, email)).toMatch(/^\d{6}$/);
      const [row] = await t.ctx.db.query<{ password_hash: string; picture: string; email_verified: boolean }>(
        'SELECT password_hash, picture, email_verified FROM customers WHERE email = $1',
        [email],
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.picture).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
      expect(row?.email_verified).toBe(false);
      const [otp] = await t.ctx.db.query<{ code_hash: string }>(
        'SELECT code_hash FROM otp_codes o JOIN customers c ON c.id = o.customer_id WHERE c.email = $1',
        [email],
      );
      expect(otp?.code_hash).toMatch(/^[0-9a-f]{64}$/);
      // The picture is kept, and served to nobody but its owner's session (issue 48), which an unverified registration has none of.
      expect(await t.ctx.storage.has('CustomerImages', row?.picture as string)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `/Media/CustomerImages/${row?.picture}` })).statusCode).toBe(
        404,
      );
    });

    it('refuses missing fields, values at the spec limit and wrong types, naming each field', async () => {
      const res = await call(t, 'createCustomerUser', {
        form: registrationForm({
          firstname: 'a'.repeat(50),
          woreda: 'w'.repeat(20),
          gender: 'Other',
          email: 'not-an-email',
          lastname: '__omit__',
        }),
        ip: freshIp(),
      });
      const body = expectError(res, 400, 'validation');
      expect(body.fields).toMatchObject({
        firstname: 'tooLong',
        woreda: 'tooLong',
        gender: 'invalid',
        email: 'invalid',
        lastname: 'required',
      });
      // Each field too long comes with its limit, for the page to say (not "at most 0 characters").
      expect(body.limits).toEqual({ firstname: 49, woreda: 19 });
    });

    it('says the limit of an e-mail address and a password that are too long', async () => {
      const res = await call(t, 'createCustomerUser', {
        form: registrationForm({ email: `${'a'.repeat(250)}@example.et`, password: 'p'.repeat(133) }),
        ip: freshIp(),
      });
      const body = expectError(res, 400, 'validation');
      expect(body.fields).toMatchObject({ email: 'tooLong', password: 'tooLong' });
      expect(body.limits).toMatchObject({ email: expect.any(Number), password: expect.any(Number) });
    });

    it('accepts 49 characters (the check fails at 50)', async () => {
      const res = await call(t, 'createCustomerUser', {
        form: registrationForm({ firstname: 'a'.repeat(49), woreda: 'w'.repeat(19) }),
        ip: freshIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it("refuses every limited field at the spec's limit, saying the longest that passes, and takes each one character shorter", async () => {
      // spec: S5.REGISTRATION.SERVER, S9.NAME_LIMITS (50 for the names and sub-city, 20 for woreda, phones and house number)
      const spec = SPEC_FIELD_LIMITS;
      // A phone number written with a space between its ten digits (19 characters), or two spaces once (20): still one number.
      const spaced = (digits: string, length: number) =>
        digits
          .split('')
          .join(' ')
          .replace(' ', ' '.repeat(length - 18));
      const of = (length: (limit: number) => number) =>
        Object.fromEntries(
          Object.entries(spec).map(([field, limit]) => [
            field,
            field.includes('phone') ? spaced(uniquePhone(), length(limit)) : 'x'.repeat(length(limit)),
          ]),
        );
      const atLimit = of((limit) => limit);
      expect(Object.values(atLimit).map((v) => v.length)).toEqual([50, 50, 50, 50, 20, 20, 20, 20]);
      const body = expectError(
        await call(t, 'createCustomerUser', { form: registrationForm(atLimit), ip: freshIp() }),
        400,
        'validation',
      );
      expect(body.fields).toEqual(Object.fromEntries(Object.keys(spec).map((field) => [field, 'tooLong'])));
      expect(body.limits).toEqual({
        firstname: 49,
        middlename: 49,
        lastname: 49,
        subcity: 49,
        woreda: 19,
        phone: 19,
        house_phone_number: 19,
        house_number: 19,
      });
      const shorter = of((limit) => limit - 1);
      const res = await call(t, 'createCustomerUser', { form: registrationForm(shorter), ip: freshIp() });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('takes the gender Male or Female, and nothing else', async () => {
      // spec: S9.GENDER
      for (const gender of ['Male', 'Female'])
        expect(
          (await call(t, 'createCustomerUser', { form: registrationForm({ gender }), ip: freshIp() })).statusCode,
        ).toBe(201);
      for (const gender of ['male', 'FEMALE', 'Other', '']) {
        const res = await call(t, 'createCustomerUser', { form: registrationForm({ gender }), ip: freshIp() });
        expect(expectError(res, 400, 'validation').fields, gender).toEqual({ gender: 'invalid' });
      }
    });

    it('refuses a picture that is not an image (a PDF named .png) and one over the size limit', async () => {
      const notImage = await call(t, 'createCustomerUser', {
        form: registrationForm({}, file(await pdfBytes(), 'me.png', 'image/png')),
        ip: freshIp(),
      });
      expect(expectError(notImage, 400, 'notImage').fields).toEqual({ picture: 'notImage' });
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(PICTURE_MAX_BYTES)]);
      const tooBig = await call(t, 'createCustomerUser', {
        form: registrationForm({}, file(big, 'big.png', 'image/png')),
        ip: freshIp(),
      });
      expectError(tooBig, 413, 'fileTooLarge');
    });

    it('answers the same for an email that is already registered, and tells its owner by mail', async () => {
      const { email } = await newCustomer(t);
      const again = await call(t, 'createCustomerUser', { form: registrationForm({ email }), ip: freshIp() });
      expect(again.statusCode).toBe(201);
      const fresh = await call(t, 'createCustomerUser', { form: registrationForm(), ip: freshIp() });
      const strip = (b: Record<string, unknown>) => ({
        ...b,
        email: undefined,
        registration: typeof b.registration === 'string' && UUID.test(b.registration),
      });
      expect(strip(json(again))).toEqual(strip(json(fresh)));
      expect(strip(json(fresh)).registration).toBe(true);
      const mails = await mailsTo(t, email);
      expect(mails.at(-1)?.subject).toBe('Someone tried to register with your email');
      const [row] = await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE email = $1', [
        email,
      ]);
      expect(row?.n).toBe(1);
    });

    it('a takeover by pre-registration fails: the owner registers over it, verifies, and only their password opens the account; the attacker learns nothing', async () => {
      const email = uniqueEmail();
      // The attacker registers the owner's address first, with their own password and picture.
      const attacker = await call(t, 'createCustomerUser', {
        form: registrationForm(
          { email, firstname: 'Intruder', password: 'intruder-password' },
          file(PNG_1PX, 'me.png', 'image/png'),
        ),
        ip: freshIp(),
      });
      expect(attacker.statusCode).toBe(201);
      const attackersCode = await otpFromOutbox(t, email);
      const [pending] = await t.ctx.db.query<{ picture: string }>('SELECT picture FROM customers WHERE email = $1', [
        email,
      ]);
      // The owner registers: it replaces the pending registration whole.
      const owner = await call(t, 'createCustomerUser', {
        form: registrationForm({ email, firstname: 'Owner' }),
        ip: freshIp(),
      });
      expect(owner.statusCode).toBe(201);
      const ownerRegistration = json<{ registration: string }>(owner).registration;
      const [row] = await t.ctx.db.query<{ firstname: string; picture: string | null }>(
        'SELECT firstname, picture FROM customers WHERE email = $1',
        [email],
      );
      expect(row).toEqual({ firstname: 'Owner', picture: null });
      expect(await t.ctx.storage.has('CustomerImages', pending?.picture as string)).toBe(false);
      await otpFromOutbox(t, email);
      // The owner asks for a new code, as the owner did, and verifies with it.
      expect((await call(t, 'resendCustomerOtp', { body: { email } })).statusCode).toBe(200);
      const ownersCode = await otpFromOutbox(t, email);
      expect((await mailsTo(t, email)).at(-1)?.text).toContain('Owner Bekele Gebre');
      if (ownersCode !== attackersCode)
        expectError(
          await call(t, 'validateCustomerOtp', {
            body: { email, otp: attackersCode, registration: ownerRegistration },
          }),
          400,
          'otpInvalid',
        );
      expect(
        (await call(t, 'validateCustomerOtp', { body: { email, otp: ownersCode, registration: ownerRegistration } }))
          .statusCode,
      ).toBe(200);
      expectError(
        await call(t, 'loginCustomerUser', { body: { email, password: 'intruder-password' }, ip: freshIp() }),
        401,
        'loginFailed',
      );
      expect(
        (await call(t, 'loginCustomerUser', { body: { email, password: 'a-long-enough-password' }, ip: freshIp() }))
          .statusCode,
      ).toBe(200);
      // Every answer the attacker got is the one a fresh address gets: nothing tells them the owner came.
      const strip = (b: Record<string, unknown>) => ({
        ...b,
        email: undefined,
        registration: typeof b.registration === 'string' && UUID.test(b.registration),
      });
      const fresh = await call(t, 'createCustomerUser', { form: registrationForm(), ip: freshIp() });
      expect(strip(json(attacker))).toEqual(strip(json(fresh)));
      expect(strip(json(owner))).toEqual(strip(json(fresh)));
      const again = await call(t, 'createCustomerUser', {
        form: registrationForm({ email, password: 'intruder-password' }),
        ip: freshIp(),
      });
      expect(again.statusCode).toBe(201);
      expect(strip(json(again))).toEqual(strip(json(fresh)));
      // Once verified, a registration changes nothing of the account.
      expect(
        (await call(t, 'loginCustomerUser', { body: { email, password: 'a-long-enough-password' }, ip: freshIp() }))
          .statusCode,
      ).toBe(200);
    });

    it('a resend names the browser’s own registration: once someone else registered the address since, no code is mailed for theirs', async () => {
      const email = uniqueEmail();
      const owner = json<{ registration: string }>(
        await call(t, 'createCustomerUser', { form: registrationForm({ email, firstname: 'Owner' }), ip: freshIp() }),
      ).registration;
      await otpFromOutbox(t, email);
      // The squatter registers again between the owner's registration and their verification.
      await call(t, 'createCustomerUser', {
        form: registrationForm({ email, firstname: 'Intruder', password: 'intruder-password' }),
        ip: freshIp(),
      });
      const before = (await mailsTo(t, email)).length;
      const resent = await call(t, 'resendCustomerOtp', { body: { email, registration: owner } });
      expect(resent.statusCode).toBe(200);
      // Same answer, but no code for the squatter's registration reaches the owner's mailbox.
      expect((await mailsTo(t, email)).length).toBe(before);
      expect(json(resent)).toEqual(json(await call(t, 'resendCustomerOtp', { body: { email } })));
      // The owner registers again: their registration is the pending one, and its code theirs.
      const again = json<{ registration: string }>(
        await call(t, 'createCustomerUser', { form: registrationForm({ email, firstname: 'Owner' }), ip: freshIp() }),
      ).registration;
      await otpFromOutbox(t, email);
      expect((await call(t, 'resendCustomerOtp', { body: { email, registration: again } })).statusCode).toBe(200);
      const code = await otpFromOutbox(t, email);
      expect((await mailsTo(t, email)).at(-1)?.text).toContain('Owner Bekele Gebre');
      expect(
        (await call(t, 'validateCustomerOtp', { body: { email, otp: code, registration: again } })).statusCode,
      ).toBe(200);
      expect(
        (await call(t, 'loginCustomerUser', { body: { email, password: 'a-long-enough-password' }, ip: freshIp() }))
          .statusCode,
      ).toBe(200);
    });

    it('a code verifies only the registration it was sent for: one made since (even mid-way) makes it worthless', async () => {
      const first = registrationForm({ firstname: 'First' });
      const email = String(first.get('email'));
      await call(t, 'createCustomerUser', { form: first, ip: freshIp() });
      const firstCode = await otpFromOutbox(t, email);
      await call(t, 'createCustomerUser', { form: registrationForm({ email, firstname: 'Second' }), ip: freshIp() });
      const secondCode = await otpFromOutbox(t, email);
      if (firstCode !== secondCode)
        expectError(
          await call(t, 'validateCustomerOtp', { body: { email, otp: firstCode, password } }),
          400,
          'otpInvalid',
        );
      // A third registration whose code is not yet written (two requests at once): the second code is bound to the second registration only.
      await t.ctx.db.query('UPDATE customers SET registration_id = gen_random_uuid() WHERE email = $1', [email]);
      expectError(
        await call(t, 'validateCustomerOtp', { body: { email, otp: secondCode, password } }),
        400,
        'otpInvalid',
      );
    });

    it('a registration never verified is removed a week after it was made, with its picture; a verified one stays', async () => {
      const stale = registrationForm({}, file(PNG_1PX, 'me.png', 'image/png'));
      const staleEmail = String(stale.get('email'));
      await call(t, 'createCustomerUser', { form: stale, ip: freshIp() });
      const recent = registrationForm();
      await call(t, 'createCustomerUser', { form: recent, ip: freshIp() });
      const verified = await newCustomer(t);
      const [row] = await t.ctx.db.query<{ picture: string }>('SELECT picture FROM customers WHERE email = $1', [
        staleEmail,
      ]);
      const picture = row?.picture as string;
      expect(await t.ctx.storage.has('CustomerImages', picture)).toBe(true);
      await t.ctx.db.query(
        "UPDATE customers SET created_at = now() - interval '8 days' WHERE email = ANY($1::text[])",
        [[staleEmail, verified.email]],
      );
      await t.ctx.db.query("UPDATE customers SET created_at = now() - interval '6 days' WHERE email = $1", [
        String(recent.get('email')),
      ]);
      await sweepExpired(t.ctx);
      const left = await t.ctx.db.query<{ email: string }>(
        'SELECT email FROM customers WHERE email = ANY($1::text[])',
        [[staleEmail, String(recent.get('email')), verified.email]],
      );
      expect(left.map((r) => r.email).sort()).toEqual([String(recent.get('email')), verified.email].sort());
      expect(await t.ctx.storage.has('CustomerImages', picture)).toBe(false);
    });

    it('once the code has expired, a new registration replaces the unverified one', async () => {
      const first = registrationForm();
      const email = String(first.get('email'));
      await call(t, 'createCustomerUser', { form: first, ip: freshIp() });
      await t.ctx.db.query(
        "UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)",
        [email],
      );
      await call(t, 'createCustomerUser', { form: registrationForm({ email, firstname: 'Second' }), ip: freshIp() });
      const [row] = await t.ctx.db.query<{ firstname: string }>('SELECT firstname FROM customers WHERE email = $1', [
        email,
      ]);
      expect(row?.firstname).toBe('Second');
    });

    it('is not a multipart payload: 415 with a message', async () => {
      const res = await call(t, 'createCustomerUser', { body: { firstname: 'x' } });
      expectError(res, 415, 'notMultipart');
    });
  });
});
