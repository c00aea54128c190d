import type { Messages } from '../contract/common.ts';
import { FORM_LIMITS, REDIRECT_AFTER_RESET_MS } from '../contract/limits.ts';
import { tooLongIn } from './form-parts.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import type { FieldErrors } from './api-failure.ts';
import { isServerFailure, isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';

/**
 * Reset password (spec sections 2, 4 and 5): password and re-type must match (the message
 * 'Password and Re-Type Password did not match'); the button is disabled while sending;
 * success shows the message and goes to /login after 6 seconds. 429 toasts; 500 or no
 * answer shows Connection Lost. See docs/decisions/0005 on not sending a mismatch.
 */
export const resetPasswordMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as {
      id: string;
      token: string;
      password: string;
      retype: string;
      errors: FieldErrors;
      done: Messages | null;
    },
    input: {} as { id: string; token: string },
    events: {} as { type: 'CHANGE'; field: 'password' | 'retype'; value: string } | { type: 'SUBMIT' },
    emitted: {} as Emitted,
  },
  actors: {
    resetPassword: notProvided<Messages, { id: string; token: string; password: string }>('resetPassword'),
  },
  actions: {
    change: assign(({ event }) => {
      assertEvent(event, 'CHANGE');
      return { [event.field]: event.value };
    }),
    markMismatch: assign({ errors: { retype: { code: 'mismatch' } } }),
    markTooLong: assign({ errors: ({ context }) => tooLongIn(FORM_LIMITS.reset, context) }),
    clearErrors: assign({ errors: {} }),
    keepMessage: assign({ done: (_, params: { done: Messages }) => params.done }),
    goToLogin: emit({ type: 'navigate', to: 'login' }),
    toastTooMany: emit({ type: 'toast', kind: 'error', key: 'errors.tooManyAttempts' }),
    toastFailure: emit(failureToast('errors.unexpected')),
    connectionLost: emit({ type: 'connectionLost' }),
  },
  guards: {
    mismatch: ({ context }) => context.password !== context.retype,
    tooLong: ({ context }) => Object.keys(tooLongIn(FORM_LIMITS.reset, context)).length > 0,
    isRateLimited: isStatus(429),
    isServerFailure,
  },
  delays: { REDIRECT: REDIRECT_AFTER_RESET_MS },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ id: input.id, token: input.token, password: '', retype: '', errors: {}, done: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'change' },
        SUBMIT: [
          { guard: 'tooLong', actions: 'markTooLong' },
          { guard: 'mismatch', actions: 'markMismatch' },
          { target: 'sending', actions: 'clearErrors' },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ id: context.id, token: context.token, password: context.password }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'keepMessage', params: ({ event }) => ({ done: event.output }) },
        },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'toastTooMany' },
          { guard: 'isServerFailure', target: 'connectionLost', actions: 'connectionLost' },
          { target: 'editing', actions: 'toastFailure' },
        ],
      },
    },
    succeeded: { after: { REDIRECT: { target: 'redirected', actions: 'goToLogin' } } },
    redirected: { type: 'final' },
    connectionLost: { type: 'final' },
  },
});
