import { describe, expect, it } from 'vitest';
import { appointmentCalendarMachine } from '../../machines/appointment-calendar.machine.ts';
import { testModel } from './model.ts';

const messages = {
  Message_en: 'No appointment',
  Message_am: 'ቀጠሮ የለም',
  Message_or: 'x',
  Message_tg: 'x',
  Message_sm: 'x',
  Message_af: 'x',
};

describe('appointment calendar machine', () => {
  it('covers every state and transition: the file downloaded for this case; a failure says why, a 429 starts the wait, and the button is offered again', async () => {
    const report = await testModel(appointmentCalendarMachine, {
      input: { caseId: 'c1' },
      start: 'caseShown',
      events: () => [
        { type: 'DOWNLOAD' },
        { type: 'xstate.done.actor.download', output: undefined },
        { type: 'xstate.error.actor.download', error: { status: 404, messages } },
        { type: 'xstate.error.actor.download', error: { status: 429, messages, retryAfter: 30 } },
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        if (event.type === 'DOWNLOAD') expect(inputs.download).toEqual({ id: 'c1' });
        const status = (event as unknown as { error?: { status: number } }).error?.status;
        if (status === 404) expect(emitted.at(-1)).toEqual({ type: 'toast', kind: 'error', messages });
        if (status === 429) expect(emitted.at(-1)).toEqual({ type: 'rateLimited', retryAfter: 30 });
        if (event.type.startsWith('xstate.')) expect(snapshot.matches('idle')).toBe(true);
      },
    });
    expect(report.states.covered).toBe(report.states.total);
  });
});
