import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CASES_QUERY } from '../../contract/dashboard.ts';
import { LINKED_ID_MAX_LENGTH } from '../../contract/limits.ts';
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

  /** Logs `who` in with `more` in the body; answers the login's answer (checked against its schema) and a read as its session. */
  async function logIn(who: { email: string }, more: Record<string, string> = {}) {
    const res = await call(t, 'loginCustomerUser', {
      body: { email: who.email, password: 'a-long-enough-password', ...more },
      ip: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<LoginResult>(res);
    expect(LoginResult.safeParse(answer).success).toBe(true);
    const read = async (name: EndpointName, options: Omit<CallOptions, 'token'> = {}) =>
      json<unknown>(await call(t, name, { token: answer.token, ...options }));
    return { answer, read, body: res.body };
  }

  it('the customer, the counts and the page of cases, each as its own read answers it (the reads stay)', async () => {
    const who = await newCustomer(t);
    const open = await openCaseList(t);
    for (let i = 0; i < 2; i++)
      expect(
        (await call(t, 'createCase', { form: applicationFor(open), token: who.token, ip: freshIp() })).statusCode,
      ).toBe(201);
    const { answer, read } = await logIn(who);
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

  it("a login that names the customer's own case (a link led to it) brings that case as its page reads it, and no dashboard", async () => {
    const who = await newCustomer(t);
    const open = await openCaseList(t);
    const filed = await call(t, 'createCase', { form: applicationFor(open), token: who.token, ip: freshIp() });
    expect(filed.statusCode, filed.body).toBe(201);
    const mine = json<{ case: { _id: string; case_number: string; caselist: { _id: string } } }>(filed).case;
    const { answer, read } = await logIn(who, { linked_case: mine._id });
    expect(answer.linked?.customer).toEqual(await read('getCustomerUser', { params: { id: who.id } }));
    expect(answer.linked?.case).toEqual(await read('getCaseByNumber', { body: { casenum: mine.case_number } }));
    expect(answer.linked?.caselist).toEqual(await read('getCaseListById', { params: { id: mine.caselist._id } }));
    expect(answer.linked?.rating).toEqual(await read('getRatingByCase', { params: { caseId: mine._id } }));
    expect(answer.linked?.history).toEqual(await read('getCaseHistory', { query: { case_id: mine._id } }));
    expect(answer.linked?.history.length).toBeGreaterThan(0);
    expect(answer.dashboard).toBeUndefined();
  });

  it("another customer's case, no case or something that is not an id: the login goes on, with the dashboard, and brings no case", async () => {
    const owner = await newCustomer(t);
    const open = await openCaseList(t);
    const filed = await call(t, 'createCase', { form: applicationFor(open), token: owner.token, ip: freshIp() });
    const theirs = json<{ case: { _id: string; case_number: string } }>(filed).case;
    const other = await newCustomer(t);
    for (const linked of [
      theirs._id,
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
      'x'.repeat(LINKED_ID_MAX_LENGTH),
    ]) {
      const { answer, body } = await logIn(other, { linked_case: linked });
      expect(answer.linked, linked).toBeUndefined();
      expect(answer.dashboard?.customer._id, linked).toBe(other.id);
      expect(body, linked).not.toContain(theirs.case_number);
    }
    // Longer than any id: refused as the request it is, like any other field past its limit.
    const long = await call(t, 'loginCustomerUser', {
      body: {
        email: other.email,
        password: 'a-long-enough-password',
        linked_case: 'x'.repeat(LINKED_ID_MAX_LENGTH + 1),
      },
      ip: freshIp(),
    });
    expect(long.statusCode).toBe(400);
  });
});
