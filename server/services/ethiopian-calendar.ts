/**
 * The Ethiopian year of a date. The Ethiopian year begins on Meskerem 1, which is
 * 11 September, or 12 September in a Gregorian year that precedes a Gregorian leap year,
 * counted in Addis Ababa time (UTC+3, no daylight saving).
 */
const ADDIS_OFFSET_MS = 3 * 60 * 60 * 1000;

export function ethiopianYear(date: Date = new Date()): number {
  const local = new Date(date.getTime() + ADDIS_OFFSET_MS);
  const y = local.getUTCFullYear();
  const nextIsLeap = (y + 1) % 4 === 0 && ((y + 1) % 100 !== 0 || (y + 1) % 400 === 0);
  const newYear = Date.UTC(y, 8, nextIsLeap ? 12 : 11);
  return local.getTime() >= newYear ? y - 7 : y - 8;
}
