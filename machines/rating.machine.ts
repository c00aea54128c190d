import type { Messages } from '../contract/common.ts';
import type { Rating } from '../contract/entities.ts';
import { RATING_MAX, RATING_MIN } from '../contract/limits.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import { isServerFailure, isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast, successToast } from './emitted.ts';
import { RATE_LIMITED } from './form-parts.ts';

/**
 * The rating modal (spec section 2): five stars, starting at 1 or the current rating; a
 * double-click on the first star resets to 0; submit sends 1 to 5 (0 asks for a choice).
 * Success closes the modal, shows the message and hands the case page the rating (`rated`).
 */
/** A rating given: the case page shows it without reading the case again. */
export interface Rated {
  type: 'rated';
  rating: Rating;
}

export const ratingMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { caseId: string; current: number | null; value: number; needsChoice: boolean },
    input: {} as { caseId: string; current: number | null },
    events: {} as
      { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'SET'; value: number } | { type: 'RESET' } | { type: 'SUBMIT' },
    emitted: {} as Emitted | Rated,
  },
  actors: {
    rate: notProvided<Messages & { rating: Rating }, { rateNum: number; rateCase: string }>('rate'),
  },
  actions: {
    start: assign(({ context }) => ({ value: context.current ?? RATING_MIN, needsChoice: false })),
    set: assign(({ event }) => {
      assertEvent(event, 'SET');
      return { value: Math.min(RATING_MAX, Math.max(RATING_MIN, event.value)), needsChoice: false };
    }),
    reset: assign({ value: 0 }),
    askForChoice: assign({ needsChoice: true }),
    rated: emit((_, params: { rating: Rating }) => ({ type: 'rated' as const, rating: params.rating })),
    toastSuccess: emit(successToast),
    toastFailure: emit(failureToast('errors.unexpected')),
    rateLimited: emit(RATE_LIMITED),
    serverError: emit({ type: 'serverError', retry: { type: 'SUBMIT' } }),
  },
  guards: {
    chosen: ({ context }) => context.value >= RATING_MIN,
    isRateLimited: isStatus(429),
    isServerFailure,
  },
}).createMachine({
  id: 'rating',
  context: ({ input }) => ({
    caseId: input.caseId,
    current: input.current,
    value: input.current ?? RATING_MIN,
    needsChoice: false,
  }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'open', actions: 'start' } } },
    open: {
      on: {
        SET: { actions: 'set' },
        RESET: { actions: 'reset' },
        CLOSE: 'closed',
        SUBMIT: [{ guard: 'chosen', target: 'submitting' }, { actions: 'askForChoice' }],
      },
    },
    submitting: {
      invoke: {
        id: 'rate',
        src: 'rate',
        input: ({ context }) => ({ rateNum: context.value, rateCase: context.caseId }),
        onDone: {
          target: 'closed',
          actions: ['toastSuccess', { type: 'rated', params: ({ event }) => ({ rating: event.output.rating }) }],
        },
        onError: [
          { guard: 'isRateLimited', target: 'open', actions: 'rateLimited' },
          { guard: 'isServerFailure', target: 'open', actions: 'serverError' },
          { target: 'open', actions: 'toastFailure' },
        ],
      },
    },
  },
});
