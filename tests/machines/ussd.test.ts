import { describe, expect, it } from 'vitest';
import type { UssdQuestion } from '../../contract/ussd.machine.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { USSD_WRONG_MAX } from '../../contract/limits.ts';
import {
  USSD_BACK,
  USSD_CHOICES,
  USSD_LAST_SCREENS,
  USSD_MORE,
  USSD_TEXTS,
  readNumber,
  readYear,
  ussdMachine,
  ussdScreen,
} from '../../contract/ussd.machine.ts';
import { readTrackingCode } from '../../contract/case-number.ts';
import { testModel } from './model.ts';

const CODE = 'ACC-ABCDEFGH23456';
const input = (value: string) => ({ type: 'INPUT', value });
/** What a keypad sends on each screen: every choice, a year, a number, a code, and what no screen takes. */
const TYPED = ['1', '2', '3', '4', '9', '0', '2019', '42', 'acc abcdefgh23456', '7'];
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('database away') });

describe('USSD machine', () => {
  it('covers every state and transition: the menu, a case, a complaint, texts off and on, help, wrong entries, pages', async () => {
    const report = await testModel(ussdMachine, {
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          lang: s.context.lang,
          wrongs: s.context.wrongs,
          wrong: s.context.wrong,
          page: s.context.page,
          pages: s.context.answer.length,
        }),
      events: () => [
        ...TYPED.map(input),
        done('answerOf', ['answer, screen 1', 'answer, screen 2']),
        done('answerOf', ['answer, one screen']),
        failed('answerOf'),
        done('setTexts'),
        failed('setTexts'),
      ],
      check: ({ event, snapshot }, _emitted, inputs) => {
        const { context } = snapshot;
        const typed = (event as { value?: string }).value;
        // The question is what was typed: a case's number with the year typed before it, a code as the portal writes it.
        if (snapshot.matches('answering')) {
          expect(inputs.answerOf).toEqual({ question: context.question, lang: context.lang });
          const expected = {
            case: { kind: 'case', year: '2019', number: typed },
            complaint: { kind: 'complaint', code: CODE },
            help: { kind: 'help' },
          }[(context.question as UssdQuestion | null)?.kind ?? 'help'];
          expect(context.question).toEqual(expected);
          if ((context.question as UssdQuestion | null)?.kind === 'help') expect(typed).toBe(USSD_CHOICES.help);
        }
        if (snapshot.matches('settingTexts')) {
          expect(context.textsOn).toBe(typed === USSD_TEXTS.on);
          expect(inputs.setTexts).toEqual({ on: typed === USSD_TEXTS.on });
        }
        // An answer's screen, as it comes and as "more" turns it, says nothing of a wrong entry before it.
        const onAnswer = snapshot.matches({ asking: 'answer' }) || snapshot.matches('answered');
        if (onAnswer && (event.type !== 'INPUT' || typed === USSD_MORE)) expect(context.wrong).toBe(false);
        // The last screen of an answer ends the session; one before it waits for "more".
        if (snapshot.matches({ asking: 'answer' })) expect(context.page).toBeLessThan(context.answer.length - 1);
        if (snapshot.matches('answered')) expect(context.page).toBe(context.answer.length - 1);
        if (event.type === 'INPUT' && snapshot.matches('ended')) expect(context.wrongs).toBe(USSD_WRONG_MAX - 1);
        expect(context.wrongs).toBeLessThan(USSD_WRONG_MAX);
        expect(snapshot.status === 'done').toBe(
          (USSD_LAST_SCREENS as readonly string[]).includes(ussdScreen(snapshot.value)),
        );
      },
    });
    expect(report.states.covered).toBe(report.states.total);
    expect(report.transitions.covered).toBe(report.transitions.total);
  });

  it('reads what a keypad types: a year of four digits, a number of one to six, a tracking code with or without ACC', () => {
    expect(readYear('2019')).toBe('2019');
    expect(readYear(' ፳፻፲፱ ')).toBe('2019');
    for (const no of ['19', '20190', 'abcd', '']) expect(readYear(no)).toBeNull();
    expect(readNumber('42')).toBe('42');
    expect(readNumber('000042')).toBe('000042');
    for (const no of ['0', '000', '1234567', '4a', '']) expect(readNumber(no)).toBeNull();
    for (const yes of ['ABCDEFGH23456', 'acc-abcdefgh23456', 'ACC ABCD EFGH 23456', 'accabcdefgh23456'])
      expect(readTrackingCode(yes)).toBe(CODE);
    // 0, O, 1 and I are no tracking code's; nor is a code one character short or long.
    for (const no of ['ABCDEFGH2345O', 'ABCDEFGH2345', 'ABCDEFGH234567', 'XYZABCDEFGH23456'])
      expect(readTrackingCode(no)).toBeNull();
  });

  it('replays a whole session from its inputs, as the server does: the menu in Amharic, English a choice away, a case read in pages', async () => {
    const asked: unknown[] = [];
    const actor = createActor(
      ussdMachine.provide({
        actors: {
          answerOf: fromPromise(async ({ input: given }) => {
            asked.push(given);
            return ['one', 'two', 'three'];
          }),
        },
      }),
    ).start();
    expect(actor.getSnapshot().context.lang).toBe('am');
    for (const value of [USSD_CHOICES.language, USSD_CHOICES.case, '2019', '42'])
      actor.send(input(value) as { type: 'INPUT'; value: string });
    await waitFor(actor, (s) => s.matches({ asking: 'answer' }));
    expect(asked).toEqual([{ question: { kind: 'case', year: '2019', number: '42' }, lang: 'en' }]);
    actor.send({ type: 'INPUT', value: USSD_MORE });
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'INPUT', value: USSD_MORE });
    expect(actor.getSnapshot().value).toBe('answered');
    expect(actor.getSnapshot().context.answer[actor.getSnapshot().context.page]).toBe('three');
  });

  it('9 switches the language both ways, and a wrong entry before it is no longer said; spaces around an entry are ignored', () => {
    const actor = createActor(ussdMachine).start();
    const send = (value: string) => actor.send({ type: 'INPUT', value });
    send('8');
    expect(actor.getSnapshot().context).toMatchObject({ lang: 'am', wrong: true });
    send(USSD_CHOICES.language);
    expect(actor.getSnapshot().context).toMatchObject({ lang: 'en', wrong: false });
    send(` ${USSD_CHOICES.language} `);
    expect(actor.getSnapshot().context).toMatchObject({ lang: 'am', wrong: false });
    send(` ${USSD_CHOICES.texts}`);
    expect(actor.getSnapshot().value).toEqual({ asking: 'texts' });
  });

  it('a wrong entry is said and asked again; the third ends the session; 0 goes back to the menu from any question', () => {
    const actor = createActor(ussdMachine).start();
    const send = (value: string) => actor.send({ type: 'INPUT', value });
    send(USSD_CHOICES.texts);
    send('5');
    expect(actor.getSnapshot()).toMatchObject({ value: { asking: 'texts' }, context: { wrong: true, wrongs: 1 } });
    send(USSD_BACK);
    expect(actor.getSnapshot()).toMatchObject({ value: { asking: 'menu' }, context: { wrong: false, wrongs: 1 } });
    send(USSD_TEXTS.on.repeat(3));
    expect(actor.getSnapshot()).toMatchObject({ value: { asking: 'menu' }, context: { wrong: true, wrongs: 2 } });
    send('*');
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().status).toBe('done');
  });
});
