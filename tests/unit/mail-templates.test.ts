import { describe, expect, it } from 'vitest';
import { formatDay } from '../../contract/dates.ts';
import { LIFECYCLE_STATUSES } from '../../contract/statuses.ts';
import { scheduleMail, statusMail, statusName } from '../../server/notify/templates.ts';

const URL = 'https://portal.example/dashboard/casestatus?id=1';
const DAY = new Date('2026-11-25T00:00:00Z');

describe('the day in the reader calendar', () => {
  it('is Gregorian in English and Ethiopian in the Ethiopian languages', () => {
    expect(formatDay(DAY, 'en')).toBe('25 November 2026');
    expect(formatDay(DAY, 'am')).toContain('2019');
    expect(formatDay(DAY, 'am')).toContain('16');
    for (const lang of ['or', 'tg', 'sm'] as const) expect(formatDay(DAY, lang)).toContain('2019');
  });

  it('falls back to the Amharic calendar names, never to the Gregorian calendar, where the runtime has no data (Afar)', () => {
    expect(formatDay(DAY, 'af')).toContain('2019');
    expect(formatDay(DAY, 'af')).not.toContain('2026');
  });

  it('writes a dash for no date or a broken one', () => {
    expect(formatDay(null, 'am')).toBe('-');
    expect(formatDay('not a date', 'en')).toBe('-');
  });
});

describe('case mails in six languages', () => {
  it('name every lifecycle status in English, Amharic and the three drafts', () => {
    for (const status of LIFECYCLE_STATUSES)
      for (const lang of ['en', 'am', 'or', 'tg', 'sm'] as const) expect(statusName(status, lang)).toBeTruthy();
  });

  it('write English and Amharic alone, unmarked', () => {
    const en = statusMail('a@b.et', 'en', 'C-1', 'info_requested', URL, 'Send the title deed');
    expect(en.subject).toBe('Case C-1: information requested');
    expect(en.text).toContain('The bureau writes:\nSend the title deed');
    expect(en.text).not.toMatch(/[\u1200-\u137f]/);
    const am = statusMail('a@b.et', 'am', 'C-1', 'withdrawn', URL);
    // Withdrawn is "stopped by the customer", never the verb of deleting (issue 33; awaiting native review).
    expect(am.subject).toBe('ጉዳይ C-1፦ በደንበኛው ተቋርጧል');
    expect(am.text).not.toContain('reviewed');
  });

  it('mark a draft as unreviewed and carry the Amharic and English texts below it', () => {
    const or = statusMail('a@b.et', 'or', 'C-1', 'appealed', URL);
    expect(or.subject).toBe('Dhimma C-1: oliyyannoon dhiyaateera / Case C-1: appealed');
    const [marker, draft, amharic, english] = or.text
      .split(/\n\n(?:----\n\n)?/)
      .filter((p) => !p.startsWith('Bi') && !p.startsWith('የቤ') && !p.startsWith('Housing'));
    expect(marker).toContain('not yet been reviewed');
    expect(draft).toContain('Haalli dhimma keessanii C-1');
    expect(amharic).toContain('የጉዳይዎ C-1');
    expect(english).toContain('The status of your case C-1');
  });

  it('write Amharic and English together for a language without a draft', () => {
    const af = statusMail('a@b.et', 'af', 'C-1', 'rejected', URL);
    expect(af.subject).toBe('ጉዳይ C-1፦ ውድቅ ተደርጓል / Case C-1: rejected');
    expect(af.text).not.toContain('reviewed');
    expect(af.text.indexOf('የጉዳይዎ')).toBeLessThan(af.text.indexOf('The status'));
  });

  it('date an appointment in the reader calendar', () => {
    expect(scheduleMail('a@b.et', 'en', 'C-1', 'scheduled', DAY, URL).text).toContain('on 25 November 2026');
    const am = scheduleMail('a@b.et', 'am', 'C-1', 'extended', DAY, URL).text;
    expect(am).toContain(formatDay(DAY, 'am'));
    expect(am).not.toContain('2026');
    expect(scheduleMail('a@b.et', 'tg', 'C-1', 'scheduled', DAY, URL).text).toContain(formatDay(DAY, 'tg'));
  });
});
