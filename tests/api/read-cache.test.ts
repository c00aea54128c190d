import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Case, CaseHistoryEntry, CaseList, CaseSummary } from '../../contract/entities.ts';
import { DAY_MS } from '../../contract/limits.ts';
import { findStaff } from '../../server/cases/staff/staff.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  startApp,
  unseen,
} from '../support/api.ts';
import { moveAs, HANDLER } from '../support/staff.ts';

/**
 * Answers of case reads are kept in the server's memory while the customer's data version
 * holds (server/plugins/read-cache.ts, migration 006). Each change below is made in SQL,
 * past the API, so that only the database's triggers can tell the server: a missing trigger
 * leaves the kept answer in place and the test fails.
 */
describe.each(BACKENDS)('case reads kept in memory on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;
  let owner: Awaited<ReturnType<typeof newCustomer>>;
  let other: Awaited<ReturnType<typeof newCustomer>>;
  let kase: CaseSummary;

  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
    owner = await newCustomer(t, { phone: '0911 55 66 77' });
    other = await newCustomer(t);
    const created = await call(t, 'createCase', { form: applicationFor(open), token: owner.token, ip: freshIp() });
    expect(created.statusCode, created.body).toBe(201);
    kase = json<{ case: CaseSummary }>(created).case;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const byNumber = async (token = owner.token) => {
    const res = await call(t, 'getCaseByNumber', { body: { casenum: kase.case_number }, token, ip: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    return json<Case>(res);
  };
  it('sends the kept answer while the version holds, and reads afresh once a change raises it', async () => {
    const first = await call(t, 'getCases', { query: { page: '1' }, token: owner.token, ip: freshIp() });
    expect(first.statusCode).toBe(200);
    await unseen(t, "UPDATE cases SET status = 'ongoing' WHERE id = $1", [kase._id]);
    const kept = await call(t, 'getCases', { query: { page: '1' }, token: owner.token, ip: freshIp() });
    // The answer comes from memory: the change made with the triggers off is not in it.
    expect(kept.body).toBe(first.body);
    expect(kept.headers['content-type']).toBe(first.headers['content-type']);
    expect(kept.headers['cache-control']).toBe('no-store');
    await unseen(t, "UPDATE cases SET status = 'pending' WHERE id = $1", [kase._id]);
    await moveAs(t.ctx, kase.case_number, { to: 'ongoing' });
    const moved = json<{ cases: CaseSummary[] }>(
      await call(t, 'getCases', { query: { page: '1' }, token: owner.token, ip: freshIp() }),
    );
    expect(moved.cases.find((c) => c._id === kase._id)?.status).toBe('ongoing');
    const statistics = json<{ processingCases: number }>(
      await call(t, 'getCaseStatistics', { token: owner.token, ip: freshIp() }),
    );
    expect(statistics.processingCases).toBe(1);
  });

  const question = () => open.questions[0] as CaseList['questions'][number];
  const changes: [string, (marker: string) => Promise<void>, (c: Case) => unknown][] = [
    [
      'the case',
      (m) => t.ctx.db.query('UPDATE cases SET remark = $2 WHERE id = $1', [kase._id, m]).then(() => undefined),
      (c) => c.remark,
    ],
    [
      'an answer',
      (m) =>
        t.ctx.db
          .query('UPDATE case_answers SET answer = $2 WHERE case_id = $1 AND question_id = $3', [
            kase._id,
            m,
            question()._id,
          ])
          .then(() => undefined),
      (c) => c.form.find((f) => f.list_of_question.question._id === question()._id)?.list_of_question.answer,
    ],
    [
      'the customer',
      (m) => t.ctx.db.query('UPDATE customers SET firstname = $2 WHERE id = $1', [owner.id, m]).then(() => undefined),
      (c) => c.customer_info.firstname,
    ],
    [
      'a division',
      (m) =>
        t.ctx.db.query('UPDATE divisions SET name_en = $2 WHERE id = $1', [kase.division._id, m]).then(() => undefined),
      (c) => c.division.name_en,
    ],
    [
      'a case type',
      (m) =>
        t.ctx.db
          .query('UPDATE case_lists SET case_name_en = $2 WHERE id = $1', [kase.caselist._id, m])
          .then(() => undefined),
      (c) => c.caselist.case_name_en,
    ],
    [
      'a question',
      (m) =>
        t.ctx.db.query('UPDATE questions SET name_en = $2 WHERE id = $1', [question()._id, m]).then(() => undefined),
      (c) => c.form.find((f) => f.list_of_question.question._id === question()._id)?.list_of_question.question.name_en,
    ],
    [
      'a schedule',
      async () => {
        const staff = await findStaff(t.ctx, HANDLER);
        await t.ctx.db.query(
          'INSERT INTO case_schedules (id, case_id, scheduled_by, scheduled_date) VALUES ($1, $2, $3, now())',
          [randomUUID(), kase._id, staff.id],
        );
      },
      (c) => c.schedule_program.length,
    ],
    [
      'a staff name',
      async (m) => {
        const staff = await findStaff(t.ctx, HANDLER);
        await t.ctx.db.query('UPDATE staff SET firstname = $2 WHERE id = $1', [staff.id, m]);
      },
      (c) => c.schedule_program.at(-1)?.schedule.scheduled_by?.firstname,
    ],
    [
      'a rating',
      async () => {
        await t.ctx.db.query('INSERT INTO ratings (id, case_id, customer_id, rate_num) VALUES ($1, $2, $3, 5)', [
          randomUUID(),
          kase._id,
          owner.id,
        ]);
      },
      (c) => c.rateCustomer !== null,
    ],
  ];

  it.each(changes)('a change of %s made past the API is in the next answer', async (_what, change, shown) => {
    const marker = `changed-${randomUUID().slice(0, 8)}`;
    const before = shown(await byNumber());
    expect(shown(await byNumber())).toEqual(before);
    await change(marker);
    const after = shown(await byNumber());
    expect(after).not.toEqual(before);
    if (typeof after === 'string') expect(after).toBe(marker);
  });

  it('a new history entry is in the next history answer', async () => {
    const history = async () =>
      json<CaseHistoryEntry[]>(
        await call(t, 'getCaseHistory', { query: { case_id: kase._id }, token: owner.token, ip: freshIp() }),
      );
    const before = (await history()).length;
    expect(await history()).toHaveLength(before);
    await t.ctx.db.query(
      "INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_customer_id) VALUES ($1, $2, 'status', 'ongoing', 'ongoing', $3)",
      [randomUUID(), kase._id, owner.id],
    );
    expect(await history()).toHaveLength(before + 1);
  });

  it('an open case that turns late by the clock is not answered from memory past its deadline', async () => {
    await t.ctx.db.query(
      "UPDATE cases SET created_at = now() - make_interval(days => (SELECT time_limit FROM case_lists WHERE id = case_list_id)) + interval '5 minutes' WHERE id = $1",
      [kase._id],
    );
    await t.ctx.db.query('DELETE FROM case_schedules WHERE case_id = $1', [kase._id]);
    expect((await byNumber()).late).toBe('no');
    expect((await byNumber()).late).toBe('no');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect((await byNumber()).late).toBe('yes');
    vi.setSystemTime(Date.now() + DAY_MS);
    expect((await byNumber()).late).toBe('yes');
  });

  it('keeps an answer for its own customer only, and never one that depends on more', async () => {
    await byNumber();
    const { entries } = t.ctx.reads.size();
    // Another customer: the case masked, not the owner's kept answer; nothing kept for them.
    const seen = await byNumber(other.token);
    expect(seen.masked).toBe(true);
    // The phone on file unmasks it for them, but that answer is not theirs to keep.
    const unmasked = await call(t, 'getCaseByNumber', {
      body: { casenum: kase.case_number, phone: owner.phone },
      token: other.token,
      ip: freshIp(),
    });
    expect(json<Case>(unmasked).masked).toBe(false);
    expect(t.ctx.reads.size().entries).toBe(entries);
  });

  it('only reads look a kept answer up: a write never does (the cache is registered on the reads alone)', async () => {
    const lookups: string[] = [];
    const get = t.ctx.reads.get;
    t.ctx.reads.get = (key, version, now) => {
      lookups.push(key.split('\u0000')[0] ?? '');
      return get(key, version, now);
    };
    try {
      const created = await call(t, 'createCase', { form: applicationFor(open), token: owner.token, ip: freshIp() });
      expect(created.statusCode, created.body).toBe(201);
      expect(lookups).toEqual([]);
      await byNumber();
      expect((await call(t, 'getCases', { query: { page: '1' }, token: owner.token, ip: freshIp() })).statusCode).toBe(
        200,
      );
      expect(lookups).toEqual(['getCaseByNumber', 'getCases']);
    } finally {
      t.ctx.reads.get = get;
    }
  });

  it('a token logged out gets 401, not the kept answer', async () => {
    const customer = await newCustomer(t);
    expect((await call(t, 'getCaseStatistics', { token: customer.token, ip: freshIp() })).statusCode).toBe(200);
    expect((await call(t, 'getCaseStatistics', { token: customer.token, ip: freshIp() })).statusCode).toBe(200);
    expect((await call(t, 'logoutCustomerUser', { token: customer.token, ip: freshIp() })).statusCode).toBe(200);
    expect((await call(t, 'getCaseStatistics', { token: customer.token, ip: freshIp() })).statusCode).toBe(401);
  });
});
