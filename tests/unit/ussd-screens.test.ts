import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UssdContext, UssdLang } from '../../contract/ussd.machine.ts';
import { ussdMachine } from '../../contract/ussd.machine.ts';
import { say } from '../../server/texts/messages.ts';
import type { ScreenFacts } from '../../server/ussd/screens.ts';
import { cutScreens, fitsScreen, screenLength, screenOf } from '../../server/ussd/screens.ts';
import { USSD_GSM_SCREEN, USSD_UCS2_SCREEN } from '../../server/config/tuning.ts';

/** What the screens name at their longest: a prefix of 8 letters (CASE_NUMBER_PREFIX's limit), a long code. */
const LONGEST: ScreenFacts = { code: '*8123*99#', prefix: 'ABCDEFGH', year: '2019' };
const CONTEXT: UssdContext = {
  lang: 'am',
  year: '2019',
  question: null,
  textsOn: null,
  wrongs: 1,
  wrong: false,
  answer: ['one screen'],
  page: 0,
};
const at = (value: string | { asking: string }, context: Partial<UssdContext>) =>
  screenOf(ussdMachine.resolveState({ value, context: { ...CONTEXT, ...context } }), LONGEST);

describe('USSD screens (issue 56)', () => {
  it('a screen holds 182 GSM characters (an extension character two), or 80 once one character is not GSM', () => {
    expect(fitsScreen('x'.repeat(USSD_GSM_SCREEN))).toBe(true);
    expect(fitsScreen('x'.repeat(USSD_GSM_SCREEN + 1))).toBe(false);
    expect(screenLength('[]')).toBe(4);
    expect(fitsScreen(`${'x'.repeat(USSD_UCS2_SCREEN - 1)}ሀ`)).toBe(true);
    expect(fitsScreen(`${'x'.repeat(USSD_UCS2_SCREEN)}ሀ`)).toBe(false);
  });

  it('every screen that asks, in Amharic and English, after a wrong entry or not, at the longest it names, fits', () => {
    for (const lang of ['am', 'en'] as UssdLang[])
      for (const wrong of [false, true]) {
        for (const screen of ['menu', 'caseYear', 'caseNumber', 'complaintCode', 'texts']) {
          const shown = at({ asking: screen }, { lang, wrong });
          expect(shown.last).toBe(false);
          expect(fitsScreen(shown.text), `${lang} ${screen} ${wrong}: ${shown.text}`).toBe(true);
          if (wrong) expect(shown.text).toContain(say(lang, 'ussd.wrong'));
        }
        // An answer's screen after a wrong entry: the wrong entry said and the choices again.
        const again = at({ asking: 'answer' }, { lang, wrong, answer: ['first', 'second'] });
        expect(again.text).toBe(wrong ? `${say(lang, 'ussd.wrong')}\n${say(lang, 'ussd.more')}` : 'first');
      }
  });

  it('every screen a session ends on fits, and so do the ones in both languages (past a limit, unread)', () => {
    for (const lang of ['am', 'en'] as UssdLang[]) {
      for (const [value, context] of [
        ['textsSet', { textsOn: true }],
        ['textsSet', { textsOn: false }],
        ['ended', {}],
        ['unavailable', {}],
        ['answering', {}],
      ] as const) {
        const shown = at(value, { lang, ...context });
        expect(shown.last).toBe(true);
        expect(fitsScreen(shown.text), `${lang} ${value}: ${shown.text}`).toBe(true);
      }
      expect(at('textsSet', { lang, textsOn: false }).text).toBe(say(lang, 'ussd.stopped', { code: LONGEST.code }));
    }
    for (const key of ['ussd.limited', 'ussd.unavailable'] as const)
      expect(fitsScreen(`${say('am', key)}\n${say('en', key)}`)).toBe(true);
  });

  it('an answer is cut at spaces into screens that fit; each but the last offers more; read in order they say it all', () => {
    const word = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abcdefghij0123456789.:'), minLength: 1, maxLength: 12 }),
      fc.string({ unit: fc.constantFrom(...'ሀለሐመሠረሰቀበተኀነአከወዐዘየደገጠጰጸፀፈፐ፦።'), minLength: 1, maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 80 }),
        fc.constantFrom<UssdLang>('am', 'en'),
        (words, lang) => {
          const text = words.join(' ');
          const screens = cutScreens(text, lang);
          const more = `\n${say(lang, 'ussd.more')}`;
          for (const s of screens) expect(fitsScreen(s), s).toBe(true);
          for (const s of screens.slice(0, -1)) expect(s.endsWith(more)).toBe(true);
          expect(screens.at(-1)?.endsWith(more)).toBe(false);
          expect(screens.map((s) => s.replace(more, '')).join(' ')).toBe(text);
        },
      ),
    );
  });

  it('a word longer than a screen (an address) is cut where the screen ends', () => {
    const url = `http://portal.example.et/dashboard/case/${'0123456789abcdef'.repeat(12)}`;
    const screens = cutScreens(`ጉዳይ ${url}`, 'am');
    expect(screens.length).toBeGreaterThan(2);
    for (const s of screens) expect(fitsScreen(s)).toBe(true);
    expect(screens.map((s) => s.replace(`\n${say('am', 'ussd.more')}`, '')).join('')).toBe(`ጉዳይ${url}`);
  });

  it('a cut never splits a character: a run of emoji (two UTF-16 units each, or several joined) longer than a screen', () => {
    const family = '👨‍👩‍👧‍👦';
    const joined = cutScreens(`ጉዳይ ${family.repeat(12)}`, 'am');
    expect(joined.length).toBeGreaterThan(2);
    for (const s of joined)
      expect(s.replace(`\n${say('am', 'ussd.more')}`, '').replaceAll(family, '')).toBe(s === joined[0] ? 'ጉዳይ' : '');
    const screens = cutScreens(`ጉዳይ ${'😀'.repeat(100)}`, 'am');
    expect(screens.length).toBeGreaterThan(2);
    for (const s of screens) {
      expect(fitsScreen(s)).toBe(true);
      // Half of a pair, alone, is a code point of its own: a surrogate (\p{Cs}) a phone shows as a box.
      expect(s).not.toMatch(/\p{Cs}/u);
    }
  });
});
