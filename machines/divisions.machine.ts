import { isOpenDivision } from '../contract/rules.ts';
import type { Division } from '../contract/entities.ts';
import { assign, fromPromise, setup } from 'xstate';

/**
 * The division list (spec section 4): on start loading; on success the divisions; on a
 * 429 limitError (the landing page shows the wait message); on any other failure error.
 * The flags of the spec are the states: loading, success, error, limitError.
 */
export const divisionsMachine = setup({
  types: {
    context: {} as { divisions: Division[] },
    events: {} as { type: 'RETRY' },
  },
  actors: {
    fetchDivisions: fromPromise<Division[]>(async () => {
      throw new Error('fetchDivisions actor not provided');
    }),
  },
  actions: {
    keepDivisions: assign({ divisions: (_, params: { divisions: Division[] }) => params.divisions }),
    rateLimited: () => undefined,
  },
  guards: {
    isRateLimited: ({ event }) => (event as { error?: { status?: number } }).error?.status === 429,
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
        onDone: { target: 'success', actions: { type: 'keepDivisions', params: ({ event }) => ({ divisions: event.output }) } },
        onError: [{ guard: 'isRateLimited', target: 'limitError', actions: 'rateLimited' }, { target: 'error' }],
      },
    },
    success: {},
    error: { on: { RETRY: 'loading' } },
    // The wait message replaces the landing page (spec section 2): nothing to retry from it.
    limitError: {},
  },
});

/** The Services grid: active divisions whose special flag is 'no', in reverse order of the list. */
export const serviceDivisions = (divisions: Division[]): Division[] => divisions.filter(isOpenDivision).reverse();
