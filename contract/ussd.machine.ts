import type { SnapshotFrom } from 'xstate';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { normalized, readTrackingCode } from './case-number.ts';
import { USSD_WRONG_MAX } from './limits.ts';

/**
 * A USSD session (issue 56): the screens a phone moves through after dialling the bureau's
 * code, one input per screen. The server replays every input of the session through it
 * (server/ussd/), so any process answers any screen and nothing is kept between requests; a
 * screen's words are the server's (server/ussd/screens.ts). Amharic first, English a choice
 * away. Follow a case (its year, then its number: the prefix is implied), follow a complaint
 * (its code), texts on or off for this number, help (the bureau's number, hours and address). A wrong entry says so and asks again;
 * `USSD_WRONG_MAX` of them end the session. Where the bureau's data is read or changed, an
 * invoked actor does it; an answer (a case's, a complaint's, the help), cut into screens, is
 * read a screen at a time, and the session ends on its last.
 */
export type UssdLang = 'am' | 'en';

export interface UssdContext {
  lang: UssdLang;
  /** The case's year, until its number comes. */
  year: string;
  /** What the person asked, for the answer to be written. */
  question: UssdQuestion | null;
  /** Whether the person asked for SMS on or off; null until they chose. */
  textsOn: boolean | null;
  /** Wrong entries so far, and whether the last input was one (the screen says so). */
  wrongs: number;
  wrong: boolean;
  /** The answer's screens, and the one shown. */
  answer: string[];
  page: number;
}

export type UssdEvent = { type: 'INPUT'; value: string };

/** What an answer is written for: a case by its year and number, a complaint by its code, or the help. */
export type UssdQuestion =
  { kind: 'case'; year: string; number: string } | { kind: 'complaint'; code: string } | { kind: 'help' };

/** What the menu's choices are, as typed on a keypad. */
export const USSD_CHOICES = { case: '1', complaint: '2', texts: '3', help: '4', language: '9' } as const;
/** On the texts screen: off, on. On a screen that asks for something: back to the menu. On an answer: more. */
export const USSD_TEXTS = { off: '1', on: '2' } as const;
export const USSD_BACK = '0';
export const USSD_MORE = '1';

const chose = (value: string) => (input: string) => input.trim() === value;

/** A case's year as typed: four digits (Ethiopic numerals read as digits). */
export const readYear = (input: string): string | null => /^\d{4}$/.exec(normalized(input))?.[0] ?? null;
/** A case's number within its year: one to six digits, not zero. */
export const readNumber = (input: string): string | null => {
  const digits = /^\d{1,6}$/.exec(normalized(input))?.[0];
  return digits && Number(digits) > 0 ? digits : null;
};

const given = (event: UssdEvent) => {
  assertEvent(event, 'INPUT');
  return event.value;
};

/** An actor the server provides; the machine alone (its tests, the diagrams) has none. */
const serverOnly = <T, I>(name: string) =>
  fromPromise<T, I>(async () => {
    throw new Error(`${name} actor not provided`);
  });

export const ussdMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as UssdContext,
    events: {} as UssdEvent,
  },
  actors: {
    answerOf: serverOnly<string[], { question: UssdQuestion; lang: UssdLang }>('answerOf'),
    setTexts: serverOnly<void, { on: boolean }>('setTexts'),
  },
  actions: {
    markWrong: assign({ wrongs: ({ context }) => context.wrongs + 1, wrong: true }),
    clearWrong: assign({ wrong: false }),
    switchLanguage: assign({ lang: ({ context }) => (context.lang === 'am' ? 'en' : 'am'), wrong: false }),
    keepYear: assign({ year: ({ event }) => readYear(given(event)) ?? '' }),
    askCase: assign({
      question: ({ context, event }) => ({ kind: 'case', year: context.year, number: readNumber(given(event)) ?? '' }),
    }),
    askComplaint: assign({
      question: ({ event }) => ({ kind: 'complaint', code: readTrackingCode(given(event)) ?? '' }),
    }),
    askHelp: assign({ question: { kind: 'help' } }),
    askOff: assign({ textsOn: false }),
    askOn: assign({ textsOn: true }),
    keepAnswer: assign({ answer: (_, params: { answer: string[] }) => params.answer, page: 0, wrong: false }),
    nextPage: assign({ page: ({ context }) => context.page + 1, wrong: false }),
  },
  guards: {
    choseCase: ({ event }) => chose(USSD_CHOICES.case)(given(event)),
    choseComplaint: ({ event }) => chose(USSD_CHOICES.complaint)(given(event)),
    choseTexts: ({ event }) => chose(USSD_CHOICES.texts)(given(event)),
    choseHelp: ({ event }) => chose(USSD_CHOICES.help)(given(event)),
    choseLanguage: ({ event }) => chose(USSD_CHOICES.language)(given(event)),
    choseOff: ({ event }) => chose(USSD_TEXTS.off)(given(event)),
    choseOn: ({ event }) => chose(USSD_TEXTS.on)(given(event)),
    choseBack: ({ event }) => chose(USSD_BACK)(given(event)),
    choseMore: ({ event }) => chose(USSD_MORE)(given(event)),
    isYear: ({ event }) => readYear(given(event)) !== null,
    isNumber: ({ event }) => readNumber(given(event)) !== null,
    isTrackingCode: ({ event }) => readTrackingCode(given(event)) !== null,
    lastChance: ({ context }) => context.wrongs + 1 >= USSD_WRONG_MAX,
    lastPage: ({ context }) => context.page >= context.answer.length - 1,
  },
}).createMachine({
  id: 'ussd',
  context: { lang: 'am', year: '', question: null, textsOn: null, wrongs: 0, wrong: false, answer: [], page: 0 },
  initial: 'asking',
  states: {
    /**
     * A screen that waits for an entry. What its own state does not take is a wrong entry, here
     * once for all: said and asked again, or, past the last chance, the session's end.
     */
    asking: {
      initial: 'menu',
      on: { INPUT: [{ guard: 'lastChance', target: 'ended' }, { actions: 'markWrong' }] },
      states: {
        menu: {
          entry: 'clearWrong',
          on: {
            INPUT: [
              { guard: 'choseCase', target: 'caseYear' },
              { guard: 'choseComplaint', target: 'complaintCode' },
              { guard: 'choseTexts', target: 'texts' },
              { guard: 'choseHelp', target: '#ussd.answering', actions: 'askHelp' },
              { guard: 'choseLanguage', actions: 'switchLanguage' },
            ],
          },
        },
        caseYear: {
          entry: 'clearWrong',
          on: {
            INPUT: [
              { guard: 'choseBack', target: 'menu' },
              { guard: 'isYear', target: 'caseNumber', actions: 'keepYear' },
            ],
          },
        },
        caseNumber: {
          entry: 'clearWrong',
          on: {
            INPUT: [
              { guard: 'choseBack', target: 'menu' },
              { guard: 'isNumber', target: '#ussd.answering', actions: 'askCase' },
            ],
          },
        },
        complaintCode: {
          entry: 'clearWrong',
          on: {
            INPUT: [
              { guard: 'choseBack', target: 'menu' },
              { guard: 'isTrackingCode', target: '#ussd.answering', actions: 'askComplaint' },
            ],
          },
        },
        texts: {
          entry: 'clearWrong',
          on: {
            INPUT: [
              { guard: 'choseOff', target: '#ussd.settingTexts', actions: 'askOff' },
              { guard: 'choseOn', target: '#ussd.settingTexts', actions: 'askOn' },
              { guard: 'choseBack', target: 'menu' },
            ],
          },
        },
        /** A screen of an answer with more after it. */
        answer: {
          always: { guard: 'lastPage', target: '#ussd.answered' },
          on: {
            INPUT: [
              { guard: 'choseMore', actions: 'nextPage' },
              { guard: 'choseBack', target: 'menu' },
            ],
          },
        },
      },
    },
    /** The portal writes the answer asked for (server/ussd/session.ts), cut into screens. */
    answering: {
      invoke: {
        src: 'answerOf',
        id: 'answerOf',
        input: ({ context }) => ({ question: context.question ?? { kind: 'help' }, lang: context.lang }),
        onDone: {
          target: 'asking.answer',
          actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: 'unavailable',
      },
    },
    settingTexts: {
      invoke: {
        src: 'setTexts',
        id: 'setTexts',
        input: ({ context }) => ({ on: context.textsOn === true }),
        onDone: 'textsSet',
        onError: 'unavailable',
      },
    },
    /** The answer's last screen: the session ends on it. */
    answered: { type: 'final' },
    /** SMS to the number are off or on, as asked. */
    textsSet: { type: 'final' },
    /** Too many wrong entries. */
    ended: { type: 'final' },
    /** The bureau's data could not be read or changed in time. */
    unavailable: { type: 'final' },
  },
});

/** The screens a session ends on (the machine's final states): the answer to them begins `END`, every other `CON`. */
export const USSD_LAST_SCREENS: readonly string[] = Object.entries(ussdMachine.root.states)
  .filter(([, node]) => node.type === 'final')
  .map(([name]) => name);

/** The screen a session is at: its deepest state's name (`menu`, not `{ asking: 'menu' }`). */
export const ussdScreen = (value: SnapshotFrom<typeof ussdMachine>['value']): string =>
  typeof value === 'string' ? value : value.asking;
