import { LANG_TAGS, type Lang } from './languages.ts';

const DAY: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Africa/Addis_Ababa',
};

/** Addis Ababa keeps UTC+3 all year (no daylight saving): its time of day needs no time-zone data. */
export const ADDIS_ABABA_OFFSET_MS = 3 * 3_600_000;
/** The parts of an Amharic day in the Ethiopian clock: night, morning, daytime, evening, each six hours from 00:00. */
const AMHARIC_DAY_PARTS = ['ከሌሊቱ', 'ከጠዋቱ', 'ከቀኑ', 'ከምሽቱ'] as const;

/**
 * A time of day in Addis Ababa time: 24-hour in every language, and in Amharic the Ethiopian
 * clock first (its hours counted from 6 in the morning and 6 in the evening, with the part of
 * the day), the international time in brackets: "ከጠዋቱ 2:30 (08:30)".
 */
export function formatTime(date: Date | number, lang: Lang): string {
  const at = new Date(+date + ADDIS_ABABA_OFFSET_MS);
  const hour = at.getUTCHours();
  const minute = String(at.getUTCMinutes()).padStart(2, '0');
  const international = `${String(hour).padStart(2, '0')}:${minute}`;
  if (lang !== 'am') return international;
  return `${AMHARIC_DAY_PARTS[Math.floor(hour / 6)]} ${(hour + 6) % 12 || 12}:${minute} (${international})`;
}

/**
 * A day as the reader counts it: the Gregorian calendar in English, the Ethiopian calendar
 * in the Ethiopian languages, in Addis Ababa time. A language the runtime has no data for
 * (Afar, in most) is written in Amharic's, never silently in the Gregorian calendar.
 * Both the SPA and the server's mails use it.
 */
export function formatDay(date: Date | string | null | undefined, lang: Lang): string {
  if (!date) return '-';
  const when = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(when.getTime())) return '-';
  if (lang === 'en') return new Intl.DateTimeFormat('en-GB', DAY).format(when);
  const tag = Intl.DateTimeFormat.supportedLocalesOf([LANG_TAGS[lang]]).length ? LANG_TAGS[lang] : 'am';
  return new Intl.DateTimeFormat(`${tag}-u-ca-ethiopic`, DAY).format(when);
}

/**
 * The Ethiopian year of a date. The Ethiopian year begins on Meskerem 1, which is
 * 11 September, or 12 September in a Gregorian year that precedes a Gregorian leap year,
 * counted in Addis Ababa time (UTC+3, no daylight saving).
 */
export function ethiopianYear(date: Date = new Date()): number {
  const local = new Date(date.getTime() + ADDIS_ABABA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const nextIsLeap = (y + 1) % 4 === 0 && ((y + 1) % 100 !== 0 || (y + 1) % 400 === 0);
  const newYear = Date.UTC(y, 8, nextIsLeap ? 12 : 11);
  return local.getTime() >= newYear ? y - 7 : y - 8;
}
