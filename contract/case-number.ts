/**
 * How a case number or a complaint's tracking code is read from what a person typed or
 * texted (issue 51): in any case, with spaces, hyphens or none between its parts, the number's
 * leading zeros left out, and Ethiopic numerals for the digits ("hdab ፳፻፲፱ ፲፪" is
 * HDAB-2019-000012). One reader for the SMS commands (server/sms/read-command.ts) and the
 * public lookup (server/cases/visibility.ts).
 */

/** A case number or a tracking code, written the one way the portal stores it. */
export type Identifier = { kind: 'case'; caseNumber: string } | { kind: 'complaint'; trackingCode: string };

/** Ethiopic digits one to nine (U+1369-U+1371) and tens ten to ninety (U+1372-U+137A); hundred and ten thousand. */
const ONES = '፩፪፫፬፭፮፯፰፱';
const TENS = '፲፳፴፵፶፷፸፹፺';
const HUNDRED = '፻';
const MYRIAD = '፼';
const ETHIOPIC_NUMBER = new RegExp(`[${ONES}${TENS}${HUNDRED}${MYRIAD}]+`, 'gu');

/** The value an Ethiopic numeral writes: ፲፱ is 19, ፳፻፲፱ is 2019, ፼ multiplies all before it by 10,000. */
export function ethiopicNumberValue(numeral: string): number {
  let total = 0;
  let hundreds = 0;
  let small = 0;
  for (const ch of numeral) {
    const one = ONES.indexOf(ch);
    const ten = TENS.indexOf(ch);
    if (one >= 0) small += one + 1;
    else if (ten >= 0) small += (ten + 1) * 10;
    else if (ch === HUNDRED) {
      hundreds += (small || 1) * 100;
      small = 0;
    } else if (ch === MYRIAD) {
      total = (total + hundreds + small || 1) * 10_000;
      hundreds = 0;
      small = 0;
    }
  }
  return total + hundreds + small;
}

/** The text as the commands read it: Ethiopic numerals as digits, upper case, words apart, punctuation gone. */
export function normalized(text: string): string {
  return text
    .normalize('NFKC')
    .replace(ETHIOPIC_NUMBER, (n) => ` ${ethiopicNumberValue(n)} `)
    .toUpperCase()
    .replace(/[^\p{L}\p{M}\p{N}-]+/gu, ' ')
    .replace(/\s*-\s*/g, '-')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Characters of a complaint's tracking code after `ACC` (server/feedback/complaints.ts): no 0/O or 1/I. */
const TRACKING_TAIL = '[A-HJ-NP-Z2-9]{13}';
const TRACKING = new RegExp(`^ACC[- ]?(${TRACKING_TAIL})$`);
/** The same typed on a keypad (the USSD menu asks for a code): `ACC` may be left out. */
const TRACKING_TYPED = new RegExp(`^(?:ACC)?(${TRACKING_TAIL})$`);

/** The case number or tracking code that a run of words writes, if it writes one whole. */
export function identifier(words: string[], prefix: string): Identifier | null {
  const compact = words.join('-');
  // PREFIX-YEAR-NUMBER with the number's leading zeros left out (as Ethiopic numerals must), or all 14 characters at once.
  const apart = new RegExp(`^${prefix}-?(\\d{4})-(\\d{1,6})$`).exec(compact);
  const joined = new RegExp(`^${prefix}-?(\\d{4})(\\d{6})$`).exec(compact);
  const parts = apart ?? joined;
  if (parts) return { kind: 'case', caseNumber: `${prefix}-${parts[1]}-${parts[2]!.padStart(6, '0')}` };
  const tracking = TRACKING.exec(words.join(''));
  if (tracking) return { kind: 'complaint', trackingCode: `ACC-${tracking[1]}` };
  return null;
}

/** The case number that the whole text writes, the way the portal stores it; null when it writes none. */
export function readCaseNumber(text: string, caseNumberPrefix: string): string | null {
  const said = normalized(text);
  const found = said ? identifier(said.split(' '), caseNumberPrefix.toUpperCase()) : null;
  return found?.kind === 'case' ? found.caseNumber : null;
}

/** A complaint's tracking code as typed, with or without `ACC`, in any case, spaces and hyphens ignored; null when it writes none. */
export function readTrackingCode(text: string): string | null {
  const tail = TRACKING_TYPED.exec(normalized(text).replace(/[\s-]/g, ''))?.[1];
  return tail ? `ACC-${tail}` : null;
}
