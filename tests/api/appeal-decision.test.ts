import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { migrate } from '../../server/db/client.ts';
import { findStaff, moveCase } from '../../server/cases/staff/staff.ts';
import { LEADER, OTHER_LEADER } from '../support/staff.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  openCaseList,
  startApp,
} from '../support/api.ts';
import { textRuns } from '../support/pdf-text.ts';

/**
 * Issue 51 item 4: after an appeal is decided the rejection's own reason stays in sight beside
 * the decision, on the case, its print and the mail that says the appeal was decided.
 */
describe.each(BACKENDS)('an appeal decided on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;

  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A case of a new customer, rejected for `reason` and appealed by its owner through the API. */
  async function appealed(reason: string) {
    const c = await newCustomer(t);
    const k = json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
    ).case;
    const rejecter = await findStaff(t.ctx, LEADER);
    await moveCase(t.ctx, k.case_number, { to: 'rejected', staffId: rejecter.id, justification: reason });
    const form = new FormData();
    form.append('reason', 'The deed was in the file');
    const sent = await call(t, 'appealCase', { params: { id: k._id }, form, token: c.token });
    expect(sent.statusCode, sent.body).toBe(200);
    return { c, k };
  }
  const read = async (token: string, number: string) =>
    json<Case>(await call(t, 'getCaseByNumber', { body: { casenum: number }, token }));

  it('upheld: the rejection keeps its reason and who rejected; the decision, its day and note come beside it', async () => {
    const { c, k } = await appealed('The title deed is missing');
    const before = await read(c.token, k.case_number);
    expect(before.appeal_decision).toBeNull();
    const decider = await findStaff(t.ctx, OTHER_LEADER);
    await moveCase(t.ctx, k.case_number, { to: 'rejected', via: 'UPHOLD', staffId: decider.id, note: 'Checked again' });

    const after = await read(c.token, k.case_number);
    expect(after.status).toBe('rejected');
    expect(after.rejection_justification).toBe('The title deed is missing');
    expect(after.rejected_by).toEqual(before.rejected_by);
    expect(after.appeal_decision).toMatchObject({ upheld: true, note: 'Checked again' });
    expect(Date.parse(after.appeal_decision?.date ?? '')).toBeGreaterThanOrEqual(
      Date.parse(before.rejected_date ?? ''),
    );

    // The mail says the appeal was decided, in its subject too, with the decision's note and the rejection's reason.
    const mail = (await mailsTo(t, c.email)).at(-1);
    expect(mail?.subject).toBe(`Case ${k.case_number}: your appeal was decided`);
    expect(mail?.text).toContain('the rejection stands');
    expect(mail?.text).toContain('Checked again');
    expect(mail?.text).toContain('The reason for the rejection:\nThe title deed is missing');

    // The print: the rejection's reason and the decision beside it.
    const printed = await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() });
    expect(printed.statusCode, printed.body).toBe(200);
    const file = await t.ctx.storage.read('root', json<{ file_name: string }>(printed).file_name);
    const text = (await textRuns(new Uint8Array(file ?? []))).map((r) => r.text).join('\n');
    expect(text).toContain('The title deed is missing');
    expect(text).toContain('Checked again');
    expect(text).toMatch(/Appeal decided on/);
    expect(text).toMatch(/the rejection stands/);
  });

  it('a case upheld before this release gets its rejection’s reason and author back from the history (migration 023)', async () => {
    const { c, k } = await appealed('No building permit');
    const decider = await findStaff(t.ctx, OTHER_LEADER);
    await moveCase(t.ctx, k.case_number, { to: 'rejected', via: 'UPHOLD', staffId: decider.id, note: 'Still none' });
    const kept = await read(c.token, k.case_number);
    // What the earlier release wrote: the decision's note and author over the rejection's.
    await t.ctx.db.query('UPDATE cases SET rejection_justification = $2, rejected_by = $3 WHERE id = $1', [
      k._id,
      'Still none',
      decider.id,
    ]);
    expect((await read(c.token, k.case_number)).rejection_justification).toBe('Still none');
    await t.ctx.db.query("DELETE FROM schema_migrations WHERE name = '023_upheld_appeal_reason.sql'");
    expect(await migrate(t.ctx.db)).toEqual(['023_upheld_appeal_reason.sql']);
    const mended = await read(c.token, k.case_number);
    expect(mended.rejection_justification).toBe('No building permit');
    expect(mended.rejected_by).toEqual(kept.rejected_by);
  });

  it('overturned: the case is processed again, and the decision says so', async () => {
    const { c, k } = await appealed('Wrong division');
    const decider = await findStaff(t.ctx, OTHER_LEADER);
    await moveCase(t.ctx, k.case_number, { to: 'ongoing', via: 'OVERTURN', staffId: decider.id, note: 'Our mistake' });
    const after = await read(c.token, k.case_number);
    expect(after.status).toBe('ongoing');
    expect(after.appeal_decision).toMatchObject({ upheld: false, note: 'Our mistake' });
    const mail = (await mailsTo(t, c.email)).at(-1);
    expect(mail?.subject).toBe(`Case ${k.case_number}: your appeal was decided`);
    expect(mail?.text).toContain('the rejection is withdrawn and your case is processed again');
    expect(mail?.text).not.toContain('The reason for the rejection');
  });
});
