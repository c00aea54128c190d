import type { SnapshotFrom } from 'xstate';
import type { UssdLang, ussdMachine } from '../../contract/ussd.machine.ts';
import { ussdScreen } from '../../contract/ussd.machine.ts';
import { fitsGsm, septets } from '../notify/sms-parts.ts';
import { USSD_GSM_SCREEN, USSD_UCS2_SCREEN } from '../config/tuning.ts';
import type { TextKey, Values } from '../texts/messages.ts';
import { say } from '../texts/messages.ts';

/**
 * What a phone shows of a USSD session (issue 56): each state of contract/ussd.machine.ts as
 * a screen in the session's language, and an answer cut into screens that fit.
 */

/** What the screens name besides the session: the code dialled, the case number's prefix, an example year. */
export interface ScreenFacts {
  code: string;
  prefix: string;
  year: string;
}

/** A screen: its words, and whether the session ends on it (`END`) or waits for an input (`CON`). */
export interface Screen {
  text: string;
  last: boolean;
}

/** What a screen costs, in the units its encoding counts: GSM septets, else UCS-2 units (a character outside the BMP is two). */
export const screenLength = (text: string): number =>
  fitsGsm(text) ? [...text].reduce((n, ch) => n + septets(ch), 0) : text.length;
/** What a screen holds in the encoding its text needs. */
export const screenLimit = (text: string): number => (fitsGsm(text) ? USSD_GSM_SCREEN : USSD_UCS2_SCREEN);
export const fitsScreen = (text: string): boolean => screenLength(text) <= screenLimit(text);

const line = (lang: UssdLang, key: TextKey, values: Values = {}): string => say(lang, key, values) ?? '';

/** What a reader sees as one character: an emoji of several joined, a letter with its marks. */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The longest start of `word` that fits a screen (a word longer than one, an address), never half a character. */
function longestStart(word: string, fits: (page: string) => boolean): string {
  const chars = [...graphemes.segment(word)].map((g) => g.segment);
  let size = 1;
  while (size < chars.length && fits(chars.slice(0, size + 1).join(''))) size += 1;
  return chars.slice(0, size).join('');
}

/**
 * An answer cut into screens, at spaces where it can: every screen but the last ends with the
 * choices to read on or go back (`ussd.more`), and each fits what its encoding allows.
 */
export function cutScreens(text: string, lang: UssdLang): string[] {
  const more = `\n${line(lang, 'ussd.more')}`;
  const screens: string[] = [];
  let rest = text.trim();
  while (!fitsScreen(rest)) {
    const fits = (page: string) => fitsScreen(`${page}${more}`);
    const words = rest.split(' ');
    let page = '';
    let used = 0;
    while (used < words.length && fits(page ? `${page} ${words[used]}` : (words[used] as string)))
      page = page ? `${page} ${words[used++]}` : (words[used++] as string);
    if (used === 0) {
      // Not even the first word fits: as much of it as does.
      page = longestStart(words[0] as string, fits);
      words[0] = (words[0] as string).slice(page.length);
    } else words.splice(0, used);
    screens.push(`${page}${more}`);
    rest = words.join(' ').trim();
  }
  screens.push(rest);
  return screens;
}

/** The screen a session is at, with "wrong entry" before it when its last input was one. */
export function screenOf(snapshot: SnapshotFrom<typeof ussdMachine>, facts: ScreenFacts): Screen {
  const { lang, wrong, answer, page, year, textsOn } = snapshot.context;
  const said = (key: TextKey, values: Values = {}) =>
    `${wrong ? `${line(lang, 'ussd.wrong')}\n` : ''}${line(lang, key, values)}`;
  const value = ussdScreen(snapshot.value);
  switch (value) {
    case 'menu':
      // A wrong entry is said in the title's place: an Amharic screen has no room for both.
      return {
        text: `${line(lang, wrong ? 'ussd.wrong' : 'ussd.menu.title')}\n${line(lang, 'ussd.menu')}`,
        last: false,
      };
    case 'caseYear':
      return { text: said('ussd.caseYear', { prefix: facts.prefix, example: facts.year }), last: false };
    case 'caseNumber':
      return { text: said('ussd.caseNumber', { prefix: facts.prefix, year }), last: false };
    case 'complaintCode':
      return { text: said('ussd.complaintCode'), last: false };
    case 'texts':
      return { text: said('ussd.texts'), last: false };
    case 'answer':
      // After a wrong entry, the choices again: the screen has no room for both.
      return { text: wrong ? said('ussd.more') : (answer[page] ?? ''), last: false };
    case 'answered':
      return { text: answer[page] ?? '', last: true };
    case 'textsSet':
      return { text: line(lang, textsOn ? 'ussd.started' : 'ussd.stopped', { code: facts.code }), last: true };
    case 'ended':
      return { text: line(lang, 'ussd.ended', { code: facts.code }), last: true };
    default:
      // Still reading or changing the bureau's data: not answered in time.
      return { text: line(lang, 'ussd.unavailable'), last: true };
  }
}
