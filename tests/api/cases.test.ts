import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { CASE_PAGE_SIZE, TEXT_LIMITS } from '../../contract/limits.ts';
import { CASE_PHONE_HEADER } from '../../contract/endpoints.ts';
import { findStaff, moveCase, scheduleCase } from '../../server/cases/staff.ts';
import { ethiopianYear } from '../../contract/dates.ts';
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
  pdfFonts,
  startApp,
} from '../support/api.ts';

describe.each(BACKENDS)('cases on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;
  let owner: Awaited<ReturnType<typeof newCustomer>>;
  let other: Awaited<ReturnType<typeof newCustomer>>;
  let pdf: Uint8Array;

  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
    owner = await newCustomer(t, { phone: '0911 22 33 44' });
    other = await newCustomer(t, { phone: '0922000000' });
    pdf = await pdfBytes();
  });
  afterAll(async () => {
    await t?.close();
  });

  const apply = (token: string, form: FormData) => call(t, 'createCase', { form, token, ip: freshIp() });

  describe('create', () => {
    it('creates a case with a PDF attachment; the case number is PREFIX-year-sequence', async () => {
      const res = await apply(
        owner.token,
        applicationFor(open, {}, { attachment: file(pdf, 'docs.pdf', 'application/pdf') }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = json<{ case: CaseSummary; Message_en: string }>(res);
      expect(body.case.case_number).toMatch(new RegExp(`^HDAB-${ethiopianYear()}-\\d{6}$`));
      expect(body.Message_en).toContain(body.case.case_number);
      expect(body.case.status).toBe('pending');
      const [row] = await t.ctx.db.query<{ attachment: string }>('SELECT attachment FROM cases WHERE id = $1', [
        body.case._id,
      ]);
      expect(row?.attachment).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
      // Served to its owner's session (issue 48).
      const served = await t.app.inject({
        method: 'GET',
        url: `/Media/CaseFiles/${row?.attachment}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('refuses a missing division, an unknown case type and a case type of another division', async () => {
      const noDivision = applicationFor(open);
      noDivision.delete('division');
      expect(expectError(await apply(owner.token, noDivision), 400, 'validation').fields).toMatchObject({
        division: 'required',
      });
      const unknown = applicationFor(open);
      unknown.set('caselist', '00000000-0000-4000-8000-000000000000');
      expectError(await apply(owner.token, unknown), 400, 'caseListUnavailable');
      const divisions = json<{ _id: string; status: string; special: string }[]>(await call(t, 'getAllDivisions'));
      const elsewhere = divisions.find(
        (d) => d._id !== open.division._id && d.status === 'active' && d.special === 'no',
      );
      const mismatched = applicationFor(open);
      mismatched.set('division', elsewhere?._id ?? '');
      expectError(await apply(owner.token, mismatched), 400, 'caseListUnavailable');
    });

    it('refuses inactive and special divisions', async () => {
      const divisions = json<{ _id: string; status: string; special: string }[]>(await call(t, 'getAllDivisions'));
      for (const d of divisions.filter((x) => x.status !== 'active' || x.special === 'yes')) {
        const form = applicationFor(open);
        form.set('division', d._id);
        expectError(await apply(owner.token, form), 400, 'divisionUnavailable');
      }
    });

    it('checks the answers: required, select value, number, unknown question, malformed JSON', async () => {
      const required = open.questions.find((q) => q.isRequired === 'yes') as CaseList['questions'][number];
      const select = open.questions.find((q) => q.inputType === 'select') as CaseList['questions'][number];
      const number = open.questions.find((q) => q.dataType === 'number' && q.inputType !== 'select');
      const missing = await apply(owner.token, applicationFor(open, { [required._id]: '' }));
      expect(expectError(missing, 400, 'invalidForm').fields).toMatchObject({ [required._id]: 'required' });
      const badSelect = await apply(owner.token, applicationFor(open, { [select._id]: 'not-a-value' }));
      expect(expectError(badSelect, 400, 'invalidForm').fields).toMatchObject({ [select._id]: 'invalid' });
      if (number) {
        const notNumber = await apply(owner.token, applicationFor(open, { [number._id]: 'four' }));
        expect(expectError(notNumber, 400, 'invalidForm').fields).toMatchObject({ [number._id]: 'notANumber' });
      }
      const unknownQuestion = applicationFor(open);
      unknownQuestion.set(
        'form',
        JSON.stringify([...JSON.parse(String(unknownQuestion.get('form'))), { 'made-up': 'x' }]),
      );
      expect(expectError(await apply(owner.token, unknownQuestion), 400, 'invalidForm').fields).toMatchObject({
        'made-up': 'unknown',
      });
      const malformed = applicationFor(open);
      malformed.set('form', '{not json');
      expectError(await apply(owner.token, malformed), 400, 'invalidForm');
      const twoKeys = applicationFor(open);
      twoKeys.set('form', JSON.stringify([{ a: '1', b: '2' }]));
      expectError(await apply(owner.token, twoKeys), 400, 'invalidForm');
    });

    it('refuses a non-PDF renamed .pdf, an empty file and 10 MB + 1 byte, and keeps no file', async () => {
      // spec: S9.ATTACHMENT, S5.APPLY.ATTACHMENT (the labels' 10MB: 10 × 1024 × 1024 bytes taken, one byte more refused)
      const tenMb = 10 * 1024 * 1024;
      const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(64, ' '));
      expectError(
        await apply(owner.token, applicationFor(open, {}, { attachment: file(html, 'x.pdf', 'application/pdf') })),
        400,
        'notPdf',
      );
      expectError(
        await apply(
          owner.token,
          applicationFor(open, {}, { attachment: file(Buffer.alloc(0), 'e.pdf', 'application/pdf') }),
        ),
        400,
      );
      const big = Buffer.concat([Buffer.from(pdf), Buffer.alloc(tenMb + 1 - pdf.length, 0x20)]);
      expect(big.length).toBe(10_485_761);
      expectError(
        await apply(owner.token, applicationFor(open, {}, { attachment: file(big, 'big.pdf', 'application/pdf') })),
        413,
        'fileTooLarge',
      );
      const exact = Buffer.concat([Buffer.from(pdf), Buffer.alloc(tenMb - pdf.length, 0x20)]);
      expect(exact.length).toBe(10_485_760);
      expect(
        (await apply(owner.token, applicationFor(open, {}, { attachment: file(exact, 'max.pdf', 'application/pdf') })))
          .statusCode,
      ).toBe(201);
      const { readdirSync } = await import('node:fs');
      expect(readdirSync(t.ctx.storage.stagingDir)).toEqual([]);
    });

    it('keeps no file of an application the domain refuses after its file was received', async () => {
      const { readdirSync } = await import('node:fs');
      const kept = () => readdirSync(t.ctx.storage.dirOf('CaseFiles')).sort();
      const before = kept();
      const theirs = json<{ case: CaseSummary }>(await apply(other.token, applicationFor(open))).case;
      const attachment = file(Buffer.from(pdf), 'deed.pdf', 'application/pdf');
      const refused = await apply(owner.token, applicationFor(open, {}, { related_case_id: theirs._id, attachment }));
      expect(refused.statusCode).toBe(400);
      expect(readdirSync(t.ctx.storage.stagingDir)).toEqual([]);
      expect(kept()).toEqual(before);
    });

    it('accepts the customer’s own case as related case and refuses another customer’s', async () => {
      const mine = json<{ case: CaseSummary }>(await apply(owner.token, applicationFor(open))).case;
      const theirs = json<{ case: CaseSummary }>(await apply(other.token, applicationFor(open))).case;
      const related = await apply(owner.token, applicationFor(open, {}, { related_case_id: mine._id }));
      expect(related.statusCode, related.body).toBe(201);
      const foreign = await apply(owner.token, applicationFor(open, {}, { related_case_id: theirs._id }));
      expect(expectError(foreign, 400, 'relatedCaseInvalid').fields).toEqual({ related_case_id: 'invalid' });
    });

    it('needs a token', async () => {
      expectError(await call(t, 'createCase', { form: applicationFor(open) }), 401, 'unauthorized');
    });

    it('gives distinct case numbers to concurrent submissions', async () => {
      const results = await Promise.all(Array.from({ length: 12 }, () => apply(owner.token, applicationFor(open))));
      const numbers = results.map((r) => {
        expect(r.statusCode, r.body).toBe(201);
        return json<{ case: CaseSummary }>(r).case.case_number;
      });
      expect(new Set(numbers).size).toBe(numbers.length);
    });
  });

  describe('reading', () => {
    let customer: Awaited<ReturnType<typeof newCustomer>>;
    let created: CaseSummary[];
    beforeAll(async () => {
      customer = await newCustomer(t, { phone: '0933445566' });
      created = [];
      for (let i = 0; i < CASE_PAGE_SIZE + 2; i++)
        created.push(json<{ case: CaseSummary }>(await apply(customer.token, applicationFor(open))).case);
      const staff = await findStaff(t.ctx, undefined);
      await moveCase(t.ctx, created[0]!.case_number, { to: 'ongoing', staffId: staff.id });
      await moveCase(t.ctx, created[1]!.case_number, {
        to: 'rejected',
        staffId: staff.id,
        justification: 'Incomplete',
      });
      await moveCase(t.ctx, created[2]!.case_number, { to: 'ongoing', staffId: staff.id });
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${t.dataDir}/resp.pdf`, pdf);
      await moveCase(t.ctx, created[2]!.case_number, {
        to: 'responded',
        staffId: staff.id,
        responseFile: `${t.dataDir}/resp.pdf`,
      });
    });

    it('pages the list, latest first by default, oldest first with sort=1', async () => {
      const first = json<{ cases: CaseSummary[]; currentPage: number; totalPages: number; totalCases: number }>(
        await call(t, 'getCases', { token: customer.token, query: { page: '', sort: '', status: '' } }),
      );
      expect(first.currentPage).toBe(1);
      expect(first.totalPages).toBe(2);
      expect(first.cases).toHaveLength(CASE_PAGE_SIZE);
      expect(first.cases[0]?._id).toBe(created.at(-1)?._id);
      expect(first.totalCases).toBe(created.length);
      const second = json<{ cases: CaseSummary[]; currentPage: number; totalCases: number }>(
        await call(t, 'getCases', { token: customer.token, query: { page: '2', sort: '-1' } }),
      );
      expect(second.currentPage).toBe(2);
      expect(second.cases).toHaveLength(2);
      expect(second.totalCases).toBe(created.length);
      // A page past the end is empty and still tells how many there are.
      const past = json<{ cases: CaseSummary[]; totalPages: number; totalCases: number }>(
        await call(t, 'getCases', { token: customer.token, query: { page: '9' } }),
      );
      expect(past).toMatchObject({ cases: [], totalPages: 2, totalCases: created.length });
      const oldest = json<{ cases: CaseSummary[] }>(
        await call(t, 'getCases', { token: customer.token, query: { sort: '1' } }),
      );
      expect(oldest.cases[0]?._id).toBe(created[0]?._id);
      const rejected = json<{ cases: CaseSummary[] }>(
        await call(t, 'getCases', { token: customer.token, query: { status: 'rejected' } }),
      );
      expect(rejected.cases.map((c) => c._id)).toEqual([created[1]?._id]);
      expectError(await call(t, 'getCases', { token: customer.token, query: { sort: '7' } }), 400, 'validation');
    });

    it('ignores filters that would reach another customer', async () => {
      const res = json<{ cases: CaseSummary[] }>(
        await call(t, 'getCases', {
          token: customer.token,
          query: { customer_id: owner.id, phone_number: owner.phone, firstname: 'Almaz' },
        }),
      );
      const ids = new Set(created.map((c) => c._id));
      expect(res.cases.length).toBeGreaterThan(0);
      for (const c of res.cases) expect(ids.has(c._id)).toBe(true);
    });

    it('counts by status: processing = ongoing + responded, responded = verified', async () => {
      const stats = json(await call(t, 'getCaseStatistics', { token: customer.token }));
      expect(stats).toEqual({
        totalCases: created.length,
        pendingCases: created.length - 3,
        processingCases: 2,
        respondedCases: 0,
        rejectedCases: 1,
      });
    });

    it('counts the statuses added beside the spec’s: information requested and appealed as processing, withdrawn in the total only (ADR 0014)', async () => {
      const someone = await newCustomer(t);
      const mine: string[] = [];
      for (let i = 0; i < 3; i++)
        mine.push(json<{ case: CaseSummary }>(await apply(someone.token, applicationFor(open))).case._id);
      for (const [i, status] of ['info_requested', 'appealed', 'withdrawn'].entries())
        await t.ctx.db.query('UPDATE cases SET status = $1 WHERE id = $2', [status, mine[i]]);
      const stats = json(await call(t, 'getCaseStatistics', { token: someone.token }));
      expect(stats).toEqual({
        totalCases: 3,
        pendingCases: 0,
        processingCases: 2,
        respondedCases: 0,
        rejectedCases: 0,
      });
    });

    it('lists the customer’s own cases for the related-case select and in full', async () => {
      const mine = json<CaseSummary[]>(await call(t, 'getCasesByCustomer', { token: customer.token }));
      expect(mine.map((c) => c._id).sort()).toEqual(created.map((c) => c._id).sort());
      const all = json<Case[]>(await call(t, 'getAllCases', { token: customer.token }));
      expect(all).toHaveLength(created.length);
      expect(all.every((c) => c.masked === false && c.form.length > 0)).toBe(true);
    });

    it('by number: the owner sees everything, a visitor a masked case, the phone on file unmasks', async () => {
      const number = created[1]!.case_number;
      const full = json<Case>(await call(t, 'getCaseByNumber', { body: { casenum: number }, token: customer.token }));
      expect(full.masked).toBe(false);
      expect(full.customer_info).toMatchObject({
        firstname: 'Almaz',
        middlename: 'Bekele',
        phone_number: '0933445566',
        gender: 'Female',
      });
      expect(full.form.length).toBeGreaterThan(0);
      expect(full.remark).toContain('Please process');
      expect(full.rejected_by).not.toBeNull();
      expect(full.rejection_justification).toBe('Incomplete');

      const masked = json<Case>(await call(t, 'getCaseByNumber', { body: { casenum: number } }));
      expect(masked.masked).toBe(true);
      expect(masked.customer_info).toMatchObject({
        firstname: 'A.',
        middlename: 'B.',
        lastname: 'G.',
        phone_number: '09******66',
        woreda: '***',
        gender: null,
      });
      expect(masked.form).toEqual([]);
      expect(masked.related_case_id).toBeNull();
      expect(masked.remark).toBeNull();
      expect(masked.attachment).toBeNull();
      expect(masked.status).toBe('rejected');
      expect(masked.rejection_justification).toBe('Incomplete');
      const maskedText = JSON.stringify(masked.customer_info);
      expect(maskedText).not.toContain('Bekele');
      expect(maskedText).not.toContain('0933445566');

      const byAnotherCustomer = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: number }, token: other.token }),
      );
      expect(byAnotherCustomer.masked).toBe(true);
      const wrongPhone = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: number, phone: '0911111111' } }),
      );
      expect(wrongPhone.masked).toBe(true);
      const withPhone = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: number.toLowerCase(), phone: '+251 933 445 566' } }),
      );
      expect(withPhone.masked).toBe(false);
      expect(withPhone.customer_info.lastname).toBe('Gebre');

      expectError(await call(t, 'getCaseByNumber', { body: { casenum: 'HDAB-2019-999999' } }), 404, 'caseNotFound');
    });

    it('guessing the phone is stopped: past 5 wrong phones for a case, even the right one answers 429', async () => {
      const number = created[3]!.case_number;
      for (let i = 0; i < 5; i++) {
        const res = await call(t, 'getCaseByNumber', {
          body: { casenum: number, phone: `09330000${i}0` },
          ip: freshIp(),
        });
        expect(json<Case>(res).masked).toBe(true);
      }
      expectError(
        await call(t, 'getCaseByNumber', { body: { casenum: number, phone: '0933445566' }, ip: freshIp() }),
        429,
        'tooManyRequests',
      );
      // The owner is not held up by it.
      expect(
        json<Case>(await call(t, 'getCaseByNumber', { body: { casenum: number }, token: customer.token })).masked,
      ).toBe(false);
      expectError(await call(t, 'getCaseByNumber', { body: { casenum: '' } }), 400, 'validation');
    });

    it('shows the history of status changes with who and when, only to the owner', async () => {
      const history = json<{ action: string; to_status: string; by: { kind: string; firstname: string } }[]>(
        await call(t, 'getCaseHistory', { token: customer.token, query: { case_id: created[1]!._id } }),
      );
      expect(history.map((h) => [h.action, h.to_status, h.by.kind])).toEqual([
        ['created', 'pending', 'customer'],
        ['status', 'rejected', 'staff'],
      ]);
      expect(history[0]?.by.firstname).toBe('Almaz');
      expectError(
        await call(t, 'getCaseHistory', { token: other.token, query: { case_id: created[1]!._id } }),
        404,
        'caseNotFound',
      );
      const everything = json<unknown[]>(await call(t, 'getCaseHistory', { token: customer.token }));
      expect(everything.length).toBeGreaterThanOrEqual(created.length + 2);
    });

    it('prints a real PDF: full for the owner or the phone on file, masked otherwise', async () => {
      const id = created[1]!._id;
      const printed = async (options: { token?: string; phone?: string }) => {
        const res = await call(t, 'printCase', {
          params: { id },
          ...(options.token ? { token: options.token } : {}),
          headers: options.phone ? { [CASE_PHONE_HEADER]: options.phone } : {},
        });
        expect(res.statusCode, res.body).toBe(200);
        const { file_name, path } = json<{ file_name: string; path: string }>(res);
        expect(file_name).toMatch(/^print-[A-Za-z0-9_-]{16}-[A-Za-z0-9_-]{22}\.pdf$/);
        const served = await t.app.inject({ method: 'GET', url: path });
        expect(served.headers['content-type']).toBe('application/pdf');
        return served.rawPayload;
      };
      const full = await printed({ token: customer.token });
      expect(full.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfFonts(full)).toEqual(expect.arrayContaining([expect.stringMatching(/NotoSansEthiopic/)]));
      const withPhone = await printed({ phone: '0933445566' });
      const masked = await printed({});
      // The masked print lacks the answers and the full name, so it is shorter.
      expect(masked.length).toBeLessThan(withPhone.length);
      expect(masked.length).toBeLessThan(full.length);
      expectError(await call(t, 'printCase', { params: { id: 'nope' } }), 404, 'caseNotFound');
    });
  });

  describe('staff command line service', () => {
    it('moves a case through its statuses, writes history, emails the customer, and refuses bad moves', async () => {
      const c = await newCustomer(t);
      const created = json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case;
      const staff = await findStaff(t.ctx, 'handler@housing.example.et');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${t.dataDir}/response.pdf`, pdf);
      await expect(moveCase(t.ctx, created.case_number, { to: 'verified', staffId: staff.id })).rejects.toThrow(
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
      await moveCase(t.ctx, created.case_number, { to: 'verified', staffId: staff.id });
      const done = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: created.case_number }, token: c.token }),
      );
      expect(done.status).toBe('verified');
      expect(done.responded_by).toEqual({ firstname: 'Meseret', middlename: 'Alemu', lastname: 'Bekele' });
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
        moveCase(t.ctx, created.case_number, { to: 'rejected', staffId: staff.id, justification: 'x' }),
      ).rejects.toThrow(/cannot become rejected/);
    });

    it('asks for information with a reason, through the lifecycle: history, and a mail quoting the reason', async () => {
      const c = await newCustomer(t);
      const created = json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case;
      const staff = await findStaff(t.ctx, undefined);
      // Only an ongoing case, and only with a reason.
      await expect(
        moveCase(t.ctx, created.case_number, { to: 'info_requested', staffId: staff.id, note: 'Send the title deed' }),
      ).rejects.toThrow(/cannot become info_requested/);
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
      const mail = (await mailsTo(t, c.email)).at(-1);
      expect(mail?.subject).toBe(`Case ${created.case_number}: information requested`);
      expect(mail?.text).toContain('Send the title deed, please');
    });

    it('decides an appeal only on an appealed case: overturn returns it to processing, uphold keeps the rejection', async () => {
      const c = await newCustomer(t);
      const staff = await findStaff(t.ctx, undefined);
      const [a, b] = [
        json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case,
        json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case,
      ] as [CaseSummary, CaseSummary];
      for (const kase of [a, b])
        await moveCase(t.ctx, kase.case_number, { to: 'rejected', staffId: staff.id, justification: 'Incomplete' });
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
      const staff = await findStaff(t.ctx, undefined);
      const k = json<{ case: CaseSummary }>(await apply(c.token, applicationFor(open))).case;
      const move = (to: 'rejected' | 'info_requested' | 'responded' | 'ongoing', given: object = {}) =>
        moveCase(t.ctx, k.case_number, { to, staffId: staff.id, ...given });
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
