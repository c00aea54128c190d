/**
 * One phone number, however it is written (issue 48, ADR 0029): the key every comparison,
 * limit, SMS and erasure of the portal uses, applied by the SPA before it sends a number and
 * by the server to everything it is given.
 *
 * The key is the number in E.164 without its "+": 251 and the nine national digits for an
 * Ethiopian number written in any of its forms (0911 22 33 44, 911223344, 251911223344,
 * +251 911 223 344, 00251911223344; 07… likewise), the digits after "+" or "00" for a number
 * of another country. A foreign number never equals an Ethiopian one (no "last nine digits");
 * anything else (too short, too long, a country code of 0, 000251…, letters) is no number.
 */

/** Ethiopia's country calling code. */
export const ETHIOPIA_CODE = '251';
/** The national significant number of an Ethiopian phone: nine digits, the first not 0. */
const NATIONAL = /^[1-9]\d{8}$/;
/** A mobile number written without its trunk 0 starts 9 (Ethio telecom) or 7 (Safaricom); `NATIONAL` checks the rest. */
const MOBILE_START = /^[79]/;
/** E.164: a country code that does not start with 0, at most 15 digits in all (ITU-T E.164). */
const INTERNATIONAL = /^[1-9]\d{6,14}$/;
/** What a person may write between the digits: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s().-]/g;

export function phoneKey(written: string): string | null {
  const compact = written.replace(SEPARATORS, '');
  const international = /^(?:\+|00)(\d+)$/.exec(compact)?.[1];
  if (international !== undefined) {
    if (!international.startsWith(ETHIOPIA_CODE)) return INTERNATIONAL.test(international) ? international : null;
    return NATIONAL.test(international.slice(ETHIOPIA_CODE.length)) ? international : null;
  }
  // Each form below is checked whole by NATIONAL (digits only, nine of them, the first not 0).
  const national =
    /^0(\d{9})$/.exec(compact)?.[1] ??
    (compact.startsWith(ETHIOPIA_CODE) ? compact.slice(ETHIOPIA_CODE.length) : undefined) ??
    (MOBILE_START.test(compact) ? compact : undefined);
  return national !== undefined && NATIONAL.test(national) ? `${ETHIOPIA_CODE}${national}` : null;
}

/** Two written numbers are one phone. */
export const samePhone = (a: string, b: string): boolean => {
  const key = phoneKey(a);
  return key !== null && key === phoneKey(b);
};
