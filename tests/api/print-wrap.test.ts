import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { FIELD_LIMITS, TEXT_LIMITS } from '../../contract/limits.ts';
import type { TestApp } from '../support/api.ts';
import { applicationFor, call, freshIp, json, newCustomer, openCaseList, startApp } from '../support/api.ts';
import { formatDay } from '../../contract/dates.ts';
import { BUREAU_NAME_LETTERS, atLimit } from '../long-values.ts';
import { LANGS } from '../../contract/languages.ts';

import { textRuns } from '../support/pdf-text.ts';
import { moveAs } from '../support/staff.ts';

/** A4's width in points, and the margin the writer keeps on each side (server/adapters/pdf.ts). */
const PAGE_WIDTH = 595.28;
const MARGIN = 50;

describe('the printed case with every free text at its limit and no space', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('wraps every value inside the page’s margins, in Ethiopic and Latin', async () => {
    const names = {
      firstname: atLimit('ሀለሐመሠረሰሸቀበ', FIELD_LIMITS.firstname),
      middlename: atLimit('ABCDEFGHIJ', FIELD_LIMITS.middlename),
      lastname: atLimit('ዘዠየደጀገጠጨጰጸ', FIELD_LIMITS.lastname),
      subcity: atLimit('ፀፈፐቨ', FIELD_LIMITS.subcity),
      woreda: atLimit('0123456789', FIELD_LIMITS.woreda),
      house_number: atLimit('1234567890', FIELD_LIMITS.house_number),
    };
    const c = await newCustomer(t, names);
    const open = await openCaseList(t);
    const answers = Object.fromEntries(
      open.questions
        .filter((q) => q.inputType !== 'select' && q.dataType !== 'number')
        .map((q) => [q._id, atLimit('ቤትHouse', TEXT_LIMITS.answer)]),
    );
    const form = applicationFor(open, answers);
    form.set('remark', atLimit('ማመልከቻRemark', TEXT_LIMITS.remark));
    const created = await call(t, 'createCase', { form, token: c.token, ip: freshIp() });
    expect(created.statusCode, created.body).toBe(201);
    const k = json<{ case: CaseSummary }>(created).case;
    // The bureau's side at length too: the division's and the request's names, and a rejection's justification.
    const bureau = atLimit('ቤቶችልማትHousingDevelopment', BUREAU_NAME_LETTERS + 1);
    const justification = atLimit('ውሳኔውምክንያትJustification', TEXT_LIMITS.justification + 1);
    await t.ctx.db.query(`UPDATE divisions SET ${LANGS.map((l) => `name_${l} = $1`).join(', ')} WHERE id = $2`, [
      bureau,
      open.division._id,
    ]);
    await t.ctx.db.query(`UPDATE case_lists SET ${LANGS.map((l) => `case_name_${l} = $1`).join(', ')} WHERE id = $2`, [
      bureau,
      open._id,
    ]);
    await moveAs(t.ctx, k.case_number, {
      to: 'rejected',
      justification,
    });
    const printed = await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() });
    expect(printed.statusCode, printed.body).toBe(200);
    const file = await t.ctx.storage.read('root', json<{ file_name: string }>(printed).file_name);
    const runs = await textRuns(new Uint8Array(file ?? []));
    // The long values are there, cut into lines...
    const text = runs.map((r) => r.text).join('');
    for (const value of [names.firstname, bureau, justification]) expect(text).toContain(value.slice(0, 20));
    expect(runs.length).toBeGreaterThan(100);
    // ...and no line reaches past the right margin.
    const beyond = runs
      .filter((r) => r.x + r.width > PAGE_WIDTH - MARGIN + 0.5)
      .map((r) => `${r.text.slice(0, 30)}… ends at ${(r.x + r.width).toFixed(1)}`);
    expect(beyond).toEqual([]);
  });

  it('writes the dates in the calendar of the customer’s language, and says which (issue 24)', async () => {
    const open = await openCaseList(t);
    for (const [language, lang, calendar] of [
      ['Am', 'am', 'Calendar: Ethiopian'],
      ['En', 'en', 'Calendar: Gregorian'],
    ] as const) {
      const c = await newCustomer(t, { preferred_language: language });
      const created = await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() });
      const k = json<{ case: CaseSummary & { createdAt: string } }>(created).case;
      const printed = await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() });
      const file = await t.ctx.storage.read('root', json<{ file_name: string }>(printed).file_name);
      const text = (await textRuns(new Uint8Array(file ?? []))).map((r) => r.text).join(' ');
      expect(text).toContain(calendar);
      const submitted = formatDay(k.createdAt, lang);
      expect(submitted).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(text.replace(/\s+/g, ' ')).toContain(submitted.replace(/\s+/g, ' '));
    }
  });
});
