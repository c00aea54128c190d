import { LANG_TAGS, type Lang } from './common.ts';

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Africa/Addis_Ababa' };

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
