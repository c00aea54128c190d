import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../contract/limits.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  call,
  claimsOf,
  expectError,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  otpFromOutbox,
  registrationForm,
  startApp,
} from '../support/api.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
/** The password of registrationForm: a code typed without the registering browser's handle goes with it (ADR 0029). */
const password = 'a-long-enough-password';

/** A customer's account through the API: the email's verification, login, profile and logout, the forgotten password. */
describe.each(BACKENDS)('customers signing in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('email verification', () => {
    it('refuses a wrong code, accepts the right one once, and then allows login', async () => {
      const form = registrationForm();
      const email = String(form.get('email'));
      await call(t, 'createCustomerUser', { form, ip: freshIp() });
      const login = () =>
        call(t, 'loginCustomerUser', { body: { email, password: 'a-long-enough-password' }, ip: freshIp() });
      expectError(await login(), 403, 'notVerified');
      const code = await otpFromOutbox(t, email);
      const wrong = code === '000000' ? '111111' : '000000';
      expectError(await call(t, 'validateCustomerOtp', { body: { email, otp: wrong, password } }), 400, 'otpInvalid');
      expect((await call(t, 'validateCustomerOtp', { body: { email, otp: code, password } })).statusCode).toBe(200);
      expectError(await call(t, 'validateCustomerOtp', { body: { email, otp: code, password } }), 400, 'otpInvalid');
      expect((await login()).statusCode).toBe(200);
    });

    it('spends the code after 5 wrong tries', async () => {
      const form = registrationForm();
      const email = String(form.get('email'));
      await call(t, 'createCustomerUser', { form, ip: freshIp() });
      const code = await otpFromOutbox(t, email);
      const wrong = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++)
        expectError(await call(t, 'validateCustomerOtp', { body: { email, otp: wrong, password } }), 400, 'otpInvalid');
      expectError(await call(t, 'validateCustomerOtp', { body: { email, otp: code, password } }), 400, 'otpInvalid');
    });

    it('refuses an expired code', async () => {
      const form = registrationForm();
      const email = String(form.get('email'));
      await call(t, 'createCustomerUser', { form, ip: freshIp() });
      const code = await otpFromOutbox(t, email);
      await t.ctx.db.query(
        "UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)",
        [email],
      );
      expectError(await call(t, 'validateCustomerOtp', { body: { email, otp: code, password } }), 400, 'otpInvalid');
    });

    it('resend replaces the code: the old one stops working, the new one works', async () => {
      const form = registrationForm();
      const email = String(form.get('email'));
      await call(t, 'createCustomerUser', { form, ip: freshIp() });
      const first = await otpFromOutbox(t, email);
      const resent = await call(t, 'resendCustomerOtp', { body: { email } });
      expect(resent.statusCode).toBe(200);
      expect(json(resent).Message_en).toContain('new code');
      const second = await otpFromOutbox(t, email);
      expect((await mailsTo(t, email)).length).toBe(2);
      if (first !== second)
        expectError(await call(t, 'validateCustomerOtp', { body: { email, otp: first, password } }), 400, 'otpInvalid');
      expect((await call(t, 'validateCustomerOtp', { body: { email, otp: second, password } })).statusCode).toBe(200);
    });

    it('resend for an unknown email answers the same and sends nothing', async () => {
      const res = await call(t, 'resendCustomerOtp', { body: { email: 'nobody-here@example.et' } });
      expect(res.statusCode).toBe(200);
      expect(await mailsTo(t, 'nobody-here@example.et')).toEqual([]);
    });
  });

  describe('login, profile and logout', () => {
    it('logs in, returns only the caller profile, and logout makes the token unusable', async () => {
      const a = await newCustomer(t);
      const b = await newCustomer(t);
      const own = await call(t, 'getCustomerUser', { params: { id: a.id }, token: a.token });
      expect(own.statusCode).toBe(200);
      expect(json(own)).toMatchObject({ _id: a.id, email: a.email, firstname: 'Almaz', status: 'active' });
      expect(own.body).not.toContain('password');
      expectError(await call(t, 'getCustomerUser', { params: { id: b.id }, token: a.token }), 403, 'forbidden');
      expectError(await call(t, 'getCustomerUser', { params: { id: a.id } }), 401, 'unauthorized');
      expect((await call(t, 'logoutCustomerUser', { token: a.token })).statusCode).toBe(200);
      expectError(await call(t, 'getCustomerUser', { params: { id: a.id }, token: a.token }), 401, 'unauthorized');
    });

    it('stays signed in: renewal gives a fresh token for the same account, and the one sent stops working', async () => {
      const a = await newCustomer(t);
      expectError(await call(t, 'renewCustomerSession'), 401, 'unauthorized');
      const renewed = await call(t, 'renewCustomerSession', { token: a.token });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const { token, Message_en } = json<{ token: string; Message_en: string }>(renewed);
      expect(Message_en).toBe('You are still signed in.');
      expect(claimsOf(token).user.id).toBe(a.id);
      expect(claimsOf(token).jti).not.toBe(claimsOf(a.token).jti);
      expect(claimsOf(token).exp).toBeGreaterThanOrEqual(claimsOf(a.token).exp);
      expect((await call(t, 'getCustomerUser', { params: { id: a.id }, token })).statusCode).toBe(200);
      expectError(await call(t, 'getCustomerUser', { params: { id: a.id }, token: a.token }), 401, 'unauthorized');
      expectError(await call(t, 'renewCustomerSession', { token: a.token }), 401, 'unauthorized');
    });

    it('renewals sent together give one live token: one is answered, the others 401, and a logout of it ends the session', async () => {
      const a = await newCustomer(t);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(t, 'renewCustomerSession', { token: a.token })),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(9).fill(401)]);
      const { token } = json<{ token: string }>(answers.find((r) => r.statusCode === 200) as (typeof answers)[number]);
      expect((await call(t, 'getCustomerUser', { params: { id: a.id }, token })).statusCode).toBe(200);
      expect((await call(t, 'logoutCustomerUser', { token })).statusCode).toBe(200);
      for (const live of [token, a.token])
        expectError(await call(t, 'getCustomerUser', { params: { id: a.id }, token: live }), 401, 'unauthorized');
    });

    it('refuses a wrong password and an unknown email with the same answer', async () => {
      const a = await newCustomer(t);
      const wrong = await call(t, 'loginCustomerUser', {
        body: { email: a.email, password: 'not-the-password' },
        ip: freshIp(),
      });
      const unknown = await call(t, 'loginCustomerUser', {
        body: { email: 'nobody@example.et', password: 'not-the-password' },
        ip: freshIp(),
      });
      expectError(wrong, 401, 'loginFailed');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
    });

    it('refuses tokens that are forged, of another algorithm, expired or malformed', async () => {
      const a = await newCustomer(t);
      const get = (token: string) => call(t, 'getCustomerUser', { params: { id: a.id }, token });
      const [head, payload] = a.token.split('.') as [string, string, string];
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expectError(await get(none), 401);
      expectError(await get(`${head}.${payload}.AAAA`), 401);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const key = new TextEncoder().encode(SECRET);
      const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key);
      expectError(await get(hs512), 401);
      const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(key);
      expectError(await get(expired), 401);
      const otherKey = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(40)));
      expectError(await get(otherKey), 401);
      expectError(await get('garbage'), 401);
      expect((await get(a.token)).statusCode).toBe(200);
    });

    it('issues a token that expires after the configured lifetime', async () => {
      const a = await newCustomer(t);
      const claims = claimsOf(a.token);
      expect(claims.exp - claims.iat).toBe(60 * 60);
    });
  });

  describe('forgot and reset password', () => {
    const resetLink = async (email: string) => {
      const mails = await mailsTo(t, email);
      const match = /\/reset_password\/([0-9a-f-]+)\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
      if (!match) throw new Error('no reset link');
      return { id: match[1] as string, token: match[2] as string };
    };

    it('answers the same for known and unknown emails; only the known one gets a link', async () => {
      const a = await newCustomer(t);
      const known = await call(t, 'forgotCustomerUser', { body: { email: a.email }, ip: freshIp() });
      const unknown = await call(t, 'forgotCustomerUser', {
        body: { email: 'nobody-at-all@example.et' },
        ip: freshIp(),
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      const link = await resetLink(a.email);
      expect(link.id).toBe(a.id);
      expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [stored] = await t.ctx.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM reset_tokens WHERE customer_id = $1',
        [a.id],
      );
      expect(stored?.token_hash).not.toContain(link.token);
    });

    it('resets once, ends every session, and refuses the link again', async () => {
      const a = await newCustomer(t);
      await call(t, 'forgotCustomerUser', { body: { email: a.email } });
      const link = await resetLink(a.email);
      const reset = await call(t, 'resetCustomerUser', { params: link, body: { password: 'a-brand-new-password' } });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.headers['referrer-policy']).toBe('no-referrer');
      expectError(await call(t, 'getCustomerUser', { params: { id: a.id }, token: a.token }), 401);
      expectError(
        await call(t, 'resetCustomerUser', { params: link, body: { password: 'another-new-password' } }),
        400,
        'resetInvalid',
      );
      const old = await call(t, 'loginCustomerUser', {
        body: { email: a.email, password: 'a-long-enough-password' },
        ip: freshIp(),
      });
      expectError(old, 401);
      const fresh = await call(t, 'loginCustomerUser', {
        body: { email: a.email, password: 'a-brand-new-password' },
        ip: freshIp(),
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('a newer link cancels the older one; an expired link is refused', async () => {
      const a = await newCustomer(t);
      await call(t, 'forgotCustomerUser', { body: { email: a.email } });
      const first = await resetLink(a.email);
      await call(t, 'forgotCustomerUser', { body: { email: a.email } });
      const second = await resetLink(a.email);
      expectError(
        await call(t, 'resetCustomerUser', { params: first, body: { password: 'a-brand-new-password' } }),
        400,
        'resetInvalid',
      );
      await t.ctx.db.query("UPDATE reset_tokens SET expires_at = now() - interval '1 second' WHERE customer_id = $1", [
        a.id,
      ]);
      expectError(
        await call(t, 'resetCustomerUser', { params: second, body: { password: 'a-brand-new-password' } }),
        400,
        'resetInvalid',
      );
    });

    it('refuses a short password and a link with a made-up id', async () => {
      const short = await call(t, 'resetCustomerUser', {
        params: { id: 'x', token: 'y' },
        body: { password: 'short' },
      });
      const refused = expectError(short, 400, 'validation');
      expect(refused.fields).toEqual({ password: 'tooShort' });
      // The shortest it may be, for the page to say (issue 51).
      expect(refused.limits).toEqual({ password: PASSWORD_MIN_LENGTH });
      const made = await call(t, 'resetCustomerUser', {
        params: { id: 'not-a-uuid', token: 'y' },
        body: { password: 'long-enough-password' },
      });
      expectError(made, 400, 'resetInvalid');
    });
  });
});
