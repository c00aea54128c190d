import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { CASE_PAGE_SIZE } from '../../contract/limits.ts';
import { CASE_PHONE_HEADER } from '../../contract/endpoints.ts';
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
  pdfBytes,
  pdfFonts,
  startApp,
} from '../support/api.ts';
import { moveAs } from '../support/staff.ts';

/** Reading cases through the API: a customer's own, by number with the phone on file or masked, pages and counts. */
describe.each(BACKENDS)('cases read on %s', (backend) => {
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

  describe('reading', () => {
    let customer: Awaited<ReturnType<typeof newCustomer>>;
    let created: CaseSummary[];
    beforeAll(async () => {
      customer = await newCustomer(t, { phone: '0933445566' });
      created = [];
      for (let i = 0; i < CASE_PAGE_SIZE + 2; i++)
        created.push(json<{ case: CaseSummary }>(await apply(customer.token, applicationFor(open))).case);
      await moveAs(t.ctx, created[0]!.case_number, { to: 'ongoing' });
      await moveAs(t.ctx, created[1]!.case_number, {
        to: 'rejected',
        justification: 'Incomplete',
      });
      await moveAs(t.ctx, created[2]!.case_number, { to: 'ongoing' });
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${t.dataDir}/resp.pdf`, pdf);
      await moveAs(t.ctx, created[2]!.case_number, {
        to: 'responded',
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
        withdrawnCases: 0,
      });
    });

    it('counts the statuses added beside the spec’s: information requested and appealed as processing (ADR 0014), withdrawn on its own tile: the tiles add up to the total (issue 51)', async () => {
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
        withdrawnCases: 1,
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

    it('by number as people type it: spaces, lower case, no leading zeros, Ethiopic numerals (issue 51)', async () => {
      const number = created[1]!.case_number;
      const [prefix, year, sequence] = number.split('-') as [string, string, string];
      const ethiopic = (n: number) => {
        const ones = ['', '፩', '፪', '፫', '፬', '፭', '፮', '፯', '፰', '፱'];
        const tens = ['', '፲', '፳', '፴', '፵', '፶', '፷', '፸', '፹', '፺'];
        const below100 = (v: number) => `${tens[Math.floor(v / 10)]}${ones[v % 10]}`;
        return n >= 100 ? `${below100(Math.floor(n / 100))}፻${below100(n % 100)}` : below100(n);
      };
      for (const typed of [
        `${prefix} ${year} ${Number(sequence)}`,
        number.toLowerCase(),
        `${prefix}${year}${sequence}`,
        `${prefix}-${ethiopic(Number(year))}-${ethiopic(Number(sequence))}`,
      ]) {
        const found = await call(t, 'getCaseByNumber', { body: { casenum: typed }, token: customer.token });
        expect(found.statusCode, typed).toBe(200);
        expect(json<Case>(found).case_number).toBe(number);
      }
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
      // A staff member is named in Ethiopic script too, for a reader of Amharic (issue 51); a customer as given.
      const named = history as unknown as { by: { am?: { firstname: string } } }[];
      expect(named[1]?.by.am?.firstname).toMatch(/^[\u1200-\u137f]+$/);
      expect(named[0]?.by.am).toBeUndefined();
      const rejected = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: created[1]!.case_number }, token: customer.token }),
      );
      expect(rejected.rejected_by?.am?.firstname).toMatch(/^[\u1200-\u137f]+$/);
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
});
