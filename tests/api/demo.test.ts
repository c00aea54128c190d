import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_STATUSES } from '../../contract/statuses.ts';
import { DEMO, seedDemo, seedReference } from '../../server/seed/seed.ts';
import { STAFF } from '../../server/seed/reference-data.ts';
import type { TestApp } from '../support/api.ts';
import { startApp } from '../support/api.ts';
import { listCases } from '../../server/cases/repository.ts';
import { allCases } from '../../server/cases/reader/reader.ts';
import { SORT_LATEST } from '../../contract/limits.ts';

/** What `npm start` shows a new user: the demo customer's cases, one in every status the lifecycle has (the README says so). */
describe('the demo customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('a database seeded by an earlier release gains the staff a later one added, and keeps those it has', async () => {
    // As before issue 52: no second team leader and no accusation acceptor.
    const added = STAFF.filter((m) => m.role === 'accusation_acceptor' || m.email.startsWith('leader@'));
    expect(added).toHaveLength(2);
    const before = await t.ctx.db.query<{ id: string; email: string }>('SELECT id, email FROM staff ORDER BY email');
    await t.ctx.db.query('DELETE FROM staff WHERE email = ANY($1)', [added.map((m) => m.email)]);
    expect(await seedReference(t.ctx.db)).toBe(false);
    const after = await t.ctx.db.query<{ id: string; email: string; role: string }>(
      'SELECT id, email, role FROM staff ORDER BY email',
    );
    expect(after.map((m) => m.email)).toEqual(before.map((m) => m.email));
    for (const m of added) expect(after.find((a) => a.email === m.email)?.role).toBe(m.role);
    // Those already there keep their ids, which the history names.
    const kept = before.filter((m) => !added.some((a) => a.email === m.email));
    for (const m of kept) expect(after.find((a) => a.email === m.email)?.id).toBe(m.id);
  });

  it('has a case in every status, the bureau’s question, an appeal and a withdrawal among them', async () => {
    expect(await seedDemo(t.ctx)).toBe(true);
    const rows = await t.ctx.db.query<{ status: string; note: string | null }>(
      `SELECT c.status, h.note FROM cases c JOIN customers cu ON cu.id = c.customer_id
         LEFT JOIN case_history h ON h.case_id = c.id AND h.to_status = c.status
       WHERE cu.email = $1`,
      [DEMO.email],
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(LIFECYCLE_STATUSES));
    // Each added status comes with the words its page shows: the question, the appeal's and the withdrawal's reasons.
    for (const status of ['info_requested', 'appealed', 'withdrawn'])
      expect(rows.find((r) => r.status === status)?.note, status).toBeTruthy();
    expect(await seedDemo(t.ctx)).toBe(false);
  }, 60_000);

  it('lists its cases latest first in the order of their numbers, the late one filed first (issue 51)', async () => {
    const rows = await t.ctx.db.query<{ case_number: string }>(
      `SELECT c.case_number FROM cases c JOIN customers cu ON cu.id = c.customer_id WHERE cu.email = $1`,
      [DEMO.email],
    );
    const customerId = (
      await t.ctx.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [DEMO.email])
    )[0]!.id;
    const latest = await listCases(t.ctx, customerId, { page: '1', sort: `${SORT_LATEST}` });
    const shown = latest.cases.map((c) => c.case_number);
    expect(shown).toEqual(
      rows
        .map((r) => r.case_number)
        .sort()
        .reverse()
        .slice(0, shown.length),
    );
    const all = await allCases(t.ctx, customerId);
    const oldest = all.cases.find((c) => c.case_number.endsWith('-000001'));
    expect(oldest?.case_number).toMatch(/-000001$/);
    expect(oldest?.late).toBe('yes');
  });
});
