import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { TEXT_LIMITS } from '../../contract/limits.ts';
import { formatDay } from '../../contract/dates.ts';
import { findStaff, moveCase, scheduleCase } from '../../server/cases/staff/staff.ts';
import { HANDLER, LEADER, OTHER_LEADER } from '../support/staff.ts';
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
  pdfBytes,
  startApp,
} from '../support/api.ts';

/** The staff command line moving a case through its life, against the API's data. */
describe.each(BACKENDS)('cases moved by staff on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;
  let pdf: Uint8Array;

  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
    pdf = await pdfBytes();
  });
  afterAll(async () => {
    await t?.close();
  });

  const apply = (token: string, form: FormData) => call(t, 'createCase', { form, token, ip: freshIp() });

  describe('staff command line service', () => {
    it('moves a case through its statuses, writes history, emails the customer, and refuses bad moves', async () => {
      const c = await newCustomer(t);
      const created = json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case;
      const staff = await findStaff(t.ctx, HANDLER);
      const leader = await findStaff(t.ctx, LEADER);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${t.dataDir}/response.pdf`, pdf);
      await expect(moveCase(t.ctx, created.case_number, { to: 'verified', staffId: leader.id })).rejects.toThrow(
        /cannot become verified/,
      );
      await moveCase(t.ctx, created.case_number, { to: 'ongoing', staffId: staff.id });
      await scheduleCase(t.ctx, created.case_number, 'scheduled', new Date('2030-01-15'), staff.id);
      await scheduleCase(t.ctx, created.case_number, 'extended', new Date('2030-02-15'), staff.id);
      await expect(moveCase(t.ctx, created.case_number, { to: 'responded', staffId: staff.id })).rejects.toThrow(/PDF/);
      await moveCase(t.ctx, created.case_number, {
        to: 'responded',
        staffId: staff.id,
        responseFile: `${t.dataDir}/response.pdf`,
      });
      const beforeVerify = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: created.case_number }, token: c.token }),
      );
      expect(beforeVerify.response_justification).toBeNull();
      await moveCase(t.ctx, created.case_number, { to: 'verified', staffId: leader.id });
      const done = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: created.case_number }, token: c.token }),
      );
      expect(done.status).toBe('verified');
      expect(done.responded_by).toEqual({
        firstname: 'Meseret',
        middlename: 'Alemu',
        lastname: 'Bekele',
        am: { firstname: 'መሰረት', middlename: 'አለሙ', lastname: 'በቀለ' },
      });
      expect(done.response_justification?.attachment).toMatch(/\.pdf$/);
      expect(done.schedule_program).toHaveLength(1);
      expect(done.schedule_program[0]?.schedule.extended_date?.slice(0, 10)).toBe('2030-02-15');
      expect(done.late).toBe('no');
      const mails = await mailsTo(t, c.email);
      expect(mails.map((m) => m.subject)).toEqual(
        expect.arrayContaining([
          `Case ${created.case_number}: processing`,
          `Case ${created.case_number}: responded`,
          `Case ${created.case_number}: appointment set`,
        ]),
      );
      // The response is not the customer's until verified: no second "processing" mail for it (issue 51).
      expect(mails.filter((m) => m.subject === `Case ${created.case_number}: processing`)).toHaveLength(1);
      // The mail that closes the case says the appointment ahead is cancelled, its day as the reader reads days (issue 51).
      const closing = mails.find((m) => m.subject === `Case ${created.case_number}: responded`);
      expect(closing?.text).toContain(
        `Your appointment on ${formatDay(new Date('2030-02-15'), 'en')} is cancelled: the case is closed.`,
      );
      expect(mails.filter((m) => m.text.includes('is cancelled'))).toHaveLength(1);
      const history = json<{ to_status: string; action: string }[]>(
        await call(t, 'getCaseHistory', { token: c.token, query: { case_id: created._id } }),
      );
      expect(history.map((h) => `${h.action}:${h.to_status}`)).toEqual([
        'created:pending',
        'status:ongoing',
        'scheduled:ongoing',
        'extended:ongoing',
        'status:responded',
        'status:verified',
      ]);
      await expect(
        moveCase(t.ctx, created.case_number, { to: 'rejected', staffId: leader.id, justification: 'x' }),
      ).rejects.toThrow(/cannot become rejected/);
    });

    it('asks for information with a reason, through the lifecycle: history, and a mail quoting the reason', async () => {
      const c = await newCustomer(t);
      const created = json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case;
      const staff = await findStaff(t.ctx, HANDLER);
      // Only an ongoing case, and only with a reason.
      await expect(
        moveCase(t.ctx, created.case_number, { to: 'info_requested', staffId: staff.id, note: 'Send the title deed' }),
      ).rejects.toThrow(/cannot become info_requested/);
      // The refusal says which step comes first: the command that takes the case up (issue 51).
      await expect(
        moveCase(t.ctx, created.case_number, { to: 'info_requested', staffId: staff.id, note: 'Send the title deed' }),
      ).rejects.toThrow(
        `Case ${created.case_number} is pending; it cannot become info_requested. What comes next from pending: staff: npm run staff -- ongoing ${created.case_number} --by EMAIL (a case handler); npm run staff -- reject ${created.case_number} --reason "…" --by EMAIL (a team leader). Or the customer, on the case page: withdraw it.`,
      );
      await moveCase(t.ctx, created.case_number, { to: 'ongoing', staffId: staff.id });
      await expect(moveCase(t.ctx, created.case_number, { to: 'info_requested', staffId: staff.id })).rejects.toThrow(
        /reason/,
      );
      // A reason the customer can read on a phone: at most the limit (the e2e audit writes one at it).
      const tooLong = 'ሀ'.repeat(TEXT_LIMITS.justification + 1);
      await expect(
        moveCase(t.ctx, created.case_number, { to: 'info_requested', staffId: staff.id, note: tooLong }),
      ).rejects.toThrow(/at most 5000/);
      await moveCase(t.ctx, created.case_number, {
        to: 'info_requested',
        staffId: staff.id,
        note: 'Send the title deed, please',
      });
      const seen = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: created.case_number }, token: c.token }),
      );
      expect(seen.status).toBe('info_requested');
      const history = json<{ to_status: string; note: string | null }[]>(
        await call(t, 'getCaseHistory', { token: c.token, query: { case_id: created._id } }),
      );
      expect(history.at(-1)).toMatchObject({ to_status: 'info_requested', note: 'Send the title deed, please' });
      // The last: messages go in the order they were written (server/notify/outbox.ts).
      const mail = (await mailsTo(t, c.email)).at(-1);
      expect(mail?.subject).toBe(`Case ${created.case_number}: information requested`);
      expect(mail?.text).toContain('Send the title deed, please');
    });

    it('decides an appeal only on an appealed case: overturn returns it to processing, uphold keeps the rejection', async () => {
      const c = await newCustomer(t);
      // One team leader rejects; the other decides the appeals (four eyes, ADR 0038).
      const rejecter = await findStaff(t.ctx, LEADER);
      const staff = await findStaff(t.ctx, OTHER_LEADER);
      const [a, b] = [
        json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case,
        json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case,
      ] as [CaseSummary, CaseSummary];
      for (const kase of [a, b])
        await moveCase(t.ctx, kase.case_number, { to: 'rejected', staffId: rejecter.id, justification: 'Incomplete' });
      // Not appealed: no decision to take, whichever way.
      await expect(
        moveCase(t.ctx, a.case_number, { to: 'ongoing', via: 'OVERTURN', staffId: staff.id, note: 'x' }),
      ).rejects.toThrow(/cannot become ongoing/);
      // The customer's appeal (its endpoint comes with the screens): as stored.
      await t.ctx.db.query("UPDATE cases SET status = 'appealed', appealed_at = now() WHERE id = ANY($1)", [
        [a._id, b._id],
      ]);
      await expect(
        moveCase(t.ctx, a.case_number, { to: 'ongoing', via: 'OVERTURN', staffId: staff.id }),
      ).rejects.toThrow(/reason/);
      // The one who rejected does not decide the appeal against their rejection.
      await expect(
        moveCase(t.ctx, a.case_number, { to: 'ongoing', via: 'OVERTURN', staffId: rejecter.id, note: 'Mine' }),
      ).rejects.toThrow(`Dawit Gebremariam rejected ${a.case_number}: another team leader decides the appeal`);
      await moveCase(t.ctx, a.case_number, {
        to: 'ongoing',
        via: 'OVERTURN',
        staffId: staff.id,
        note: 'The deed was in the file after all',
      });
      await moveCase(t.ctx, b.case_number, {
        to: 'rejected',
        via: 'UPHOLD',
        staffId: staff.id,
        note: 'Still incomplete',
        justification: 'Still incomplete',
      });
      const statuses = await t.ctx.db.query<{ id: string; status: string }>(
        'SELECT id, status FROM cases WHERE id = ANY($1)',
        [[a._id, b._id]],
      );
      expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
        [a._id]: 'ongoing',
        [b._id]: 'rejected',
      });
      // Upheld is final: no second decision.
      await expect(
        moveCase(t.ctx, b.case_number, { to: 'ongoing', via: 'OVERTURN', staffId: staff.id, note: 'x' }),
      ).rejects.toThrow(/cannot become ongoing/);
    });

    it('the lifecycle itself refuses a rejection without its justification, a request without its reason, a response without its PDF, a reason past its limit (issue 49)', async () => {
      const c = await newCustomer(t);
      const [handler, leader] = [await findStaff(t.ctx, HANDLER), await findStaff(t.ctx, LEADER)];
      const k = json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case;
      const move = (to: 'rejected' | 'info_requested' | 'responded' | 'ongoing', given: object = {}) =>
        moveCase(t.ctx, k.case_number, { to, staffId: (to === 'rejected' ? leader : handler).id, ...given });
      await expect(move('rejected')).rejects.toThrow('A rejection needs a justification (--reason).');
      await expect(move('rejected', { justification: '   ' })).rejects.toThrow('A rejection needs a justification');
      // The justification's limit, 5000 characters (contract/limits.ts): one past it is refused, the limit itself passes.
      await expect(move('rejected', { justification: 'j'.repeat(5001) })).rejects.toThrow(
        'A reason or note is at most 5000 characters',
      );
      await move('ongoing');
      await expect(move('info_requested')).rejects.toThrow('This step needs a reason (--reason).');
      await expect(move('responded', { note: 'Approved' })).rejects.toThrow('A response needs a PDF (--file).');
      const rows = await t.ctx.db.query<{ status: string }>('SELECT status FROM cases WHERE id = $1', [k._id]);
      expect(rows).toEqual([{ status: 'ongoing' }]);
      await move('rejected', { justification: 'j'.repeat(5000) });
    });

    it('marks a case late once its time limit has passed', async () => {
      const c = await newCustomer(t);
      const created = json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case;
      await t.ctx.db.query("UPDATE cases SET created_at = now() - interval '400 days' WHERE id = $1", [created._id]);
      const late = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: created.case_number }, token: c.token }),
      );
      expect(late.late).toBe('yes');
    });
  });
});
