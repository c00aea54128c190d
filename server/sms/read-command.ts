import type { Identifier } from '../../contract/case-number.ts';
import { identifier, normalized } from '../../contract/case-number.ts';

/**
 * What a text sent to the bureau's number asks (issue 38): a case's status by its
 * number, a complaint's by its tracking code, no more texts (STOP) or texts again (START), what
 * the number understands (HELP); anything else is answered with the help text. Words are read
 * in English and Amharic, in any case, with extra spaces and punctuation ignored; Ethiopic
 * numerals stand for the number they write ("፳፻፲፱" is 2019) wherever digits are expected. A
 * case number or tracking code is found among other words (read as contract/case-number.ts
 * reads them); STOP, START and HELP only alone.
 */
export type SmsCommand = Identifier | { kind: 'stop' } | { kind: 'start' } | { kind: 'help' } | { kind: 'unknown' };

/** The words of each command, English and Amharic, as read once upper-cased. */
const WORDS: Record<'stop' | 'start' | 'help', readonly string[]> = {
  stop: ['STOP', 'አቁም'],
  start: ['START', 'ጀምር'],
  help: ['HELP', 'እርዳታ'],
};

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
