import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CaseSummary, Rating } from '../../contract/entities.ts';
import type { TestApp } from '../support/api.ts';
import { BACKENDS, call, expectError, file, freshIp, json, newCustomer, pdfBytes, startApp } from '../support/api.ts';
import { moveAs } from '../support/staff.ts';

describe.each(BACKENDS)('ratings and accusations on %s', (backend) => {
  let t: TestApp;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await startApp(backend);
    pdf = await pdfBytes();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function caseOf(token: string): Promise<CaseSummary> {
    const lists = json<CaseList[]>(await call(t, 'getAllCaseList'));
    const divisions = json<{ _id: string; status: string; special: string }[]>(await call(t, 'getAllDivisions'));
    const open = new Set(divisions.filter((d) => d.status === 'active' && d.special === 'no').map((d) => d._id));
    const cl = lists.find((l) => l.status === 'active' && open.has(l.division._id)) as CaseList;
    const form = new FormData();
    form.append('division', cl.division._id);
    form.append('caselist', cl._id);
    form.append(
      'form',
      JSON.stringify(
        cl.questions.map((q) => ({
          [q._id]: q.inputType === 'select' ? q.enumValues[0]!._id : q.dataType === 'number' ? '1' : 'x',
        })),
      ),
    );
    const res = await call(t, 'createCase', { form, token });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ case: CaseSummary }>(res).case;
  }

  describe('ratings', () => {
    it('rates a verified case once, 1 to 5; refuses other statuses, other customers and a second rating', async () => {
      const owner = await newCustomer(t);
      const stranger = await newCustomer(t);
      const c = await caseOf(owner.token);
      const rate = (token: string, rateNum: number, rateCase = c._id) =>
        call(t, 'createCustomerRating', { token, body: { rateNum, rateCase }, ip: freshIp() });

      expectError(await rate(owner.token, 4), 409, 'notRatable');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${t.dataDir}/r.pdf`, pdf);
      await moveAs(t.ctx, c.case_number, { to: 'ongoing' });
      await moveAs(t.ctx, c.case_number, { to: 'responded', responseFile: `${t.dataDir}/r.pdf` });
      expectError(await rate(owner.token, 4), 409, 'notRatable');
      await moveAs(t.ctx, c.case_number, { to: 'verified' });

      expect(
        json<Rating[]>(await call(t, 'getRatingByCase', { params: { caseId: c._id }, token: owner.token })),
      ).toEqual([]);
      expectError(await rate(owner.token, 0), 400, 'validation');
      expectError(await rate(owner.token, 6), 400, 'validation');
      expectError(
        await call(t, 'createCustomerRating', { token: owner.token, body: { rateNum: '4', rateCase: c._id } }),
        400,
        'validation',
      );
      expectError(await rate(stranger.token, 5), 404, 'caseNotFound');
      expectError(await call(t, 'createCustomerRating', { body: { rateNum: 5, rateCase: c._id } }), 401);

      const ok = await rate(owner.token, 4);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(json(ok).Message_en).toContain('Thank you');
      expectError(await rate(owner.token, 5), 409, 'alreadyRated');

      const ratings = json<Rating[]>(
        await call(t, 'getRatingByCase', { params: { caseId: c._id }, token: owner.token }),
      );
      expect(ratings).toHaveLength(1);
      expect(ratings[0]).toMatchObject({ rateNum: 4, rateCase: c._id });
      const full = json<Case>(
        await call(t, 'getCaseByNumber', { body: { casenum: c.case_number }, token: owner.token }),
      );
      expect(full.rateCustomer?._id).toBe(ratings[0]?._id);
      expectError(
        await call(t, 'getRatingByCase', { params: { caseId: 'nope' }, token: owner.token }),
        404,
        'caseNotFound',
      );
      // A rating is its owner's alone: nobody else reads it by the case's id, which the masked lookup gives out.
      expectError(await call(t, 'getRatingByCase', { params: { caseId: c._id } }), 401, 'unauthorized');
      expectError(
        await call(t, 'getRatingByCase', { params: { caseId: c._id }, token: stranger.token }),
        404,
        'caseNotFound',
      );
    });
  });

  describe('accusations', () => {
    const accusation = (fields: Record<string, string>, attachment?: File) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (attachment) form.append('attachment', attachment);
      return call(t, 'createAccusation', { form, ip: freshIp() });
    };

    it('accepts an anonymous complaint and answers a tracking code', async () => {
      const res = await accusation({ subject: 'Asked for a bribe', description: 'At the sub-city office on Monday.' });
      expect(res.statusCode, res.body).toBe(201);
      const body = json<{ tracking_code: string; Message_en: string }>(res);
      expect(body.tracking_code).toMatch(/^ACC-[A-HJ-NP-Z2-9]{13}$/);
      expect(body.Message_en).toContain(body.tracking_code);
      const [row] = await t.ctx.db.query<{ name: string | null; phone: string | null }>(
        'SELECT name, phone FROM accusations WHERE tracking_code = $1',
        [body.tracking_code],
      );
      expect(row).toEqual({ name: null, phone: null });
    });

    it('keeps a named complaint with a PDF privately (never under /Media)', async () => {
      const res = await accusation(
        {
          name: 'Tigist',
          phone: '0911000000',
          subject: 'Delay',
          description: 'Three months without answer.',
          accused_organizational_part: 'Title deed directorate',
        },
        file(pdf, 'evidence.pdf', 'application/pdf'),
      );
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.ctx.db.query<{ attachment: string }>(
        'SELECT attachment FROM accusations WHERE tracking_code = $1',
        [json(res).tracking_code],
      );
      expect(await t.ctx.storage.names('Accusations')).toContain(row?.attachment);
      expect((await t.app.inject({ method: 'GET', url: `/Media/CaseFiles/${row?.attachment}` })).statusCode).toBe(404);
    });

    it('requires subject and description, and refuses a non-PDF attachment', async () => {
      const missing = await accusation({ name: 'x', description: '   ' });
      expect(expectError(missing, 400, 'validation').fields).toMatchObject({
        subject: 'required',
        description: 'required',
      });
      expectError(
        await accusation(
          { subject: 's', description: 'd' },
          file(Buffer.from('MZ\x90\x00 executable padding......'), 'a.pdf', 'application/pdf'),
        ),
        400,
        'notPdf',
      );
      expectError(await accusation({ subject: 's'.repeat(201), description: 'd' }), 400, 'validation');
    });
  });
});
