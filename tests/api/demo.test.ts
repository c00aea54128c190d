import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_STATUSES } from '../../contract/statuses.ts';
import { DEMO, seedDemo } from '../../server/seed/seed.ts';
import type { TestApp } from '../support/api.ts';
import { startApp } from '../support/api.ts';

/** What `npm start` shows a new user: the demo customer's cases, one in every status the lifecycle has (the README says so). */
describe('the demo customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

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
});
