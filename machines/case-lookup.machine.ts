import type { Case } from '../contract/entities.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import type { FieldErrors } from './api-failure.ts';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';
import { RATE_LIMITED } from './form-parts.ts';

/**
 * Case status lookup (spec section 2): a case number and, optionally, the phone number on
 * file. An empty number shows 'Please enter a valid case number'; a number no case has is said
 * beside the field as well as in the toast, and the case shown before goes; the next lookup
 * takes the toast away (issue 51). A found case stays shown while the visitor looks up another.
 */
export const caseLookupMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { caseNumber: string; phone: string; found: Case | null; errors: FieldErrors },
    events: {} as { type: 'CHANGE'; field: 'caseNumber' | 'phone'; value: string } | { type: 'SUBMIT' },
    emitted: {} as Emitted,
  },
  actors: {
    lookup: notProvided<Case, { casenum: string; phone?: string }>('lookup'),
  },
  actions: {
    change: assign(({ event }) => {
      assertEvent(event, 'CHANGE');
      return { [event.field]: event.value };
    }),
    markEmpty: assign({ errors: { caseNumber: { code: 'required' } } }),
    markNotFound: assign({ errors: { caseNumber: { code: 'notFound' } } }),
    clearErrors: assign({ errors: {} }),
    keepCase: assign({ found: (_, params: { found: Case }) => params.found }),
    forgetCase: assign({ found: null }),
    rateLimited: emit(RATE_LIMITED),
    toastFailure: emit(failureToast('errors.network')),
    outdateErrors: emit({ type: 'errorsOutdated' }),
  },
  guards: {
    empty: ({ context }) => context.caseNumber.trim() === '',
    isRateLimited: isStatus(429),
    isNotFound: isStatus(404),
  },
}).createMachine({
  id: 'caseLookup',
  context: { caseNumber: '', phone: '', found: null, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'change' },
        SUBMIT: [
          { guard: 'empty', actions: 'markEmpty' },
          { target: 'looking', actions: ['clearErrors', 'outdateErrors'] },
        ],
      },
    },
    looking: {
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({
          casenum: context.caseNumber.trim(),
          ...(context.phone.trim() ? { phone: context.phone.trim() } : {}),
        }),
        onDone: { target: 'editing', actions: { type: 'keepCase', params: ({ event }) => ({ found: event.output }) } },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          // Said beside the field, and in the spec's toast with the server's words (S8.SERVER_MESSAGE_TOAST).
          { guard: 'isNotFound', target: 'editing', actions: ['forgetCase', 'markNotFound', 'toastFailure'] },
          { target: 'editing', actions: ['forgetCase', 'toastFailure'] },
        ],
      },
    },
  },
});
