import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { lockoutMachine } from '../../machines/lockout.machine.ts';
import lockoutWords from '../../machines/lockout.words.json' with { type: 'json' };
import { testModel } from './model.ts';
import { describeDisagreement } from './path-failure.ts';

/** Issue 37: a tester reads a failed model path without opening the test. */
describe('a failed model path, as a tester reads it', () => {
  it('names its catalogue entries by number and title, its steps in words with the failed one marked, and both states', () => {
    const test =
      'tests/machines/lockout-session.test.ts › lockout machine > covers every state and transition: 429 starts the countdown, each second ticks, then it opens';
    const text = describeDisagreement({
      machine: lockoutMachine,
      test,
      path: 1,
      steps: [
        { event: 'RATE_LIMITED', to: '{"value":"locked"}' },
        { event: 'xstate.after.LOCKOUT_TICK.lockout.locked', to: '{"value":"locked"}' },
      ],
      at: 1,
      against: 'screen',
      actual: '{"value":"open"}',
      cause: new Error('the wait message is not shown'),
    });
    expect(text).toContain(`lockout: model path 1 of ${test} failed at step 1 of 2.`);
    expect(text).toContain(
      'Catalogue (docs/flows/lockout.md): #1 open; #4 starting · always -> open; #5 open · RATE_LIMITED -> locked.',
    );
    expect(text).toContain(`  0. ${lockoutWords.start.en}`);
    expect(text).toContain(`  1. ${lockoutWords.events.RATE_LIMITED.en} (RATE_LIMITED) → {"value":"locked"}  ✗`);
    expect(text).toContain(
      `  2. ${lockoutWords.events['after LOCKOUT_TICK'].en} (xstate.after.LOCKOUT_TICK.lockout.locked) → {"value":"locked"}\n`,
    );
    expect(text).toContain('The model expects: {"value":"locked"}\nThe screen is in: {"value":"open"}');
    expect(text.endsWith('the wait message is not shown')).toBe(true);
  });

  it('testModel fails with that message when the live machine parts from its model', async () => {
    const door = setup({ guards: { unlocked: () => true } }).createMachine({
      id: 'failureDemo',
      initial: 'shut',
      states: { shut: { on: { OPEN: { guard: 'unlocked', target: 'open' } } }, open: { on: { SHUT: 'shut' } } },
    });
    // The live actor's guard says no where the model's says yes: the first step parts them.
    const run = testModel(door, {
      events: () => [{ type: 'OPEN' }, { type: 'SHUT' }],
      provide: { guards: { unlocked: () => false } },
    });
    const error = await run.then(() => null).catch((e: unknown) => e as Error);
    expect(error?.message).toMatch(
      /^failureDemo: model path 1 of tests\/machines\/path-failure\.test\.ts › .* failed at step 1 of 1\./,
    );
    expect(error?.message).toContain('No catalogue entry of docs/flows/failureDemo.md takes this path');
    expect(error?.message).toContain('  1. OPEN (OPEN) → {"value":"open","context":{}}  ✗');
    expect(error?.message).toContain(
      'The model expects: {"value":"open","context":{}}\nThe machine is in: {"value":"shut","context":{}}',
    );
  });
});
