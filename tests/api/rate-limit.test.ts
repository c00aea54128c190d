import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helper.ts';
import { call, expectError, freshIp, newCustomer, startApp } from './helper.ts';

/** In memory always; in Redis too when TEST_REDIS_URL is set (CI sets it). */
const STORES: ('memory' | 'redis')[] = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

describe.each(STORES)('rate limits in %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', {
      env: store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL as string } : {},
      rules: {
        getAllDivisions: { max: 3, windowMs: 60_000 },
        getCaseByNumber: { max: 2, windowMs: 60_000 },
        'account:login': { max: 3, windowMs: 60_000 },
      },
    });
    if (store === 'redis') {
      // A fresh key space for this run: the counters of an earlier run must not count.
      const { Redis } = await import('ioredis');
      const redis = new Redis(process.env.TEST_REDIS_URL as string);
      const keys = await redis.keys('portal:rl:*');
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After and Message_* once a client passes a route limit; other clients go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await call(t, 'getAllDivisions', { ip })).statusCode).toBe(200);
    const limited = await call(t, 'getAllDivisions', { ip });
    const body = expectError(limited, 429, 'tooManyRequests');
    expect(body.Message_en).toBe('Too many attempts. Please try again later.');
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect((await call(t, 'getAllDivisions', { ip: freshIp() })).statusCode).toBe(200);
    // Limits are per route: the same client may still call another route.
    expect((await call(t, 'getAllTeams', { ip })).statusCode).toBe(200);
  });

  it('stops a scan of case numbers from one client', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++)
      statuses.push((await call(t, 'getCaseByNumber', { body: { casenum: `HDAB-2019-${String(i).padStart(6, '0')}` }, ip })).statusCode);
    expect(statuses.slice(0, 2)).toEqual([404, 404]);
    expect(statuses.slice(2)).toEqual([429, 429, 429]);
  });

  it('parallel failed logins cannot pass the per-account limit', async () => {
    const c = await newCustomer(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(t, 'loginCustomerUser', { body: { email: c.email, password: 'wrong-password' }, ip: freshIp() })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('limits failed logins per account, whatever address they come from; success is then refused too', async () => {
    const c = await newCustomer(t);
    for (let i = 0; i < 3; i++) {
      expectError(await call(t, 'loginCustomerUser', { body: { email: c.email, password: 'wrong-password' }, ip: freshIp() }), 401, 'loginFailed');
    }
    const locked = await call(t, 'loginCustomerUser', { body: { email: c.email, password: 'a-long-enough-password' }, ip: freshIp() });
    expectError(locked, 429, 'tooManyRequests');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Forgot password still works for a locked account.
    expect((await call(t, 'forgotCustomerUser', { body: { email: c.email }, ip: freshIp() })).statusCode).toBe(200);
  });
});
