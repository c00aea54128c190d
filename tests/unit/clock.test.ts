import { describe, expect, it } from 'vitest';
import { formatTime } from '../../contract/dates.ts';

/** Addis Ababa is UTC+3 all year: 05:30Z is 08:30 there. */
const at = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00Z`);

describe('a time of day as the reader counts it (issue 33)', () => {
  it('in Amharic: the Ethiopian clock, hours from 6, with the part of the day, and the international time in brackets', () => {
    expect(formatTime(at('05:30'), 'am')).toBe('ከጠዋቱ 2:30 (08:30)');
    expect(formatTime(at('03:00'), 'am')).toBe('ከጠዋቱ 12:00 (06:00)');
    expect(formatTime(at('09:00'), 'am')).toBe('ከቀኑ 6:00 (12:00)');
    expect(formatTime(at('10:15'), 'am')).toBe('ከቀኑ 7:15 (13:15)');
    expect(formatTime(at('15:00'), 'am')).toBe('ከምሽቱ 12:00 (18:00)');
    expect(formatTime(at('17:45'), 'am')).toBe('ከምሽቱ 2:45 (20:45)');
    expect(formatTime(at('21:00'), 'am')).toBe('ከሌሊቱ 6:00 (00:00)');
    expect(formatTime(at('02:59'), 'am')).toBe('ከሌሊቱ 11:59 (05:59)');
  });

  it('in English (and the languages without the Ethiopian clock words yet): 24-hour, Addis Ababa time', () => {
    expect(formatTime(at('05:30'), 'en')).toBe('08:30');
    expect(formatTime(at('21:00'), 'en')).toBe('00:00');
    expect(formatTime(at('10:15').getTime(), 'or')).toBe('13:15');
  });
});
