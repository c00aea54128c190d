import { describe, expect, it } from 'vitest';
import type { Case } from '../../contract/entities.ts';
import { formatDay } from '../../contract/dates.ts';
import { APPEAL_WINDOW_DAYS, DAY_MS } from '../../contract/limits.ts';
import {
  caseAnswer,
  caseNotFoundAnswer,
  commandAnswer,
  complaintAnswer,
  nextStepOf,
} from '../../server/sms/answers.ts';
import { smsParts } from '../../server/notify/sms-parts.ts';
import { firstWords } from '../../server/notify/templates.ts';
import { SMS_QUOTE_MAX_CHARS } from '../../server/config/tuning.ts';
import type { CommandWord } from '../../server/sms/read-command.ts';
import { COMMAND_WORDS } from '../../server/sms/read-command.ts';
import { verifiedCase } from '../ui/fixtures.ts';

const at = Date.parse('2026-11-20T08:00:00.000Z');
const day = new Date('2026-11-18T08:00:00.000Z');
const url = 'https://portal.test/dashboard/case/c1';
const facts = {
  caseNumber: 'HDAB-2019-000042',
  status: 'ongoing' as const,
  lastStep: day,
  appointment: null,
  owner: null,
};

describe('the answers to texts sent to the bureau', () => {
  it('the next step: an answer the bureau waits for, an appeal while open, a rating, else nothing', () => {
    const c = (found: Partial<Case>) => ({ ...verifiedCase, ...found }) as Case;
    const asked = [
      { to_status: 'info_requested' as const, note: 'Send the deed', action: 'status' as const },
      { to_status: 'ongoing' as const, note: null, action: 'status' as const },
      { to_status: 'info_requested' as const, note: 'Send the deed, signed', action: 'status' as const },
      // An appointment moved while the bureau waits: a line whose note is the day, not a question.
      { to_status: 'info_requested' as const, note: '2027-07-10', action: 'extended' as const },
    ];
    // The question is the last request's, as the case page shows it.
    expect(nextStepOf(c({ status: 'info_requested' }), asked, at)).toEqual({
      kind: 'answer',
      asked: 'Send the deed, signed',
    });
    expect(nextStepOf(c({ status: 'info_requested' }), [], at)).toEqual({ kind: 'answer', asked: null });
    const rejected = '2026-11-19T08:00:00.000Z';
    expect(nextStepOf(c({ status: 'rejected', rejected_date: rejected, appealed_date: null }), [], at)).toEqual({
      kind: 'appeal',
      until: new Date(Date.parse(rejected) + APPEAL_WINDOW_DAYS * DAY_MS),
    });
    expect(
      nextStepOf(c({ status: 'rejected', rejected_date: rejected, appealed_date: null }), [], at + 60 * DAY_MS),
    ).toEqual({ kind: 'wait' });
    // Appealed once already: no second appeal is offered.
    expect(nextStepOf(c({ status: 'rejected', rejected_date: rejected, appealed_date: rejected }), [], at)).toEqual({
      kind: 'wait',
    });
    expect(nextStepOf(c({ status: 'verified', rateCustomer: null }), [], at)).toEqual({ kind: 'rate' });
    expect(nextStepOf(c({ status: 'verified', rateCustomer: { _id: 'r1' } }), [], at)).toEqual({ kind: 'wait' });
    expect(nextStepOf(c({ status: 'pending' }), [], at)).toEqual({ kind: 'wait' });
  });

  it('a case: to another phone the status, the day and the appointment only; to the phone on file the next step and the page', () => {
    const appointment = new Date('2026-11-25T00:00:00.000Z');
    expect(caseAnswer('en', facts)).toBe(
      `Case HDAB-2019-000042: processing since ${formatDay(day, 'en')}. More goes only to the phone on file.`,
    );
    expect(caseAnswer('en', { ...facts, appointment })).toContain(`Appointment: ${formatDay(appointment, 'en')}.`);
    expect(caseAnswer('en', { ...facts, owner: { next: { kind: 'answer', asked: null }, url } })).toBe(
      `Case HDAB-2019-000042: processing since ${formatDay(day, 'en')}. The bureau asks you for information; answer at ${url}`,
    );
    // What the bureau asked, in its first words; the page for the rest.
    const question =
      'Send a copy of the title deed and the receipt of the last payment, both signed by the kebele office.';
    const said = caseAnswer('en', { ...facts, owner: { next: { kind: 'answer', asked: question }, url } });
    expect(said).toBe(
      `Case HDAB-2019-000042: processing since ${formatDay(day, 'en')}. The bureau asks: "${firstWords(question)}" Answer at ${url}`,
    );
    expect(said).toContain('"Send a copy of the title deed and the receipt of the last payment, both..."');
    const until = new Date('2026-12-19T08:00:00.000Z');
    expect(caseAnswer('am', { ...facts, status: 'rejected', owner: { next: { kind: 'appeal', until }, url } })).toBe(
      `ጉዳይ HDAB-2019-000042፦ ውድቅ ተደርጓል፣ ከ${formatDay(day, 'am')} ጀምሮ። እስከ ${formatDay(until, 'am')} ድረስ ይግባኝ ማለት ይችላሉ፦ ${url}`,
    );
    expect(caseAnswer('en', { ...facts, owner: { next: { kind: 'rate' }, url } })).toMatch(/Rate the service at /);
    expect(caseAnswer('en', { ...facts, owner: { next: { kind: 'wait' }, url } })).toMatch(
      /Nothing is needed from you now\.$/,
    );
    // A language without SMS texts yet: Amharic, then English.
    expect(caseAnswer('or', facts)).toBe(`${caseAnswer('am', facts)}\n${caseAnswer('en', facts)}`);
    expect(caseNotFoundAnswer('en', 'HDAB-2019-999999')).toBe(
      'No case HDAB-2019-999999. Check the number and send it again.',
    );
  });

  it('a complaint: its state, the answer waiting on its page, or that no complaint has the code', () => {
    const c = { code: 'ACC-ABCDEFGHJKLMN', url: 'https://portal.test/complaint/ACC-ABCDEFGHJKLMN', answer: null };
    expect(complaintAnswer('en', { ...c, status: 'under_review' })).toBe('Complaint ACC-ABCDEFGHJKLMN: under review.');
    expect(complaintAnswer('am', { ...c, status: 'received' })).toBe('ቅሬታ ACC-ABCDEFGHJKLMN፦ ደርሷል።');
    expect(complaintAnswer('en', { ...c, status: 'answered', answer: 'We have spoken to the staff.' })).toBe(
      `Complaint ACC-ABCDEFGHJKLMN: answered: "We have spoken to the staff." Read it all at ${c.url}`,
    );
    expect(complaintAnswer('en', { ...c, status: undefined })).toBe(
      'No complaint ACC-ABCDEFGHJKLMN. Check the code and send it again.',
    );
  });

  it('HELP fits one SMS part in English (GSM) and in Amharic (UCS-2); so does every word’s answer and the short help', () => {
    const example = 'HDAB-2019-000042';
    for (const lang of ['en', 'am'] as const)
      for (const kind of [...(Object.keys(COMMAND_WORDS) as CommandWord[]), 'unknown' as const]) {
        const text = commandAnswer(lang, kind, { example });
        expect(text, `${lang} ${kind}`).not.toBe('');
        expect(smsParts(text, 1).messages, `${lang} ${kind}: ${text}`).toHaveLength(1);
      }
    expect(smsParts(commandAnswer('en', 'help', { example }), 1).dataCoding).toBe(0);
    expect(commandAnswer('en', 'help', { example })).toContain(example);
  });

  it('the bureau’s words quoted in a text: whole when short, else cut at a space with "...", never longer than the limit', () => {
    expect(firstWords('  Send\n the   deed ')).toBe('Send the deed');
    const amharic =
      'የባለቤትነት ማረጋገጫ ሰነድ ቅጂ እና የመጨረሻውን ክፍያ ደረሰኝ ይላኩ፤ ሁለቱም በቀበሌው ጽሕፈት ቤት የተፈረሙ መሆን አለባቸው። ሌላ ተጨማሪ ሰነድ አያስፈልግም።';
    const cut = firstWords(amharic);
    expect([...cut].length).toBeLessThanOrEqual(SMS_QUOTE_MAX_CHARS);
    expect(cut).toMatch(/^የባለቤትነት ማረጋገጫ .*\S\.\.\.$/u);
    expect(amharic.startsWith(cut.slice(0, -3))).toBe(true);
    // One long word is cut inside it rather than lost.
    expect([...firstWords('x'.repeat(200))].length).toBe(SMS_QUOTE_MAX_CHARS);
  });
});
