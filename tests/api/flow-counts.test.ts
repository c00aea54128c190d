import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseSummary } from '../../contract/entities.ts';
import { FLOW_REPORT_DAYS, FLOW_REPORT_MAX_DAYS } from '../../contract/limits.ts';
import type { FlowCounts } from '../../contract/cases/answers.ts';
import { formatCounts, lifecycleCounts, lifecycleTransitions } from '../../server/cases/flow-report.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  expectError,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  startApp,
} from '../support/api.ts';
import { moveAs } from '../support/staff.ts';

describe('the case lifecycle as its history counts it', () => {
  it('each (from, to) pair of statuses is one transition of the machine, so that the history counts per transition', () => {
    const pairs = lifecycleTransitions().map((t) => `${t.from} -> ${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(lifecycleTransitions()).toContainEqual({ from: null, event: 'created', to: 'pending' });
    expect(lifecycleTransitions()).toContainEqual({ from: 'appealed', event: 'OVERTURN', to: 'ongoing' });
  });

  it('the staff report writes one line per transition and marks those never taken', () => {
    const text = formatCounts({
      days: 7,
      since: '2026-11-18T10:00:00.000Z',
      transitions: [
        { from: null, event: 'created', to: 'pending', count: 3 },
        { from: 'responded', event: 'VERIFY', to: 'verified', count: 0 },
      ],
    });
    expect(text.split('\n')).toEqual([
      'Case lifecycle: transitions taken in the last 7 days (since 2026-11-18)',
      '',
      '(new) · created -> pending           3',
      'responded · VERIFY -> verified       0  never taken',
    ]);
  });

  it('counts kept for a while are one database’s: another’s asked for the same days are its own (CI, 2026-12-02)', async () => {
    // Two databases as the tests' processes hold them, each answering its own history (a stand-in for the query alone).
    const history = (created: number) => ({
      query: async <T>() => [{ from_status: null, to_status: 'pending', n: created }] as T[],
    });
    const created = (c: FlowCounts) => c.transitions.find((t) => t.event === 'created')?.count;
    expect(created(await lifecycleCounts(history(0), 12))).toBe(0);
    expect(created(await lifecycleCounts(history(2), 12))).toBe(2);
  });
});

describe.each(BACKENDS)('what really happens to cases, counted for /flows, on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;
  let owner: Awaited<ReturnType<typeof newCustomer>>;
  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
    owner = await newCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Counts are kept a minute per number of days: each reading below asks for another number.
  const counts = async (days: number) => {
    const res = await call(t, 'getFlowCounts', { query: { days: String(days) }, ip: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    return json<FlowCounts>(res);
  };
  const count = (c: FlowCounts, from: string | null, event: string) =>
    c.transitions.find((x) => x.from === from && x.event === event)?.count;
  const newCase = async () =>
    json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: owner.token, ip: freshIp() }),
    ).case;

  it('counts each transition taken in the last days, lists those never taken with 0, and says nothing of any case or person', async () => {
    const before = await counts(10);
    expect(before.transitions.map(({ from, event, to }) => ({ from, event, to }))).toEqual(lifecycleTransitions());
    const a = await newCase();
    const b = await newCase();
    await moveAs(t.ctx, a.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, a.case_number, { to: 'info_requested', note: 'Send the deed' });
    expect((await call(t, 'withdrawCase', { params: { id: b._id }, body: {}, token: owner.token })).statusCode).toBe(
      200,
    );
    const after = await counts(11);
    for (const [from, event, added] of [
      [null, 'created', 2],
      ['pending', 'START', 1],
      ['ongoing', 'REQUEST_INFO', 1],
      ['pending', 'WITHDRAW', 1],
      ['responded', 'VERIFY', 0],
      ['appealed', 'UPHOLD', 0],
    ] as const)
      expect(count(after, from, event), `${from} · ${event}`).toBe((count(before, from, event) ?? NaN) + added);
    const body = JSON.stringify(after);
    for (const secret of [a._id, a.case_number, owner.id, owner.email, 'Send the deed'])
      expect(body).not.toContain(secret);
    expect(Object.keys(after).sort()).toEqual(['days', 'since', 'transitions']);
  });

  it('leaves out what happened before the days asked, and refuses days outside 1 to the most', async () => {
    const c = await newCase();
    await moveAs(t.ctx, c.case_number, { to: 'rejected', justification: 'Outside the bureau' });
    const recent = await counts(20);
    await t.ctx.db.query(`UPDATE case_history SET created_at = now() - interval '40 days' WHERE case_id = $1`, [c._id]);
    const older = await counts(21);
    expect(count(older, 'pending', 'REJECT')).toBe((count(recent, 'pending', 'REJECT') ?? NaN) - 1);
    expect(count(older, null, 'created')).toBe((count(recent, null, 'created') ?? NaN) - 1);
    const wide = await counts(60);
    expect(count(wide, 'pending', 'REJECT')).toBe(count(recent, 'pending', 'REJECT'));
    expect((await counts(FLOW_REPORT_MAX_DAYS)).days).toBe(FLOW_REPORT_MAX_DAYS);
    for (const days of ['0', String(FLOW_REPORT_MAX_DAYS + 1), 'x', '1.5'])
      expectError(await call(t, 'getFlowCounts', { query: { days }, ip: freshIp() }), 400, 'validation');
    // Without days: the default.
    expect(json<FlowCounts>(await call(t, 'getFlowCounts', { ip: freshIp() })).days).toBe(FLOW_REPORT_DAYS);
  });
});
