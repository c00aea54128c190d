import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseSummary } from '../../contract/entities.ts';
import { DEFAULT_RULES } from '../../server/config/rate-rules.ts';
import { addressKey } from '../../server/plugins/rate-limit.ts';
import type { TestApp } from '../support/api.ts';
import {
  applicationFor,
  call,
  expectError,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  openCaseList,
  registrationForm,
  startApp,
  uniqueEmail,
  uniquePhone,
} from '../support/api.ts';

/** In memory always; in Redis too when TEST_REDIS_URL is set (CI sets it). */
const STORES: ('memory' | 'redis')[] = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode);
const retryAfterOf = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);
/** Waits as long as a 429 said to: what is tested is that the same call then goes through. */
const waitOut = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
/** A /64 of the documentation prefix no other run of this file uses. */
const v6Block = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

describe('a client address as the limits count it', () => {
  it('counts IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe.each(STORES)('rate limits in %s', (store) => {
  /** Small limits, behind a reverse proxy (TRUST_PROXY): the tests give each client an address. */
  let t: TestApp;
  /** The limits the portal runs with. */
  let real: TestApp;
  beforeAll(async () => {
    const env = { ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL as string } : {}), TRUST_PROXY: '1' };
    if (store === 'redis') {
      // A fresh key space for this run: the counters of an earlier run must not count.
      const { Redis } = await import('ioredis');
      const redis = new Redis(process.env.TEST_REDIS_URL as string);
      const keys = await redis.keys('portal:rl:*');
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    t = await startApp('pglite', {
      env,
      rules: {
        getAllDivisions: { max: 3, windowMs: 60_000 },
        getAllTeams: { max: 2, windowMs: 1500 },
        signedIn: { max: 5, windowMs: 60_000 },
        'scan:case': { max: 2, windowMs: 2000 },
        'scan:caseSeen': { max: 3, windowMs: 60_000 },
        'account:login': { max: 3, windowMs: 60_000 },
        'account:loginTotal': { max: 8, windowMs: 60_000 },
      },
    });
    real = await startApp('pglite', { env, rules: DEFAULT_RULES });
  });
  afterAll(async () => {
    await t?.close();
    await real?.close();
  });

  it('answers 429 with Retry-After and Message_* once a client passes a route limit; other clients go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await call(t, 'getAllDivisions', { ip })).statusCode).toBe(200);
    const limited = await call(t, 'getAllDivisions', { ip });
    const body = expectError(limited, 429, 'tooManyRequests');
    expect(body.Message_en).toBe('Too many attempts. Please try again later.');
    expect(retryAfterOf(limited)).toBeGreaterThan(0);
    expect(retryAfterOf(limited)).toBeLessThanOrEqual(60);
    expect((await call(t, 'getAllDivisions', { ip: freshIp() })).statusCode).toBe(200);
    // Limits are per route: the same client may still call another route.
    expect((await call(t, 'getAllTeams', { ip })).statusCode).toBe(200);
  });

  it("a 429's Retry-After is true: once that many seconds have passed, the same call goes through", async () => {
    const ip = freshIp();
    expect(statusesOf([await call(t, 'getAllTeams', { ip }), await call(t, 'getAllTeams', { ip })])).toEqual([
      200, 200,
    ]);
    const limited = await call(t, 'getAllTeams', { ip });
    expectError(limited, 429, 'tooManyRequests');
    await waitOut(retryAfterOf(limited));
    expect((await call(t, 'getAllTeams', { ip })).statusCode).toBe(200);
  });

  it('stops a scan of case numbers from one client, and lets it look again after Retry-After', async () => {
    const ip = freshIp();
    const lookup = (i: number) =>
      call(t, 'getCaseByNumber', { body: { casenum: `HDAB-2019-${String(i).padStart(6, '0')}` }, ip });
    const answers: LightMyRequestResponse[] = [];
    for (let i = 1; i <= 5; i++) answers.push(await lookup(i));
    expect(statusesOf(answers)).toEqual([404, 404, 429, 429, 429]);
    // Another address is not held up.
    expect(
      (await call(t, 'getCaseByNumber', { body: { casenum: 'HDAB-2019-000001' }, ip: freshIp() })).statusCode,
    ).toBe(404);
    await waitOut(retryAfterOf(answers.at(-1) as LightMyRequestResponse));
    expect((await lookup(6)).statusCode).toBe(404);
  });

  it('counts a signed-in customer per account: a neighbour on the same address goes on, another address does not help', async () => {
    const [a, b] = [await newCustomer(t), await newCustomer(t)];
    const ip = freshIp();
    const read = (token: string, from = ip) => call(t, 'getCaseStatistics', { token, ip: from });
    for (let i = 0; i < 5; i++) expect((await read(a.token)).statusCode).toBe(200);
    expectError(await read(a.token), 429, 'tooManyRequests');
    expectError(await read(a.token, freshIp()), 429, 'tooManyRequests');
    expect((await read(b.token)).statusCode).toBe(200);
  });

  it('counts two addresses of one IPv6 /64 together, and two /64s apart', async () => {
    const block = v6Block();
    const from = (address: string) => call(t, 'getAllDivisions', { headers: { 'x-forwarded-for': address } });
    const same = [`${block}::1`, `${block}:aaaa::2`, `${block}:ffff:ffff:ffff:ffff`];
    for (const address of same) expect((await from(address)).statusCode).toBe(200);
    expectError(await from(`${block}::99`), 429, 'tooManyRequests');
    expect((await from(`${v6Block()}::1`)).statusCode).toBe(200);
  });

  it('behind one proxy (TRUST_PROXY=1) the client is the last hop: a made-up leftmost address gets no counter of its own', async () => {
    const hop = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const from = (forwarded: string) => call(t, 'getAllDivisions', { headers: { 'x-forwarded-for': forwarded } });
    const answers = [];
    for (let i = 1; i <= 8; i++) answers.push(await from(`203.0.113.${i}, ${hop}`));
    // The limit is 3: one counter for the eight, whatever the client wrote before the proxy's hop.
    expect(statusesOf(answers)).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect((await from(`203.0.113.1, ${freshIp()}`)).statusCode).toBe(200);
  });

  it('parallel failed logins from one address cannot pass the limit', async () => {
    const c = await newCustomer(t);
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t, 'loginCustomerUser', { body: { email: c.email, password: 'wrong-password' }, ip }),
      ),
    );
    const statuses = statusesOf(results);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('a stranger who types wrong passwords locks the account on their own address only: the owner logs in from theirs', async () => {
    const c = await newCustomer(t);
    const stranger = freshIp();
    for (let i = 0; i < 3; i++)
      expectError(
        await call(t, 'loginCustomerUser', { body: { email: c.email, password: 'wrong-password' }, ip: stranger }),
        401,
        'loginFailed',
      );
    const locked = await call(t, 'loginCustomerUser', {
      body: { email: c.email, password: 'a-long-enough-password' },
      ip: stranger,
    });
    expectError(locked, 429, 'tooManyRequests');
    expect(retryAfterOf(locked)).toBeGreaterThan(0);
    expect(
      (
        await call(t, 'loginCustomerUser', {
          body: { email: c.email, password: 'a-long-enough-password' },
          ip: freshIp(),
        })
      ).statusCode,
    ).toBe(200);
    // Forgot password still works from the locked address.
    expect((await call(t, 'forgotCustomerUser', { body: { email: c.email }, ip: stranger })).statusCode).toBe(200);
  });

  it('a guess spread over many addresses meets the per-account ceiling, whatever the address; a password reset starts it afresh', async () => {
    const c = await newCustomer(t);
    const tries = [];
    for (let i = 0; i < 9; i++)
      tries.push(
        await call(t, 'loginCustomerUser', { body: { email: c.email, password: 'wrong-password' }, ip: freshIp() }),
      );
    expect(statusesOf(tries)).toEqual([...Array<number>(8).fill(401), 429]);
    expectError(
      await call(t, 'loginCustomerUser', {
        body: { email: c.email, password: 'a-long-enough-password' },
        ip: freshIp(),
      }),
      429,
      'tooManyRequests',
    );
    expect((await call(t, 'forgotCustomerUser', { body: { email: c.email }, ip: freshIp() })).statusCode).toBe(200);
    const link = (await mailsTo(t, c.email)).at(-1)?.text.match(/\/reset_password\/([^/\s]+)\/(\S+)/);
    const reset = await call(t, 'resetCustomerUser', {
      params: { id: link?.[1] ?? '', token: link?.[2] ?? '' },
      body: { password: 'a-new-long-password' },
      ip: freshIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await call(t, 'loginCustomerUser', { body: { email: c.email, password: 'a-new-long-password' }, ip: freshIp() }))
        .statusCode,
    ).toBe(200);
  });

  describe('with the limits the portal runs with', () => {
    it('four customers behind one address file five applications each at once: all 20 go through; one account past its own limit waits, its neighbour does not', async () => {
      const ip = freshIp();
      const open = await openCaseList(real);
      const customers = await Promise.all(Array.from({ length: 4 }, () => newCustomer(real)));
      const apply = (token: string) => call(real, 'createCase', { form: applicationFor(open), token, ip });
      const answers = await Promise.all(customers.flatMap((c) => Array.from({ length: 5 }, () => apply(c.token))));
      expect(statusesOf(answers)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((r) => json<{ case: CaseSummary }>(r).case.case_number)).size).toBe(20);
      const first = customers[0] as { token: string };
      const second = customers[1] as { token: string };
      for (let i = 5; i < DEFAULT_RULES.createCase.max; i++) expect((await apply(first.token)).statusCode).toBe(201);
      const over = await apply(first.token);
      expectError(over, 429, 'tooManyRequests');
      expect(retryAfterOf(over)).toBeLessThanOrEqual(DEFAULT_RULES.createCase.windowMs / 1000);
      expect((await apply(second.token)).statusCode).toBe(201);
    });

    it('twelve registrations from one address in a minute are accepted; one email or one phone again and again is refused', async () => {
      const ip = freshIp();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => call(real, 'createCustomerUser', { form: registrationForm(), ip })),
      );
      expect(statusesOf(answers)).toEqual(Array(12).fill(201));
      for (const [rule, same] of [
        ['register:email', { email: uniqueEmail() }],
        ['register:phone', { phone: uniquePhone() }],
      ] as const) {
        const { max } = DEFAULT_RULES[rule];
        const statuses: number[] = [];
        // From a new address each time: the counter is the email's or the phone's.
        for (let i = 0; i <= max; i++)
          statuses.push(
            (await call(real, 'createCustomerUser', { form: registrationForm(same), ip: freshIp() })).statusCode,
          );
        expect(statuses, rule).toEqual([...Array(max).fill(201), 429]);
      }
    });

    it('120 lookups of existing case numbers from one address in a minute are answered; a scan of 1,500 made-up numbers is mostly refused', async () => {
      const open = await openCaseList(real);
      const owner = await newCustomer(real);
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++)
        numbers.push(
          json<{ case: CaseSummary }>(
            await call(real, 'createCase', { form: applicationFor(open), token: owner.token, ip: freshIp() }),
          ).case.case_number,
        );
      const ip = freshIp();
      const lookups: LightMyRequestResponse[] = [];
      for (let i = 0; i < 120; i++)
        lookups.push(await call(real, 'getCaseByNumber', { body: { casenum: numbers[i % 3] }, ip }));
      expect(statusesOf(lookups)).toEqual(Array(120).fill(200));
      // The public answer stays masked.
      expect(json<Case>(lookups[0] as LightMyRequestResponse).masked).toBe(true);

      const scanner = freshIp();
      const counts = new Map<number, number>();
      for (let i = 1; i <= 1500; i++) {
        const res = await call(real, 'getCaseByNumber', {
          body: { casenum: `HDAB-1990-${String(i).padStart(6, '0')}` },
          ip: scanner,
        });
        counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
      }
      const { max } = DEFAULT_RULES['scan:case'];
      expect(counts.get(404)).toBe(max);
      expect(counts.get(429)).toBe(1500 - max);
      // While it waits, that address cannot look up a real number either; others can.
      expectError(
        await call(real, 'getCaseByNumber', { body: { casenum: numbers[0] }, ip: scanner }),
        429,
        'tooManyRequests',
      );
      expect((await call(real, 'getCaseByNumber', { body: { casenum: numbers[0] }, ip: freshIp() })).statusCode).toBe(
        200,
      );
    });
  });

  it('a scan of existing, sequential numbers is stopped too: each new number counts once; repeats and one’s own cases do not (issue 48)', async () => {
    const open = await openCaseList(t);
    const owner = await newCustomer(t);
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++)
      numbers.push(
        json<{ case: CaseSummary }>(
          await call(t, 'createCase', { form: applicationFor(open), token: owner.token, ip: freshIp() }),
        ).case.case_number,
      );
    const scanner = freshIp();
    const seen = (casenum: string, options: { ip?: string; token?: string } = { ip: scanner }) =>
      call(t, 'getCaseByNumber', { body: { casenum }, ...options }).then((r) => r.statusCode);
    // The same number again and again: one count.
    for (let i = 0; i < 5; i++) expect(await seen(numbers[0] as string)).toBe(200);
    // New numbers count until the limit (3 here); then every lookup of that client waits.
    expect([await seen(numbers[1] as string), await seen(numbers[2] as string)]).toEqual([200, 200]);
    expect(await seen(numbers[3] as string)).toBe(429);
    expect(await seen(numbers[0] as string)).toBe(429);
    expect(await seen(numbers[4] as string, { ip: freshIp() })).toBe(200);
    // A customer reading their own cases, however many, is not scanning.
    for (const number of numbers) expect(await seen(number, { token: owner.token })).toBe(200);
  });
});
