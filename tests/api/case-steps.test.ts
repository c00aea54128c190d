import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseHistoryEntry, CaseList, CaseSummary } from '../../contract/entities.ts';
import { CaseStepResult } from '../../contract/cases/answers.ts';
import { APPEAL_WINDOW_DAYS } from '../../contract/limits.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { findStaff, scheduleCase } from '../../server/cases/staff/staff.ts';
import { formatDay } from '../../contract/dates.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  expectError,
  file,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  openCaseList,
  pdfBytes,
  startApp,
} from '../support/api.ts';
import { moveAs, HANDLER } from '../support/staff.ts';

type Customer = Awaited<ReturnType<typeof newCustomer>>;

describe.each(BACKENDS)("the customer's steps on a case, through the lifecycle, on %s", (backend) => {
  let t: TestApp;
  let open: CaseList;
  let owner: Customer;
  let other: Customer;
  let staffId: string;
  let pdf: Uint8Array;

  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
    [owner, other] = [await newCustomer(t), await newCustomer(t)];
    staffId = (await findStaff(t.ctx, HANDLER)).id;
    pdf = await pdfBytes('Title deed');
  });
  afterAll(async () => {
    await t?.close();
  });

  const newCase = async (): Promise<CaseSummary> =>
    json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: owner.token, ip: freshIp() }),
    ).case;
  const statusOf = async (id: string) =>
    (await t.ctx.db.query<{ status: string }>('SELECT status FROM cases WHERE id = $1', [id]))[0]?.status;
  const historyOf = async (id: string) =>
    t.ctx.db.query<{
      from_status: string;
      to_status: string;
      actor_customer_id: string | null;
      note: string | null;
      attachment: string | null;
    }>(
      'SELECT from_status, to_status, actor_customer_id, note, attachment FROM case_history WHERE case_id = $1 ORDER BY created_at, id',
      [id],
    );
  const form = (fields: Record<string, string>, attach = false) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    if (attach) f.append('attachment', file(pdf, 'deed.pdf', 'application/pdf'));
    return f;
  };
  const answer = (id: string, fields: Record<string, string>, token = owner.token, attach = false) =>
    call(t, 'answerCaseInfo', { params: { id }, form: form(fields, attach), token });
  const appeal = (id: string, fields: Record<string, string>, token = owner.token, attach = false) =>
    call(t, 'appealCase', { params: { id }, form: form(fields, attach), token });
  const withdraw = (id: string, body: Record<string, string> = {}, token = owner.token) =>
    call(t, 'withdrawCase', { params: { id }, body, token });

  it('answers a request for information with text and a PDF: back to processing, history with who, what and the file', async () => {
    const c = await newCase();
    // Nothing was asked yet.
    expectError(await answer(c._id, { answer: 'Here it is' }), 409, 'stepRefused');
    await moveAs(t.ctx, c.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, c.case_number, { to: 'info_requested', note: 'Send the title deed' });
    expectError(await answer(c._id, { answer: '' }), 400, 'validation');
    expectError(await answer(c._id, { answer: 'Not mine' }, other.token), 404, 'caseNotFound');
    const res = await answer(c._id, { answer: 'The deed is attached.' }, owner.token, true);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<CaseStepResult>(res);
    expect(body.case.status).toBe('ongoing');
    expect(body.Message_en).toContain(c.case_number);
    // The answer carries the case as its owner reads it and its history with the step, so the
    // case page shows them without reading again.
    expect(CaseStepResult.safeParse(body).success).toBe(true);
    expect(body.case).toEqual(
      json<Case[]>(await call(t, 'getAllCases', { token: owner.token })).find((x) => x._id === c._id),
    );
    expect(body.history.at(-1)).toMatchObject({ to_status: 'ongoing', note: 'The deed is attached.' });
    const last = (await historyOf(c._id)).at(-1);
    expect(last).toMatchObject({
      from_status: 'info_requested',
      to_status: 'ongoing',
      actor_customer_id: owner.id,
      note: 'The deed is attached.',
    });
    expect(last?.attachment).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
    const served = await t.app.inject({
      method: 'GET',
      url: `${MEDIA_PATHS.caseFiles}${last?.attachment}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The customer's history shows the step, by them, with its file.
    const history = json<CaseHistoryEntry[]>(
      await call(t, 'getCaseHistory', { token: owner.token, query: { case_id: c._id } }),
    );
    expect(history.at(-1)).toMatchObject({
      to_status: 'ongoing',
      by: { kind: 'customer' },
      note: 'The deed is attached.',
      attachment: last?.attachment,
    });
    expect(history.at(-2)).toMatchObject({
      to_status: 'info_requested',
      by: { kind: 'staff' },
      note: 'Send the title deed',
      attachment: null,
    });
    // A second answer: nothing is asked any more.
    expectError(await answer(c._id, { answer: 'Again' }), 409, 'stepRefused');
  });

  it("keeps no file of a step refused inside its transaction (another's case, a step the lifecycle refuses)", async () => {
    const { readdirSync } = await import('node:fs');
    const kept = () => t.ctx.storage.names('CaseFiles');
    const c = await newCase();
    const before = await kept();
    // The file is moved into place before the case is locked; the refusals come after (storage.keep removes it).
    expectError(await appeal(c._id, { reason: 'Not rejected yet' }, owner.token, true), 409, 'stepRefused');
    expectError(await appeal(c._id, { reason: 'Not mine' }, other.token, true), 404, 'caseNotFound');
    expect(await kept()).toEqual(before);
    expect(readdirSync(t.ctx.storage.stagingDir)).toEqual([]);
    expect((await t.ctx.db.query('SELECT name FROM pending_files')).length).toBe(0);
  });

  it('withdraws a pending case once, with or without a reason; not a case being processed, nor another customer’s', async () => {
    const [a, b] = [await newCase(), await newCase()];
    // An appointment ahead: the mail of the withdrawal says it is cancelled (issue 51).
    const day = new Date(Date.now() + 7 * 86_400_000);
    await scheduleCase(t.ctx, a.case_number, 'scheduled', day, staffId);
    expectError(await withdraw(a._id, {}, other.token), 404, 'caseNotFound');
    const done = await withdraw(a._id, { reason: 'Filed by mistake' });
    expect(done.statusCode, done.body).toBe(200);
    expect(json<CaseStepResult>(done).case.status).toBe('withdrawn');
    expect((await historyOf(a._id)).at(-1)).toMatchObject({
      to_status: 'withdrawn',
      note: 'Filed by mistake',
      actor_customer_id: owner.id,
    });
    expectError(await withdraw(a._id), 409, 'stepRefused');
    const withdrawn = (await mailsTo(t, owner.email)).find((m) => m.subject === `Case ${a.case_number}: withdrawn`);
    expect(withdrawn?.text).toContain(`Your appointment on ${formatDay(day, 'en')} is cancelled: the case is closed.`);
    await moveAs(t.ctx, b.case_number, { to: 'ongoing' });
    const before = (await historyOf(b._id)).length;
    expectError(await withdraw(b._id), 409, 'stepRefused');
    expect(await statusOf(b._id)).toBe('ongoing');
    expect(await historyOf(b._id)).toHaveLength(before);
  });

  it(`appeals a rejection once, with a reason, within ${APPEAL_WINDOW_DAYS} days; a late or second appeal is refused`, async () => {
    const [a, late] = [await newCase(), await newCase()];
    for (const c of [a, late]) await moveAs(t.ctx, c.case_number, { to: 'rejected', justification: 'Incomplete' });
    expectError(await appeal(a._id, { reason: '' }), 400, 'validation');
    const res = await appeal(a._id, { reason: 'Everything was there' }, owner.token, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CaseStepResult>(res).case.status).toBe('appealed');
    expectError(await appeal(a._id, { reason: 'Twice' }), 409, 'stepRefused');
    // Upheld: rejected again, for good.
    await moveAs(t.ctx, a.case_number, {
      to: 'rejected',
      via: 'UPHOLD',
      note: 'Still incomplete',
      justification: 'Still incomplete',
    });
    const again = expectError(await appeal(a._id, { reason: 'Once more' }), 409, 'appealClosed');
    expect(again.Message_en).toContain(String(APPEAL_WINDOW_DAYS));
    await t.ctx.db.query(
      `UPDATE cases SET rejected_date = now() - interval '${APPEAL_WINDOW_DAYS + 1} days' WHERE id = $1`,
      [late._id],
    );
    expectError(await appeal(late._id, { reason: 'Too late' }), 409, 'appealClosed');
    expect(await statusOf(late._id)).toBe('rejected');
  });

  it('a withdrawn case can no longer be answered, appealed or rated', async () => {
    const c = await newCase();
    await withdraw(c._id);
    expectError(await answer(c._id, { answer: 'x' }), 409, 'stepRefused');
    expectError(await appeal(c._id, { reason: 'x' }), 409, 'stepRefused');
    expect(
      (await call(t, 'createCustomerRating', { body: { rateNum: 5, rateCase: c._id }, token: owner.token })).statusCode,
    ).toBe(409);
  });
});
