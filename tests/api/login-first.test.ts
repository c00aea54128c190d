import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CASES_QUERY } from '../../contract/dashboard.ts';
import { LoginResult } from '../../contract/customers/answers.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import type { CallOptions, TestApp } from '../support/api.ts';
import { BACKENDS, applicationFor, call, freshIp, json, newCustomer, openCaseList, startApp } from '../support/api.ts';

describe.each(BACKENDS)('the login answer brings what the dashboard shows first, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the customer, the counts and the page of cases, each as its own read answers it (the reads stay)', async () => {
    const who = await newCustomer(t);
    const open = await openCaseList(t);
    for (let i = 0; i < 2; i++)
      expect(
        (await call(t, 'createCase', { form: applicationFor(open), token: who.token, ip: freshIp() })).statusCode,
      ).toBe(201);
    const res = await call(t, 'loginCustomerUser', {
      body: { email: who.email, password: 'a-long-enough-password' },
      ip: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<LoginResult>(res);
    expect(LoginResult.safeParse(answer).success).toBe(true);
    const token = answer.token;
    const read = async (name: EndpointName, options: Omit<CallOptions, 'token'> = {}) =>
      json<unknown>(await call(t, name, { token, ...options }));
    expect(answer.dashboard?.customer).toEqual(await read('getCustomerUser', { params: { id: who.id } }));
    expect(answer.dashboard?.statistics).toEqual(await read('getCaseStatistics'));
    expect(answer.dashboard?.cases).toEqual(await read('getCases', { query: DASHBOARD_CASES_QUERY }));
    expect(answer.dashboard?.cases.cases).toHaveLength(2);
    // Nothing of the server's own goes with it.
    expect(Object.keys(answer).sort()).toEqual(
      ['Message_af', 'Message_am', 'Message_en', 'Message_or', 'Message_sm', 'Message_tg', 'dashboard', 'token'].sort(),
    );
  });

  it('a refused login brings nothing of the account', async () => {
    const who = await newCustomer(t);
    const res = await call(t, 'loginCustomerUser', {
      body: { email: who.email, password: 'not-the-password' },
      ip: freshIp(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('dashboard');
    expect(res.body).not.toContain(who.phone);
  });
});
