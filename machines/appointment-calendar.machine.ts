import { emit, setup } from 'xstate';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';
import { RATE_LIMITED } from './form-parts.ts';

export interface AppointmentCalendarContext {
  /** The case whose appointment is offered. */
  caseId: string;
}

/**
 * The appointment ahead offered as a calendar file on the case page (issue 38): Add the
 * appointment to my calendar downloads it (`.ics`, the phone's calendar opens it); a failure says why and the
 * button is offered again; a 429 starts the app's wait.
 */
export const appointmentCalendarMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as AppointmentCalendarContext,
    input: {} as { caseId: string },
    events: {} as { type: 'DOWNLOAD' },
    emitted: {} as Emitted,
  },
  actors: { download: notProvided<void, { id: string }>('download') },
  actions: {
    toastFailure: emit(failureToast('errors.unexpected')),
    rateLimited: emit(RATE_LIMITED),
  },
  guards: { isRateLimited: isStatus(429) },
}).createMachine({
  id: 'appointmentCalendar',
  context: ({ input }) => ({ caseId: input.caseId }),
  initial: 'idle',
  states: {
    idle: { on: { DOWNLOAD: 'downloading' } },
    downloading: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ id: context.caseId }),
        onDone: 'idle',
        onError: [
          { guard: 'isRateLimited', target: 'idle', actions: 'rateLimited' },
          { target: 'idle', actions: 'toastFailure' },
        ],
      },
    },
  },
});
