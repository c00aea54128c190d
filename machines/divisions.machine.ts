import { isOpenDivision } from '../contract/rules.ts';
import type { Division } from '../contract/entities.ts';
import { assign, emit, setup } from 'xstate';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { RATE_LIMITED } from './emitted.ts';

/**
 * The division list (spec section 4): on start loading; on success the divisions; on a
 * 429 limitError (the landing page shows the wait message); on any other failure error.
 * The flags of the spec are the states: loading, success, error, limitError.
 */
export const divisionsMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { divisions: Division[] },
    events: {} as { type: 'RETRY' },
    emitted: {} as Emitted,
  },
  actors: {
    fetchDivisions: notProvided<Division[]>('fetchDivisions'),
  },
  actions: {
    keepDivisions: assign({ divisions: (_, params: { divisions: Division[] }) => params.divisions }),
    // The app's lockout starts: its end brings the services back by themselves.
    rateLimited: emit(RATE_LIMITED),
  },
  guards: {
    isRateLimited: isStatus(429),
  },
}).createMachine({
  id: 'divisions',
  context: { divisions: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchDivisions',
        src: 'fetchDivisions',
        onDone: {
          target: 'success',
          actions: { type: 'keepDivisions', params: ({ event }) => ({ divisions: event.output }) },
        },
        onError: [{ guard: 'isRateLimited', target: 'limitError', actions: 'rateLimited' }, { target: 'error' }],
      },
    },
    success: {},
    error: { on: { RETRY: 'loading' } },
    // The wait message stands in for the screen; when the wait is over the page sends RETRY
    // and loads again by itself (src/ui/lockout.tsx, RetryWhenWaitIsOver).
    limitError: { on: { RETRY: 'loading' } },
  },
});

/** The Services grid: active divisions whose special flag is 'no', in reverse order of the list. */
export const serviceDivisions = (divisions: Division[]): Division[] => divisions.filter(isOpenDivision).reverse();
