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
 * new code and shows the server's message. A resend names the registration this browser
 * made, when it knows it, so that no code is mailed for someone else's made since (ADR 0020).
 * A wrong code is said beside the field until the person types again (`refusal`), as well as
 * in the spec's toast.
 */
export const verificationMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { email: string; registration?: string; code: string; refusal: Messages | null },
    input: {} as { email: string; registration?: string },
    events: {} as { type: 'CHANGE'; value: string } | { type: 'VERIFY' } | { type: 'RESEND' },
    emitted: {} as Emitted,
  },
  actors: {
    verify: notProvided<Messages, { email: string; otp: string }>('verify'),
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
    noteRefusal: assign({ refusal: refusalOf }),
    otpOff: emit({ type: 'otpFlag', on: false } as Emitted),
    goToLogin: emit({ type: 'navigate', to: 'login' } as Emitted),
    toastSuccess: emit(successToast),
    toastFailure: emit(failureToast('errors.network')),
    rateLimited: emit(RATE_LIMITED),
  },
  guards: { isRateLimited: isStatus(429) },
}).createMachine({
  id: 'verification',
  context: ({ input }) => ({
    email: input.email,
    ...(input.registration ? { registration: input.registration } : {}),
    code: '',
    refusal: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: { CHANGE: { actions: 'change' }, VERIFY: 'verifying', RESEND: 'resending' },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ email: context.email, otp: context.code }),
        onDone: { target: 'done', actions: ['toastSuccess', 'otpOff', 'goToLogin'] },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
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
    done: { type: 'final' },
  },
});
