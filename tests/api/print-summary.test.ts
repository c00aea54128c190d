import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import type { PrintResult } from '../../contract/cases/answers.ts';
import { formatDay } from '../../contract/dates.ts';
import type { TestApp } from '../support/api.ts';
import { applicationFor, call, freshIp, json, newCustomer, openCaseList, startApp } from '../support/api.ts';
import { textRuns } from '../support/pdf-text.ts';
import { moveAs } from '../support/staff.ts';

/** The printed text of a print's answer, its runs joined and its spaces made single. */
async function printedText(t: TestApp, printed: PrintResult): Promise<string> {
  const file = await t.ctx.storage.read('root', printed.file_name);
  return (await textRuns(new Uint8Array(file ?? [])))
    .map((r) => r.text)
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('the print as its reader needs it (issue 51)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says when and how a closed case closed instead of "late", the gender in both languages, and what a phone shows', async () => {
    const c = await newCustomer(t, { gender: 'Female', preferred_language: 'Am' });
    const open = await openCaseList(t);
    const created = await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() });
    const k = json<{ case: CaseSummary }>(created).case;
    await moveAs(t.ctx, k.case_number, { to: 'rejected', justification: 'Not in this sub-city' });

    const res = await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    const printed = json<PrintResult>(res);
    expect(printed).toMatchObject({ case_number: k.case_number, status: 'rejected', masked: false, appointment: null });
    expect(printed.caselist._id).toBe(open._id);
    expect(printed.closed_on).not.toBeNull();
    const text = await printedText(t, printed);
    expect(text).toContain('ሴት / Female');
    expect(text).toContain('የተዘጋበት / Closed');
    expect(text).toContain(`${formatDay(printed.closed_on, 'am')} — ውድቅ ተደርጓል / rejected`);
    expect(text).not.toContain('Late');
  });

  it('an open case still says whether it is late, and a print without the owner says it is masked', async () => {
    const c = await newCustomer(t);
    const open = await openCaseList(t);
    const k = json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
    ).case;
    const own = json<PrintResult>(await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() }));
    expect(own.closed_on).toBeNull();
    expect(await printedText(t, own)).toContain('Late');
    const anyone = json<PrintResult>(await call(t, 'printCase', { params: { id: k._id }, ip: freshIp() }));
    expect(anyone.masked).toBe(true);
    expect(await printedText(t, anyone)).toContain('Personal details are hidden');
  });

  it('writes the dates in the reader’s calendar: an English reader of an Amharic customer’s case gets Gregorian dates', async () => {
    const c = await newCustomer(t, { preferred_language: 'Am' });
    const open = await openCaseList(t);
    const k = json<{ case: CaseSummary & { createdAt: string } }>(
      await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
    ).case;
    for (const [lan, lang, calendar] of [
      ['En', 'en', 'Calendar: Gregorian'],
      ['Am', 'am', 'Calendar: Ethiopian'],
    ] as const) {
      const res = await call(t, 'printCase', {
        params: { id: k._id },
        query: { lan },
        token: c.token,
        ip: freshIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const text = await printedText(t, json<PrintResult>(res));
      expect(text).toContain(calendar);
      expect(text).toContain(formatDay(k.createdAt, lang).replace(/\s+/g, ' '));
    }
    const wrong = await call(t, 'printCase', {
      params: { id: k._id },
      query: { lan: 'xx' },
      token: c.token,
      ip: freshIp(),
    });
    expect(wrong.statusCode).toBe(400);
  });
});
