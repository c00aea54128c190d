import { assertEvent, assign, emit, setup } from 'xstate';
import type { CaseSummary } from '../contract/entities.ts';
import type { CaseRead } from './case-outlook.ts';
import type { StepTaken } from './case-step.machine.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { RATE_LIMITED } from './form-parts.ts';
import { LOAD_FAILURES, loadGuards } from './loader.machine.ts';
import type { Rated } from './rating.machine.ts';

/** Which case: its id, and its number and its type's id when the page was opened from a list. */
export interface CasePageInput {
  id: string;
  caseNumber?: string;
  caseListId?: string;
}

/** What a list hands the case page it opens (the navigation's state): every read can then go at once. */
export const openedFrom = (c: CaseSummary): Omit<CasePageInput, 'id'> => ({
  caseNumber: c.case_number,
  caseListId: c.caselist._id,
});

/**
 * The customer's own case page: the case is read with its type (whose questions name the
 * answers), its rating and its history, and fails as every page that loads what it shows
 * (notFound, limitError, error). Once shown, a step taken on the case (`STEP_TAKEN`) or a
 * rating given (`RATED`) changes the page from what that answer brought: the case and its
 * history, or the rating. Nothing is read again (four calls on a slow connection, before).
 * What the customer may do next is decided as of that answer (`readAt`).
 */
export const casePageMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { input: CasePageInput; data: CaseRead | null },
    input: {} as CasePageInput,
    events: {} as
      | { type: 'RETRY' }
      | ({ type: 'STEP_TAKEN' } & Omit<StepTaken, 'type'>)
      | ({ type: 'RATED' } & Omit<Rated, 'type'>),
    emitted: {} as Emitted,
  },
  actors: {
    read: notProvided<CaseRead, CasePageInput>('read'),
  },
  actions: {
    keep: assign({ data: (_, params: { data: CaseRead }) => params.data }),
    showStep: assign(({ context, event }) => {
      assertEvent(event, 'STEP_TAKEN');
      return context.data
        ? { data: { ...context.data, found: event.case, history: event.history, readAt: Date.now() } }
        : {};
    }),
    showRating: assign(({ context, event }) => {
      assertEvent(event, 'RATED');
      return context.data
        ? {
            data: {
              ...context.data,
              found: { ...context.data.found, rateCustomer: { _id: event.rating._id } },
              ratings: [event.rating],
            },
          }
        : {};
    }),
    rateLimited: emit(RATE_LIMITED),
    serverError: emit({ type: 'serverError', retry: { type: 'RETRY' } }),
  },
  guards: loadGuards,
}).createMachine({
  id: 'casePage',
  context: ({ input }) => ({ input, data: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context }) => context.input,
        onDone: { target: 'loaded', actions: { type: 'keep', params: ({ event }) => ({ data: event.output }) } },
        onError: [...LOAD_FAILURES],
      },
    },
    loaded: {
      on: {
        STEP_TAKEN: { actions: 'showStep' },
        RATED: { actions: 'showRating' },
      },
    },
    notFound: {},
    // The wait message stands in for the page; when the wait is over the page sends RETRY.
    limitError: { on: { RETRY: 'loading' } },
    error: { on: { RETRY: 'loading' } },
  },
});
