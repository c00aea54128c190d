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
/** The words of each command, English and Amharic, as read once upper-cased: a new word is a row here. */
export const COMMAND_WORDS = {
  stop: ['STOP', 'አቁም'],
  start: ['START', 'ጀምር'],
  help: ['HELP', 'እርዳታ'],
} as const satisfies Record<string, readonly string[]>;
export type CommandWord = keyof typeof COMMAND_WORDS;

export type SmsCommand = Identifier | { kind: CommandWord } | { kind: 'unknown' };

export function readCommand(text: string, caseNumberPrefix: string): SmsCommand {
  // A question mark alone asks what the number understands.
  if (text.trim() === '?') return { kind: 'help' };
  const said = normalized(text);
  for (const [kind, words] of Object.entries(COMMAND_WORDS) as [CommandWord, readonly string[]][])
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
