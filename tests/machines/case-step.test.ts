import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TEXT_LIMITS, maxLength } from '../../contract/limits.ts';
import { caseStepMachine } from '../../machines/case-step.machine.ts';
import { verifiedCase } from '../ui/fixtures.ts';
import { messages } from './form-events.ts';
import { testModel } from './model.ts';

const pdf = { name: 'deed.pdf', size: 1000, type: 'application/pdf' } as File;
const picture = { name: 'me.png', size: 1000, type: 'image/png' } as File;

describe('case step machine', () => {
  for (const kind of ['answer', 'withdraw', 'appeal'] as const) {
    it(`${kind}: covers every state and transition: open, type, choose a file, check, confirm or go back, send, refusals`, async () => {
      const report = await testModel(caseStepMachine, {
        input: { caseId: 'c1', kind },
        start: kind,
        serialize: (s) =>
          JSON.stringify({
            value: s.value,
            text: s.context.text !== '',
            file: s.context.file !== null,
            errors: Object.keys(s.context.errors).sort(),
          }),
        events: () => [
          { type: 'OPEN' },
          { type: 'CLOSE' },
          { type: 'TEXT', value: 'The deed is attached.' },
          { type: 'TEXT', value: '' },
          { type: 'FILE', file: pdf },
          { type: 'FILE', file: picture },
          { type: 'SUBMIT' },
          { type: 'CONFIRM' },
          { type: 'BACK' },
          { type: 'xstate.done.actor.send', output: { ...messages, case: verifiedCase, history: [] } },
          { type: 'xstate.error.actor.send', error: { status: 429 } },
          { type: 'xstate.error.actor.send', error: { status: 500 } },
          { type: 'xstate.error.actor.send', error: { status: 400, fields: { answer: 'required' } } },
          { type: 'xstate.error.actor.send', error: { status: 409, messages } },
        ],
        check: ({ event, snapshot }, emitted, inputs) => {
          if (event.type === 'CONFIRM') {
            const { caseId, text, file } = snapshot.context;
            expect(inputs.send).toEqual({ caseId, kind, text, file });
          }
          if (event.type === 'xstate.done.actor.send') {
            expect(emitted.map((e) => e.type).slice(-2)).toEqual(['toast', 'stepTaken']);
            // The case page is handed the case and its history as the answer brought them.
            expect(emitted.at(-1)).toEqual({ type: 'stepTaken', case: verifiedCase, history: [] });
          }
          if (event.type === 'xstate.error.actor.send')
            expect(snapshot.context.text === '' && kind !== 'withdraw').toBe(false);
          if (
            event.type === 'xstate.error.actor.send' &&
            (event as unknown as { error: { status: number } }).error.status === 400
          )
            expect(snapshot.context.errors.text).toEqual({ code: 'required' });
        },
      });
      expect(report.transitions.covered).toBe(report.transitions.total);
    });
  }

  it('an answer and an appeal need text, a withdrawal does not; a text past the limit is refused; what was typed stays', () => {
    for (const [kind, needsText] of [
      ['answer', true],
      ['appeal', true],
      ['withdraw', false],
    ] as const) {
      const actor = createActor(caseStepMachine, { input: { caseId: 'c1', kind } }).start();
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().value, kind).toBe(needsText ? 'editing' : 'confirming');
      if (needsText) expect(actor.getSnapshot().context.errors.text).toEqual({ code: 'required' });
      actor.send({ type: 'BACK' });
      actor.send({ type: 'TEXT', value: 'x'.repeat(TEXT_LIMITS.stepText) });
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().context.errors.text).toEqual({
        code: 'tooLong',
        limit: maxLength(TEXT_LIMITS.stepText),
      });
      actor.send({ type: 'CLOSE' });
      actor.send({ type: 'OPEN' });
      expect(actor.getSnapshot().context.text).toHaveLength(TEXT_LIMITS.stepText);
    }
  });

  it('a file that is not a PDF is refused before anything is sent', () => {
    const actor = createActor(caseStepMachine, { input: { caseId: 'c1', kind: 'answer' } }).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'FILE', file: picture });
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(actor.getSnapshot().context.errors.attachment).toEqual({ code: 'notPdf' });
  });
});
