import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { CASE_PHONE_HEADER, endpoints } from '../../contract/endpoints.ts';
import { DEFAULT_RULES } from '../../server/config/rate-rules.ts';
import type { TestApp } from '../support/api.ts';
import {
  applicationFor,
  call,
  expectError,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  startApp,
} from '../support/api.ts';

const SCAN = 1000;

describe('authorization: one customer never reaches another’s data', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof newCustomer>>;
  let intruder: Awaited<ReturnType<typeof newCustomer>>;
  let theirs: CaseSummary;
  /** Strings only the owner's records hold: none may reach the intruder. */
  let secrets: string[];

  beforeAll(async () => {
    // The lookup by number keeps its real limits: the scan below meets them.
    t = await startApp('pglite', {
      rules: { getCaseByNumber: DEFAULT_RULES.getCaseByNumber, 'scan:case': DEFAULT_RULES['scan:case'] },
    });
    owner = await newCustomer(t, {
      firstname: 'Tsehaynesh',
      lastname: 'Wolderufael',
      phone: '0911987654',
      house_number: 'H-7781',
    });
    intruder = await newCustomer(t, { phone: '0922000000' });
    const form = applicationFor(await openCaseList(t));
    form.set('remark', 'Only the owner may read this remark');
    theirs = json<{ case: CaseSummary }>(await call(t, 'createCase', { form, token: owner.token, ip: freshIp() })).case;
    await t.ctx.db.query("UPDATE cases SET status = 'verified' WHERE id = $1", [theirs._id]);
    secrets = [
      owner.email,
      owner.id,
      '0911987654',
      'Tsehaynesh',
      'Wolderufael',
      'H-7781',
      'Only the owner may read this remark',
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const leaks = (body: string) => secrets.filter((s) => body.includes(s));

  it('every endpoint that names a customer or a case answers the intruder 403/404 or with their own data only', async () => {
    const token = intruder.token;
    const ip = freshIp();
    const tries = {
      profile: await call(t, 'getCustomerUser', { params: { id: owner.id }, token }),
      list: await call(t, 'getCases', {
        token,
        query: {
          customer_id: owner.id,
          phone_number: '0911987654',
          firstname: 'Tsehaynesh',
          case_number: theirs.case_number,
        },
      }),
      statistics: await call(t, 'getCaseStatistics', { token }),
      all: await call(t, 'getAllCases', { token }),
      related: await call(t, 'getCasesByCustomer', { token }),
      history: await call(t, 'getCaseHistory', { token, query: { case_id: theirs._id } }),
      lookup: await call(t, 'getCaseByNumber', { body: { casenum: theirs.case_number }, token, ip }),
      wrongPhone: await call(t, 'getCaseByNumber', {
        body: { casenum: theirs.case_number, phone: '0922000000' },
        token,
        ip,
      }),
      print: await call(t, 'printCase', {
        params: { id: theirs._id },
        token,
        headers: { [CASE_PHONE_HEADER]: '0922000000' },
      }),
      rating: await call(t, 'createCustomerRating', { body: { rateNum: 1, rateCase: theirs._id }, token }),
      ratingRead: await call(t, 'getRatingByCase', { params: { caseId: theirs._id }, token }),
    };
    for (const [name, res] of Object.entries(tries)) {
      expect([200, 403, 404], `${name}: ${res.body}`).toContain(res.statusCode);
      expect(leaks(res.body), name).toEqual([]);
    }
    expectError(tries.profile, 403, 'forbidden');
    expect(json<{ cases: unknown[] }>(tries.list).cases).toEqual([]);
    expect(json(tries.all)).toEqual([]);
    expect(json(tries.related)).toEqual([]);
    expectError(tries.history, 404, 'caseNotFound');
    expect([403, 404]).toContain(tries.rating.statusCode);
    expectError(tries.ratingRead, 404, 'caseNotFound');
    // The masked lookup is the public one: the number, the status and dates, nothing personal.
    expect(json(tries.lookup)).toMatchObject({ case_number: theirs.case_number, remark: null, attachment: null });
    // And the owner does get all of it, so the strings above are the right ones to look for.
    const own = await call(t, 'getCaseByNumber', {
      body: { casenum: theirs.case_number },
      token: owner.token,
      ip: freshIp(),
    });
    expect(leaks(own.body)).toEqual(expect.arrayContaining(['Tsehaynesh', 'Only the owner may read this remark']));
  });

  it('without a token, no customer endpoint answers anything but 401', async () => {
    const required = Object.entries(endpoints).filter(([, def]) => def.auth === 'required');
    expect(required.length).toBeGreaterThan(10);
    for (const [name] of required) {
      const res = await call(t, name as keyof typeof endpoints, {
        params: { id: owner.id, caseId: theirs._id },
        ...(endpoints[name as keyof typeof endpoints].method === 'GET' ? {} : { body: {} }),
      });
      expectError(res, 401, 'unauthorized');
      expect(leaks(res.body), name).toEqual([]);
    }
  });

  it(`a scan of ${SCAN} case numbers from one client is stopped by the rate limit`, async () => {
    const ip = freshIp();
    const statuses = new Map<number, number>();
    let retryAfter = 0;
    for (let i = 1; i <= SCAN; i++) {
      const res = await call(t, 'getCaseByNumber', {
        body: { casenum: `HDAB-1990-${String(i).padStart(6, '0')}` },
        ip,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 429) retryAfter = Number(res.headers['retry-after']);
    }
    expect(statuses.get(404)).toBe(DEFAULT_RULES['scan:case'].max);
    expect(statuses.get(429)).toBe(SCAN - DEFAULT_RULES['scan:case'].max);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('the staff-facing calls the portal makes expose nothing of staff or customers', async () => {
    const teams = json<Record<string, unknown>[]>(await call(t, 'getAllTeams'));
    expect(teams.length).toBeGreaterThan(0);
    for (const team of teams) {
      expect(Object.keys(team).sort()).toEqual([
        '_id',
        'division',
        'name_af',
        'name_am',
        'name_en',
        'name_or',
        'name_sm',
        'name_tg',
        'status',
      ]);
    }
    expect(JSON.stringify(teams)).not.toMatch(/@|password|phone|email/i);
    for (const token of [undefined, owner.token]) {
      const bye = await call(t, 'logoutAccusationAcceptor', token ? { token } : {});
      expect(bye.statusCode).toBe(200);
      expect(Object.keys(json(bye)).every((k) => k.startsWith('Message_'))).toBe(true);
    }
    // It is not the customers' logout: the owner's session goes on.
    expect((await call(t, 'getCustomerUser', { params: { id: owner.id }, token: owner.token })).statusCode).toBe(200);
  });
});
