import { assign, fromPromise, setup } from 'xstate';
import { isStatus } from './api-failure.ts';

/**
 * Loading one thing to show (a division, a printed case): loading -> loaded, or notFound,
 * limitError (429: the wait message) or error (anything else, with a retry). The input
 * (an id, say) is handed to the load actor; RELOAD loads again what is shown (after a change).
 */
export const loaderMachine = setup({
  types: {
    context: {} as { data: unknown; input: unknown },
    input: {} as unknown,
    events: {} as { type: 'RETRY' } | { type: 'RELOAD' },
  },
  actors: {
    load: fromPromise<unknown, unknown>(async () => {
      throw new Error('load actor not provided');
    }),
  },
  actions: {
    keep: assign({ data: ({ event }) => (event as unknown as { output: unknown }).output }),
    rateLimited: () => undefined,
  },
  guards: { isNotFound: isStatus(404), isRateLimited: isStatus(429) },
}).createMachine({
  id: 'loader',
  context: ({ input }: { input: unknown }) => ({ data: null, input }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }: { context: { input: unknown } }) => context.input,
        onDone: { target: 'loaded', actions: 'keep' },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { guard: 'isRateLimited', target: 'limitError', actions: 'rateLimited' },
          { target: 'error' },
        ],
      },
    },
    loaded: { on: { RELOAD: 'loading' } },
    notFound: {},
    // The wait message stands in for the screen; coming back to it later loads it anew.
    limitError: {},
    error: { on: { RETRY: 'loading' } },
  },
});
