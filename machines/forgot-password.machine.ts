import type { Messages } from '../contract/common.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import { isServerFailure, isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast, successToast } from './emitted.ts';

/**
 * Forgot password (spec sections 2 and 8): the button is disabled while sending; 200 shows
 * the message and clears the email; 429 toasts 'Too many attempts'; 500 or no answer shows
 * the Connection Lost screen.
 */
export const forgotPasswordMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { email: string },
    events: {} as { type: 'CHANGE'; value: string } | { type: 'SUBMIT' },
    emitted: {} as Emitted,
  },
  actors: {
    requestLink: notProvided<Messages, { email: string }>('requestLink'),
  },
  actions: {
    change: assign({
      email: ({ event }) => {
        assertEvent(event, 'CHANGE');
        return event.value;
      },
    }),
    clearEmail: assign({ email: '' }),
    toastSuccess: emit(successToast),
    toastTooMany: emit({ type: 'toast', kind: 'error', key: 'errors.tooManyAttempts' }),
    toastFailure: emit(failureToast('errors.unexpected')),
    connectionLost: emit({ type: 'connectionLost' }),
  },
  guards: { isRateLimited: isStatus(429), isServerFailure },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '' },
  initial: 'editing',
  states: {
    editing: { on: { CHANGE: { actions: 'change' }, SUBMIT: 'sending' } },
    sending: {
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'editing', actions: ['toastSuccess', 'clearEmail'] },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'toastTooMany' },
          { guard: 'isServerFailure', target: 'connectionLost', actions: 'connectionLost' },
          { target: 'editing', actions: 'toastFailure' },
        ],
      },
    },
    connectionLost: { type: 'final' },
  },
});
