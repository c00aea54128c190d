import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseSummary } from '../../contract/entities.ts';
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
  newCustomer,
  openCaseList,
  pdfBytes,
  startApp,
} from '../support/api.ts';

/** Filing a case through the API: its fields, its attachment, its number, what is refused. */
describe.each(BACKENDS)('cases filed on %s', (backend) => {
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
      const kept = () => t.ctx.storage.names('CaseFiles');
      const before = await kept();
      const theirs = json<{ case: CaseSummary }>(await apply(other.token, applicationFor(open))).case;
      const attachment = file(Buffer.from(pdf), 'deed.pdf', 'application/pdf');
      const refused = await apply(owner.token, applicationFor(open, {}, { related_case_id: theirs._id, attachment }));
      expect(refused.statusCode).toBe(400);
      expect(readdirSync(t.ctx.storage.stagingDir)).toEqual([]);
      expect(await kept()).toEqual(before);
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
});
