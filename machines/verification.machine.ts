import type { Messages } from '../contract/common.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast, successToast } from './emitted.ts';
import { RATE_LIMITED, refusalOf } from './form-parts.ts';

/**
 * Email verification (spec section 2): the code (numeric, no length check) for the email
 * of the registration. Success turns the otp flag off and goes to /login; Resend sends a
 * new code and shows the server's message. The code confirms only the registration this
 * browser made (ADR 0029): the verification and a resend name it when the browser knows it
 * (after registering, or a login that proved its password); otherwise the person types the
 * password they chose with the code. When someone registered the address since (409), the
 * code is not theirs: the screen says so and leads back to registering. A wrong code is said
 * beside the field until the person types again (`refusal`), as well as in the spec's toast.
 */
/** Without the registration this browser made, the code goes with that registration's password (ADR 0029): the screen asks it. */
export const asksPassword = (context: { registration?: string }): boolean => !context.registration;

export const verificationMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as {
      email: string;
      registration?: string;
      code: string;
      password: string;
      refusal: Messages | null;
    },
    input: {} as { email: string; registration?: string },
    events: {} as
      | { type: 'CHANGE'; value: string }
      | { type: 'CHANGE_PASSWORD'; value: string }
      | { type: 'VERIFY' }
      | { type: 'RESEND' },
    emitted: {} as Emitted,
  },
  actors: {
    verify: notProvided<Messages, { email: string; otp: string; registration?: string; password?: string }>('verify'),
    resend: notProvided<Messages, { email: string; registration?: string }>('resend'),
  },
  actions: {
    change: assign({
      code: ({ event }) => {
        assertEvent(event, 'CHANGE');
        return event.value.replace(/\D/g, '');
      },
      refusal: null,
    }),
    changePassword: assign({
      password: ({ event }) => {
        assertEvent(event, 'CHANGE_PASSWORD');
        return event.value;
      },
      refusal: null,
    }),
    noteRefusal: assign({ refusal: refusalOf }),
    otpOff: emit({ type: 'otpFlag', on: false }),
    // The login opens with the address just verified (issue 51): the person types the password only.
    goToLogin: emit(({ context }) => ({ type: 'navigate', to: 'login', state: { email: context.email } })),
    toastSuccess: emit(successToast),
    toastFailure: emit(failureToast('errors.network')),
    rateLimited: emit(RATE_LIMITED),
  },
  guards: {
    isRateLimited: isStatus(429),
    /** Someone registered the address again since this browser did: the code confirms theirs, never this one. */
    isReplaced: isStatus(409),
  },
}).createMachine({
  id: 'verification',
  context: ({ input }) => ({
    email: input.email,
    ...(input.registration ? { registration: input.registration } : {}),
    code: '',
    password: '',
    refusal: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'change' },
        CHANGE_PASSWORD: { actions: 'changePassword' },
        VERIFY: 'verifying',
        RESEND: 'resending',
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({
          email: context.email,
          otp: context.code,
          ...(asksPassword(context) ? { password: context.password } : { registration: context.registration }),
        }),
        onDone: { target: 'done', actions: ['toastSuccess', 'otpOff', 'goToLogin'] },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { guard: 'isReplaced', target: 'replaced', actions: ['toastFailure', 'noteRefusal'] },
          { target: 'editing', actions: ['toastFailure', 'noteRefusal'] },
        ],
      },
    },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({
          email: context.email,
          ...(context.registration ? { registration: context.registration } : {}),
        }),
        onDone: { target: 'editing', actions: 'toastSuccess' },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { target: 'editing', actions: 'toastFailure' },
        ],
      },
    },
    // The code is for someone else's registration: the screen says so and offers Register again.
    replaced: { type: 'final' },
    done: { type: 'final' },
  },
});
