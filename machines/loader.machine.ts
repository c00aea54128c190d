import { assign, emit, fromPromise, setup } from 'xstate';
import { isStatus } from './api-failure.ts';
import type { Emitted } from './emitted.ts';
import { RATE_LIMITED } from './form-parts.ts';

/** The guards of a failed load, shared by every page that loads what it shows. */
export const loadGuards = {
  isNotFound: isStatus(404),
  isRateLimited: isStatus(429),
  // A 5xx answer (not a lost connection, which can be retried) shows the server-error page.
  isServerError: ({ event }: { event: unknown }) =>
    ((event as { error?: { status?: number } }).error?.status ?? 0) >= 500,
};

/** Where a failed load goes: notFound, limitError (the app's lockout starts) or error. */
export const LOAD_FAILURES = [
  { guard: 'isNotFound', target: 'notFound' },
  { guard: 'isRateLimited', target: 'limitError', actions: 'rateLimited' },
  { guard: 'isServerError', target: 'error', actions: 'serverError' },
  { target: 'error' },
] as const;

/**
 * Loading one thing to show (a division, a printed case): loading -> loaded, or notFound,
 * limitError (429: the wait message, and the app's lockout starts) or error (a 5xx shows the
 * server-error page; a lost connection offers a retry). The input
 * (an id, say) is handed to the load actor.
 * Typed by what it is given and what it loads: a screen reads `context.data` as `Data`.
 */
export const createLoader = <Input, Data>(load: (input: Input) => Promise<Data>) =>
  setup({
    // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
    types: {
      context: {} as { data: Data | null; input: Input },
      input: {} as Input,
      events: {} as { type: 'RETRY' },
      emitted: {} as Emitted,
    },
    actors: {
      load: fromPromise<unknown, unknown>(({ input }) => load(input as Input)),
    },
    actions: {
      keep: assign({ data: (_, params: { data: Data }) => params.data }),
      rateLimited: emit(RATE_LIMITED),
      serverError: emit({ type: 'serverError', retry: { type: 'RETRY' } }),
    },
    guards: loadGuards,
  }).createMachine({
    id: 'loader',
    context: ({ input }) => ({ data: null, input }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }: { context: { input: Input } }) => context.input,
          // The actor is generic in what it loads, which XState's types cannot follow: its output is what `load` answers.
          onDone: {
            target: 'loaded',
            actions: { type: 'keep', params: ({ event }) => ({ data: event.output as Data }) },
          },
          onError: [...LOAD_FAILURES],
        },
      },
      loaded: {},
      notFound: {},
      // The wait message stands in for the screen; when the wait is over the page sends RETRY
      // and loads again by itself (src/ui/lockout.tsx, RetryWhenWaitIsOver).
      limitError: { on: { RETRY: 'loading' } },
      error: { on: { RETRY: 'loading' } },
    },
  });

/** The loader as the diagrams and the model tests see it: its load is provided by each use. */
export const loaderMachine = createLoader<unknown, unknown>(async () => {
  throw new Error('load actor not provided');
});
