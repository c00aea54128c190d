import type { CaseSummary } from '../contract/entities.ts';
import { FIRST_PAGE, SORT_LATEST } from '../contract/limits.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { RATE_LIMITED } from './form-parts.ts';

export type Sort = -1 | 1;
export interface CasePage {
  cases: CaseSummary[];
  currentPage: number;
  totalPages: number;
}

/**
 * The customer's case list (spec section 2): paging with previous / next from page 1,
 * sorted latest first (-1, the default) or oldest first (1).
 */
export const caseListMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { page: number; sort: Sort; result: CasePage | null },
    events: {} as { type: 'NEXT' } | { type: 'PREV' } | { type: 'SORT'; sort: Sort } | { type: 'RETRY' },
    emitted: {} as Emitted,
  },
  actors: {
    fetchPage: notProvided<CasePage, { page: number; sort: Sort }>('fetchPage'),
  },
  actions: {
    keep: assign({ result: (_, params: { result: CasePage }) => params.result }),
    next: assign({ page: ({ context }) => context.page + 1 }),
    prev: assign({ page: ({ context }) => context.page - 1 }),
    sort: assign(({ event }) => {
      assertEvent(event, 'SORT');
      return { sort: event.sort, page: FIRST_PAGE };
    }),
    rateLimited: emit(RATE_LIMITED),
  },
  guards: {
    hasNext: ({ context }) => !!context.result && context.page < context.result.totalPages,
    hasPrev: ({ context }) => context.page > FIRST_PAGE,
    isRateLimited: isStatus(429),
  },
}).createMachine({
  id: 'caseList',
  context: { page: FIRST_PAGE, sort: SORT_LATEST, result: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page, sort: context.sort }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => ({ result: event.output }) } },
        onError: [{ guard: 'isRateLimited', target: 'limitError', actions: 'rateLimited' }, { target: 'error' }],
      },
    },
    ready: {
      on: {
        NEXT: { guard: 'hasNext', target: 'loading', actions: 'next' },
        PREV: { guard: 'hasPrev', target: 'loading', actions: 'prev' },
        SORT: { target: 'loading', actions: 'sort' },
      },
    },
    error: { on: { RETRY: 'loading' } },
    // The wait message stands in for the screen; when the wait is over the page sends RETRY
    // and loads again by itself (src/ui/lockout.tsx, RetryWhenWaitIsOver).
    limitError: { on: { RETRY: 'loading' } },
  },
});
