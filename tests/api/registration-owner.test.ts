import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sweepExpired } from '../../server/customers/housekeeping.ts';
import { hashPassword } from '../../server/customers/passwords.ts';
import { insertCustomer } from '../../server/customers/repository.ts';
import type { Queryable } from '../../server/db/client.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  expectError,
  file,
  freshIp,
  json,
  mailsTo,
  openCaseList,
  otpFromOutbox,
  PNG_1PX,
  registrationForm,
  startApp,
  uniqueEmail,
  uniquePhone,
} from '../support/api.ts';

/**
 * Issue 48, item 1 (ADR 0029): the code mailed to an address confirms a registration only for
 * the person who made it. The owner registers first; someone else registers the same address
 * afterwards, so the newest code in the owner's mailbox is for the other person's registration.
 */
describe.each(BACKENDS)('a later registrant never wins the account, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const OWNER_PASSWORD = 'the-owners-own-password';
  const OTHER_PASSWORD = 'someone-elses-password';
  const register = async (email: string, password: string, phone: string, firstname = 'Almaz') => {
    const res = await call(t, 'createCustomerUser', {
      form: registrationForm({ email, password, phone, firstname }),
      ip: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ registration: string }>(res).registration;
  };
  const login = (email: string, password: string) =>
    call(t, 'loginCustomerUser', { body: { email, password }, ip: freshIp() });
  const verified = async (email: string) =>
    (
      await t.ctx.db.query<{ email_verified: boolean }>('SELECT email_verified FROM customers WHERE email = $1', [
        email,
      ])
    )[0]?.email_verified;
  /** The owner registered first, the other person second (same names): the newest code is the other's. */
  async function ownerThenOther() {
    const email = uniqueEmail();
    const [ownerPhone, otherPhone] = [uniquePhone(), uniquePhone()];
    const owner = await register(email, OWNER_PASSWORD, ownerPhone);
    await otpFromOutbox(t, email);
    const other = await register(email, OTHER_PASSWORD, otherPhone);
    const newest = await otpFromOutbox(t, email);
    return { email, owner, other, newest, ownerPhone, otherPhone };
  }

  it('in the owner’s own browser: the newest code with the owner’s registration is refused, translated, and nothing changes', async () => {
    const { email, owner, newest } = await ownerThenOther();
    const refused = expectError(
      await call(t, 'validateCustomerOtp', { body: { email, otp: newest, registration: owner } }),
      409,
      'registrationReplaced',
    );
    expect(refused.Message_en).toMatch(/registered this email address again since you did.*Register again/);
    expect(refused.Message_am).toMatch(/እንደገና ይመዝገቡ/);
    expect(await verified(email)).toBe(false);
    // Nothing changed: not even a try of the code was spent (the other person's code still confirms theirs).
    const [row] = await t.ctx.db.query<{ attempts: number }>(
      'SELECT attempts FROM otp_codes WHERE customer_id = (SELECT id FROM customers WHERE email = $1)',
      [email],
    );
    expect(row?.attempts).toBe(0);
    // The owner registers again: the code mailed now confirms the owner's registration, with the owner's password and phone.
    const again = await register(email, OWNER_PASSWORD, uniquePhone(), 'Owner');
    const code = await otpFromOutbox(t, email);
    expect((await call(t, 'validateCustomerOtp', { body: { email, otp: code, registration: again } })).statusCode).toBe(
      200,
    );
    expectError(await login(email, OTHER_PASSWORD), 401, 'loginFailed');
    expect((await login(email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('in another browser (no handle): the code alone confirms nothing; with the owner’s password it is refused; the other person’s password is theirs alone', async () => {
    const { email, newest, other } = await ownerThenOther();
    // The spec's { email, otp }: the password chosen for the registration must come with it.
    const bare = expectError(
      await call(t, 'validateCustomerOtp', { body: { email, otp: newest } }),
      400,
      'otpPasswordNeeded',
    );
    expect(bare.fields).toEqual({ password: 'required' });
    const mismatch = expectError(
      await call(t, 'validateCustomerOtp', { body: { email, otp: newest, password: OWNER_PASSWORD } }),
      400,
      'otpPasswordMismatch',
    );
    expect(mismatch.Message_en).toMatch(/another password/);
    expect(await verified(email)).toBe(false);
    expectError(await login(email, OWNER_PASSWORD), 401, 'loginFailed');
    // A resend without the handle mails a code for the pending registration, which says whose it is.
    expect((await call(t, 'resendCustomerOtp', { body: { email } })).statusCode).toBe(200);
    const resent = await otpFromOutbox(t, email);
    expectError(
      await call(t, 'validateCustomerOtp', { body: { email, otp: resent, password: OWNER_PASSWORD } }),
      400,
      'otpPasswordMismatch',
    );
    // Only the person who chose that password (or holds that registration's handle) confirms it.
    expect(
      (await call(t, 'validateCustomerOtp', { body: { email, otp: resent, registration: other } })).statusCode,
    ).toBe(200);
  });

  it('a made-up handle learns nothing: it is told what any wrong code is told, pending address or not', async () => {
    const { email } = await ownerThenOther();
    const madeUp = '0b9d1a4e-5c2f-4e1a-9a7b-3d2c1b0a9f8e';
    for (const address of [email, uniqueEmail()]) {
      const answer = expectError(
        await call(t, 'validateCustomerOtp', { body: { email: address, otp: '123456', registration: madeUp } }),
        400,
        'otpInvalid',
      );
      expect(answer.Message_en).toBe('The verification code is wrong or has expired. Check it or request a new code.');
    }
  });

  it('a replaced registration’s handle is told so for a week, then like any wrong one', async () => {
    const { email, owner, newest } = await ownerThenOther();
    const told = () => call(t, 'validateCustomerOtp', { body: { email, otp: newest, registration: owner } });
    expectError(await told(), 409, 'registrationReplaced');
    await t.ctx.db.query(
      `UPDATE replaced_registrations SET replaced_at = now() - interval '8 days' WHERE registration_id = $1`,
      [owner],
    );
    await sweepExpired(t.ctx);
    expectError(await told(), 400, 'otpInvalid');
  });

  it('a reset link asked for an address whose registration waits says whose registration it would confirm', async () => {
    const { email } = await ownerThenOther();
    await call(t, 'forgotCustomerUser', { body: { email } });
    const mail = (await mailsTo(t, email)).at(-1);
    expect(mail?.text).toMatch(
      /confirms the registration of Almaz Bekele Gebre, phone number ending in \d{2}, made on/,
    );
    expect(mail?.text).toContain('If that registration is not yours, do not use the link');
  });

  it('an unverified login with the right password hands over that registration; a wrong password hands over nothing', async () => {
    const { email, other } = await ownerThenOther();
    expect(expectError(await login(email, OTHER_PASSWORD), 403, 'notVerified').registration).toBe(other);
    expect(expectError(await login(email, OWNER_PASSWORD), 401, 'loginFailed').registration).toBeUndefined();
  });

  it('the code’s mail says whose registration it confirms (name, the phone’s last digits, when) and what to do if it is not theirs', async () => {
    const email = uniqueEmail();
    const phone = '0911 223 347';
    await call(t, 'createCustomerUser', {
      form: registrationForm({ email, phone, firstname: 'Hirut', preferred_language: 'En' }),
      ip: freshIp(),
    });
    const [mail] = await mailsTo(t, email);
    expect(mail?.text).toContain('Hirut Bekele Gebre, phone number ending in 47, made on');
    expect(mail?.text).toMatch(/at \d{1,2}:\d{2}/);
    expect(mail?.text).toContain('If this registration is not yours, do not type the code');
    const am = uniqueEmail();
    await call(t, 'createCustomerUser', {
      form: registrationForm({ email: am, phone, preferred_language: 'Am' }),
      ip: freshIp(),
    });
    const [amharic] = await mailsTo(t, am);
    expect(amharic?.text).toContain('ስልክ ቁጥሩ በ47 የሚያልቅ');
    expect(amharic?.text).toContain('ይህ ምዝገባ የእርስዎ ካልሆነ ኮዱን አይጻፉ');
  });

  it('two registrations at once: exactly one can be confirmed, by its own handle, and the account opens with its password', async () => {
    const email = uniqueEmail();
    const [a, b] = await Promise.all([
      register(email, OWNER_PASSWORD, uniquePhone()),
      register(email, OTHER_PASSWORD, uniquePhone()),
    ]);
    // Which one is pending depends on the order the two took: the database says, and each is tried with every code mailed.
    const [pending] = await t.ctx.db.query<{ registration_id: string }>(
      'SELECT registration_id FROM customers WHERE email = $1',
      [email],
    );
    const [winner, loser] = pending?.registration_id === a ? [a, b] : [b, a];
    expect(pending?.registration_id).toBe(winner);
    const codes = (await mailsTo(t, email)).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] as string);
    const tried = async (registration: string) => {
      const answers = [];
      for (const otp of codes)
        answers.push((await call(t, 'validateCustomerOtp', { body: { email, otp, registration } })).statusCode);
      return answers;
    };
    // The registration that was replaced is told so, whatever code it types; the pending one is confirmed by one code.
    expect(await tried(loser)).toEqual(codes.map(() => 409));
    expect((await tried(winner)).filter((status) => status === 200)).toHaveLength(1);
    const password = (r: string) => (r === a ? OWNER_PASSWORD : OTHER_PASSWORD);
    expect((await login(email, password(winner))).statusCode).toBe(200);
    expectError(await login(email, password(loser)), 401, 'loginFailed');
  });

  // Two registrations that overlap in the database: PGlite runs one transaction at a time, so only on PostgreSQL.
  if (backend === 'postgres') {
    /**
     * A transaction that has written (resolved only then, so the request it meets starts after the
     * write and must wait on it) and holds its locks until `during` ends; `waiting` resolves once a
     * statement like `query` waits on them. The test runs inside `during`, which always releases.
     */
    const holding = async (write: (q: Queryable) => Promise<unknown>) => {
      let commit = () => {};
      let written = () => {};
      const held = new Promise<void>((resolve) => (commit = resolve));
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const done = t.ctx.db.tx(async (q) => {
        await write(q);
        written();
        await held;
      });
      await Promise.race([wrote, done]);
      const waiting = (query: string) =>
        expect
          .poll(
            async () =>
              (
                await t.ctx.db.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
                  [`${query}%`],
                )
              )[0]?.n,
            { timeout: 30_000 },
          )
          .toBe(1);
      const release = async () => (commit(), done);
      const during = async <T>(test: () => Promise<T>): Promise<T> => {
        try {
          return await test();
        } finally {
          await release();
        }
      };
      return { waiting, during };
    };

    it('a registration that meets another one in flight for the same new email waits for it, then replaces it', async () => {
      const email = uniqueEmail();
      const first = randomUUID();
      const password_hash = await hashPassword(OWNER_PASSWORD);
      const other = await holding((q) =>
        insertCustomer(q, randomUUID(), email, {
          firstname: 'Almaz',
          middlename: 'Bekele',
          lastname: 'Tadesse',
          gender: 'Female',
          subcity: 'Bole',
          woreda: '03',
          house_number: '',
          house_phone_number: '',
          picture: null,
          phone: uniquePhone(),
          preferred_language: 'En',
          password_hash,
          registration_id: first,
        }),
      );
      // The request in a box: its promise settles only after the release.
      const { second } = await other.during(async () => {
        const second = register(email, OTHER_PASSWORD, uniquePhone());
        await other.waiting('INSERT INTO customers');
        return { second };
      });
      const registration = await second;
      const [pending] = await t.ctx.db.query<{ registration_id: string }>(
        'SELECT registration_id FROM customers WHERE email = $1',
        [email],
      );
      expect(pending?.registration_id).toBe(registration);
      const otp = await otpFromOutbox(t, email);
      expectError(
        await call(t, 'validateCustomerOtp', { body: { email, otp, registration: first } }),
        409,
        'registrationReplaced',
      );
      expect((await call(t, 'validateCustomerOtp', { body: { email, otp, registration } })).statusCode).toBe(200);
      expect((await login(email, OTHER_PASSWORD)).statusCode).toBe(200);
    });

    it('a registration that meets the account being verified leaves it whole, and keeps nothing of its own', async () => {
      const email = uniqueEmail();
      const owner = await register(email, OWNER_PASSWORD, uniquePhone());
      const mails = (await mailsTo(t, email)).length;
      const pictures = () => t.ctx.storage.names('CustomerImages');
      const kept = await pictures();
      const verifying = await holding((q) =>
        q.query('UPDATE customers SET email_verified = true WHERE email = $1', [email]),
      );
      const { res } = await verifying.during(async () => {
        const res = call(t, 'createCustomerUser', {
          form: registrationForm({ email, password: OTHER_PASSWORD }, file(PNG_1PX, 'me.png', 'image/png')),
          ip: freshIp(),
        });
        await verifying.waiting('SELECT id, picture, registration_id FROM customers');
        return { res };
      });
      expect((await res).statusCode).toBe(201);
      const [row] = await t.ctx.db.query<{ registration_id: string; picture: string | null }>(
        'SELECT registration_id, picture FROM customers WHERE email = $1',
        [email],
      );
      expect(row).toEqual({ registration_id: owner, picture: null });
      expect(await mailsTo(t, email)).toHaveLength(mails);
      expect((await login(email, OWNER_PASSWORD)).statusCode).toBe(200);
      expect(await pictures()).toEqual(kept);
    });
  }

  it('an account opened by a reset link instead: the phone the other person gave unmasks none of the owner’s cases', async () => {
    const { email, otherPhone, ownerPhone } = await ownerThenOther();
    // The owner resets the password from their mailbox: the account opens, with the pending registration's phone.
    await call(t, 'forgotCustomerUser', { body: { email } });
    const link = /reset_password\/([^/\s]+)\/([^/\s]+)/.exec((await mailsTo(t, email)).at(-1)?.text ?? '');
    const reset = await call(t, 'resetCustomerUser', {
      params: { id: link?.[1] as string, token: link?.[2] as string },
      body: { password: OWNER_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const token = json<{ token: string }>(await login(email, OWNER_PASSWORD)).token;
    const created = await call(t, 'createCase', { form: applicationFor(await openCaseList(t)), token });
    expect(created.statusCode, created.body).toBe(201);
    const number = json<{ case: { case_number: string } }>(created).case.case_number;
    for (const phone of [otherPhone, ownerPhone]) {
      const seen = json<{ masked: boolean }>(
        await call(t, 'getCaseByNumber', { body: { casenum: number, phone }, ip: freshIp() }),
      );
      expect(seen.masked, phone).toBe(true);
    }
  });
});
