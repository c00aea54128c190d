import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_DIGITS, OTP_TTL_MINUTES, PASSWORD_MAX_LENGTH, RESET_TTL_MINUTES } from '../../contract/limits.ts';
import type { TestApp } from '../support/api.ts';
import {
  call,
  expectError,
  freshIp,
  mailsTo,
  newCustomer,
  otpFromOutbox,
  registrationForm,
  startApp,
  uniqueEmail,
} from '../support/api.ts';

/** Largest gap allowed between the median answer times for a known and an unknown email. */
const ENUMERATION_MAX_GAP_MS = 25;
const SAMPLES = 100;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    ((sorted[Math.floor((sorted.length - 1) / 2)] as number) + (sorted[Math.ceil((sorted.length - 1) / 2)] as number)) /
    2
  );
};

describe('accounts: password storage, enumeration, one-time codes and reset links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const hashOf = async (email: string) =>
    (
      await t.ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE email = $1', [email])
    )[0]?.password_hash ?? '';

  it('keeps passwords as argon2id with m >= 19 MiB, t >= 2, p = 1, and accepts long passwords', async () => {
    const long = 'ሀ-long passphrase with spaces and ünïcode '.repeat(4).slice(0, PASSWORD_MAX_LENGTH);
    expect(long.length).toBeGreaterThan(64);
    const c = await newCustomer(t);
    const phc = await hashOf(c.email);
    const [, algorithm, version, params] = phc.split('$');
    expect(algorithm).toBe('argon2id');
    expect(version).toBe('v=19');
    const p = Object.fromEntries(
      (params ?? '')
        .split(',')
        .map((kv) => kv.split('='))
        .map(([k, v]) => [k, Number(v)]),
    );
    expect(p.m).toBeGreaterThanOrEqual(19 * 1024);
    expect(p.t).toBeGreaterThanOrEqual(2);
    expect(p.p).toBe(1);
    const form = registrationForm({ password: long });
    const email = String(form.get('email'));
    expect((await call(t, 'createCustomerUser', { form, ip: freshIp() })).statusCode).toBe(201);
    expect(
      (
        await call(t, 'validateCustomerOtp', {
          body: { email, otp: await otpFromOutbox(t, email), password: long },
          ip: freshIp(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(t, 'loginCustomerUser', { body: { email, password: long }, ip: freshIp() })).statusCode).toBe(
      200,
    );
    expectError(
      await call(t, 'loginCustomerUser', { body: { email, password: long.slice(0, -1) }, ip: freshIp() }),
      401,
      'loginFailed',
    );
  });

  it(`answers a known and an unknown email alike, in body and in time (median gap < ${ENUMERATION_MAX_GAP_MS} ms over ${SAMPLES} tries)`, async () => {
    const known = await newCustomer(t);
    const timed = async (send: () => ReturnType<typeof call>) => {
      const start = performance.now();
      const res = await send();
      return { ms: performance.now() - start, status: res.statusCode, body: res.body };
    };
    const cases = {
      login: (email: string) => () =>
        call(t, 'loginCustomerUser', { body: { email, password: 'not-the-password' }, ip: freshIp() }),
      registration: (email: string) => () =>
        call(t, 'createCustomerUser', { form: registrationForm({ email }), ip: freshIp() }),
      forgot: (email: string) => () => call(t, 'forgotCustomerUser', { body: { email }, ip: freshIp() }),
    };
    for (const [name, request] of Object.entries(cases)) {
      const times = { known: [] as number[], unknown: [] as number[] };
      // Interleaved, so that whatever else the machine does weighs on both alike.
      for (let i = 0; i < SAMPLES; i++) {
        const a = await timed(request(known.email));
        const unknownEmail = uniqueEmail();
        const b = await timed(request(unknownEmail));
        expect(a.status, name).toBe(b.status);
        // Registration answers with the email it was given and a new random registration id (ADR 0020); nothing else may differ.
        const same = (body: string, email: string) =>
          body.replace(email, 'EMAIL').replace(/"registration":"[0-9a-f-]{36}"/, '"registration":"ID"');
        expect(same(a.body, known.email), name).toBe(same(b.body, unknownEmail));
        times.known.push(a.ms);
        times.unknown.push(b.ms);
      }
      const gap = Math.abs(median(times.known) - median(times.unknown));
      console.warn(
        `${name}: median ${median(times.known).toFixed(1)} ms known, ${median(times.unknown).toFixed(1)} ms unknown`,
      );
      expect(gap, name).toBeLessThan(ENUMERATION_MAX_GAP_MS);
    }
    // About 400 password hashes: half a minute alone, more beside the other suites.
  }, 300_000);

  it(`one-time codes: ${OTP_DIGITS} digits, kept only as a keyed hash, valid ${OTP_TTL_MINUTES} minutes`, async () => {
    const form = registrationForm();
    const email = String(form.get('email'));
    await call(t, 'createCustomerUser', { form, ip: freshIp() });
    const code = await otpFromOutbox(t, email);
    expect(code).toMatch(new RegExp(`^\\d{${OTP_DIGITS}}$`));
    const [row] = await t.ctx.db.query<{ code_hash: string; minutes: number }>(
      `SELECT code_hash, EXTRACT(EPOCH FROM (expires_at - now())) / 60 AS minutes
       FROM otp_codes JOIN customers ON customers.id = otp_codes.customer_id WHERE email = $1`,
      [email],
    );
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    expect(Number(row?.minutes)).toBeGreaterThan(OTP_TTL_MINUTES - 1);
    expect(Number(row?.minutes)).toBeLessThanOrEqual(OTP_TTL_MINUTES);
  });

  it(`reset links: >= 128 bits, kept only as a hash, valid <= ${RESET_TTL_MINUTES} minutes; a reset ends every session`, async () => {
    const c = await newCustomer(t);
    const second = (
      await call(t, 'loginCustomerUser', {
        body: { email: c.email, password: 'a-long-enough-password' },
        ip: freshIp(),
      })
    ).json<{
      token: string;
    }>().token;
    await call(t, 'forgotCustomerUser', { body: { email: c.email }, ip: freshIp() });
    const link = /\/reset_password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(
      (await mailsTo(t, c.email)).at(-1)?.text ?? '',
    );
    const token = link?.[2] ?? '';
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const [row] = await t.ctx.db.query<{ token_hash: string; minutes: number }>(
      'SELECT token_hash, EXTRACT(EPOCH FROM (expires_at - now())) / 60 AS minutes FROM reset_tokens WHERE customer_id = $1',
      [c.id],
    );
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);
    expect(Number(row?.minutes)).toBeLessThanOrEqual(RESET_TTL_MINUTES);
    const reset = await call(t, 'resetCustomerUser', {
      params: { id: c.id, token },
      body: { password: 'a-new-long-password' },
      ip: freshIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const old of [c.token, second])
      expectError(await call(t, 'getCustomerUser', { params: { id: c.id }, token: old }), 401, 'unauthorized');
    expectError(
      await call(t, 'resetCustomerUser', {
        params: { id: c.id, token },
        body: { password: 'another-long-password' },
        ip: freshIp(),
      }),
      400,
      'resetInvalid',
    );
  });
});
