import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { assign, setup } from 'xstate';
import type { MachineWords } from '../../contract/flow-catalogue.ts';
import { catalogueOf } from '../../scripts/flows/catalogue.ts';
import { readCoverage } from './coverage-report.ts';
import { testModel } from './model.ts';

/**
 * What a model test records is what the actor did (issue 49): the transitions XState's
 * inspection reports for each microstep, never a guess from where the actor ended. Three
 * guarded branches of one event end in the same state; each entry must be played by the
 * branch it names, and a branch no path takes must fail the test.
 */
const answer = setup({
  types: { context: {} as { status: number }, events: {} as { type: 'ANSWER'; status: number } | { type: 'AGAIN' } },
  guards: {
    tooMany: ({ event }) => event.type === 'ANSWER' && event.status === 429,
    broken: ({ event }) => event.type === 'ANSWER' && event.status >= 500,
    high: ({ context }) => context.status >= 400,
  },
  actions: {
    keep: assign({ status: ({ event }) => (event.type === 'ANSWER' ? event.status : 0) }),
  },
}).createMachine({
  id: 'answerRecord',
  context: { status: 0 },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        ANSWER: [
          { guard: 'tooMany', target: 'checking', actions: 'keep' },
          { guard: 'broken', target: 'checking', actions: 'keep' },
          { target: 'checking', actions: 'keep' },
        ],
      },
    },
    checking: { always: [{ guard: 'high', target: 'told' }, { target: 'told' }] },
    told: { on: { AGAIN: 'waiting' } },
  },
});

const w = (en: string) => ({ en, am: `(am) ${en}` });
const words: MachineWords = {
  machine: w('A machine of this test.'),
  start: w('It starts.'),
  states: { waiting: w('Waiting.'), checking: w('Checking.'), told: w('Told.') },
  events: { ANSWER: w('The server answers.'), AGAIN: w('Again.') },
  guards: { tooMany: w('too many'), broken: w('it broke'), high: w('it was refused') },
  actions: { keep: w('The answer is kept.') },
};
const named = { name: 'answer-record', source: 'tests/machines/answer-record.machine.ts', machine: answer };
const again = { type: 'AGAIN' };

describe('the model test records the transitions the actor took', () => {
  it('each guarded branch is played by a path that takes it, and its entry ends with its own words', async () => {
    const statuses = [429, 503, 200, 404];
    await testModel(answer, {
      serialize: (s) => JSON.stringify({ value: s.value, status: s.context.status }),
      events: (s) =>
        s.matches('waiting') ? statuses.map((status) => ({ type: 'ANSWER', status }) as EventObject) : [again],
    });
    const rows = readCoverage().filter((r) => r.machine === 'answerRecord');
    const catalogue = catalogueOf(named, words, rows);
    expect(catalogue.missing).toEqual([]);
    const last = (title: string) => catalogue.entries.find((e) => e.title === title)?.text.en.steps.slice(-2) ?? [];
    expect(last('waiting · ANSWER [tooMany] -> checking')[1]).toBe(
      'The server answers. When too many. The answer is kept. → checking',
    );
    expect(last('waiting · ANSWER [broken] -> checking')[1]).toBe(
      'The server answers. When it broke. The answer is kept. → checking',
    );
    expect(last('waiting · ANSWER -> checking')[1]).toBe(
      'The server answers. Unless too many, or it broke. The answer is kept. → checking',
    );
    // The eventless branch taken is a step of its own, with its condition.
    expect(last('checking · always [high] -> told')).toEqual([
      expect.stringMatching(/^The server answers\. When (too many|it broke)\./),
      'At once, without an event. When it was refused. → told',
    ]);
    expect(last('checking · always -> told')[1]).toBe('At once, without an event. Unless it was refused. → told');
    expect(
      catalogueOf(named, words, rows)
        .entries.find((e) => e.title === 'checking · always -> told')
        ?.text.am.steps.at(-1),
    ).toBe('«(am) it was refused» ካልሆነ፣ ወዲያውኑ፣ ያለ ክስተት። → told');
  });

  it('a branch no path takes fails the test, though another branch reaches the same state', async () => {
    await expect(
      testModel(answer, {
        serialize: (s) => JSON.stringify({ value: s.value, status: s.context.status }),
        events: (s) => (s.matches('waiting') ? [{ type: 'ANSWER', status: 429 }] : [again]),
      }),
    ).rejects.toThrow(/transitions of the machine no path takes[\s\S]*waiting --ANSWER#1/);
  });
});
