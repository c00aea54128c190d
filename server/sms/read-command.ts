/**
 * What a text sent to the bureau's number asks (issue 38): a case's status by its
 * number, a complaint's by its tracking code, no more texts (STOP) or texts again (START), what
 * the number understands (HELP); anything else is answered with the help text. Words are read
 * in English and Amharic, in any case, with extra spaces and punctuation ignored; Ethiopic
 * numerals stand for the number they write ("፳፻፲፱" is 2019) wherever digits are expected. A
 * case number or tracking code is found among other words; STOP, START and HELP only alone.
 */
export type SmsCommand =
  | { kind: 'case'; caseNumber: string }
  | { kind: 'complaint'; trackingCode: string }
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'help' }
  | { kind: 'unknown' };

/** The words of each command, English and Amharic, as read once upper-cased. */
const WORDS: Record<'stop' | 'start' | 'help', readonly string[]> = {
  stop: ['STOP', 'አቁም'],
  start: ['START', 'ጀምር'],
  help: ['HELP', 'እርዳታ'],
};

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
function normalized(text: string): string {
  return text
    .normalize('NFKC')
    .replace(ETHIOPIC_NUMBER, (n) => ` ${ethiopicNumberValue(n)} `)
    .toUpperCase()
    .replace(/[^\p{L}\p{M}\p{N}-]+/gu, ' ')
    .replace(/\s*-\s*/g, '-')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Characters of a complaint's tracking code (server/feedback/complaints.ts): no 0/O or 1/I. */
const TRACKING = /^ACC[- ]?([A-HJ-NP-Z2-9]{13})$/;

/** The case number or tracking code that a run of words writes, if it writes one whole. */
function identifier(words: string[], prefix: string): SmsCommand | null {
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

export function readCommand(text: string, caseNumberPrefix: string): SmsCommand {
  // A question mark alone asks what the number understands.
  if (text.trim() === '?') return { kind: 'help' };
  const said = normalized(text);
  for (const [kind, words] of Object.entries(WORDS) as ['stop' | 'start' | 'help', readonly string[]][])
    if (words.includes(said)) return { kind };
  const prefix = caseNumberPrefix.toUpperCase();
  const words = said.split(' ');
  // The whole text first; then any run of up to three words ("status of HDAB 2019 42 please").
  const found = identifier(words, prefix);
  if (found) return found;
  for (let size = 3; size >= 1; size--)
    for (let at = 0; at + size <= words.length; at++) {
      const within = identifier(words.slice(at, at + size), prefix);
      if (within) return within;
    }
  return { kind: 'unknown' };
}
