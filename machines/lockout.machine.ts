import { assign, emit, setup } from 'xstate';
import { LOCKOUT_SECONDS, LOCKOUT_TICK_MS } from '../contract/limits.ts';
import type { Emitted } from './emitted.ts';

/** The spec's wait message, said unless a screen has its own words for the wait. */
export const WAIT_WORDS = 'wait.message';

/**
 * What the wait says: a screen's own words whatever the wait (registration's are the spec's
 * "Too many attempts. Please try again later."); otherwise the spec's 3 minutes, or, when the
 * server asked for longer, how many minutes.
 */
export function waitWords(context: { length: number; words: string }): { id: string; values?: { minutes: number } } {
  if (context.words !== WAIT_WORDS || context.length <= LOCKOUT_SECONDS) return { id: context.words };
  return { id: 'wait.longer', values: { minutes: Math.ceil(context.length / 60) } };
}

/** The time left beside the words: seconds within the spec's 3 minutes, whole minutes before (an hour's wait). */
export function timeLeft(remaining: number): { id: string; values: { seconds: number } | { minutes: number } } {
  return remaining > LOCKOUT_SECONDS
    ? { id: 'wait.remainingMinutes', values: { minutes: Math.ceil(remaining / 60) } }
    : { id: 'wait.remaining', values: { seconds: remaining } };
}

/**
 * Rate-limit lockout (spec section 4): an answer 429 starts a countdown, ticking once per
 * second; while it runs, action buttons show the wait message. Shared by every form. The
 * countdown is the spec's 180 seconds, or the server's `Retry-After` when that is longer
 * (ADR 0005): the button never comes back while the server would still refuse. `length` is
 * this lockout's whole length, for the message that says how long; `words`, the message's
 * key: the spec's general wait, or a screen's own words for it (registration's). `remaining`
 * and `words` in the input resume a countdown after a reload; `rememberDeadline` /
 * `forgetDeadline` let the app keep it (in sessionStorage).
 */
export const lockoutMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as { remaining: number; seconds: number; length: number; words: string },
    input: {} as { seconds?: number; remaining?: number; words?: string } | undefined,
    /** `retryAfter`: the seconds the server asked to wait, when it said; `words`: the screen's own, if any. */
    events: {} as { type: 'RATE_LIMITED'; retryAfter?: number; words?: string },
    emitted: {} as Emitted,
  },
  actions: {
    start: assign(({ context, event }) => {
      const length = Math.max(context.seconds, Math.ceil(event.retryAfter ?? 0));
      return { remaining: length, length, words: event.words ?? WAIT_WORDS };
    }),
    tick: assign(({ context }) => ({ remaining: context.remaining - 1 })),
    clear: assign({ remaining: 0 }),
    rememberDeadline: () => undefined,
    forgetDeadline: () => undefined,
    /** Said once at the end (the start is said by the wait message itself), not every second. */
    announceEnd: emit({ type: 'toast', kind: 'info', key: 'wait.over' } as const),
  },
  guards: {
    resumed: ({ context }) => context.remaining > 0,
    lastTick: ({ context }) => context.remaining <= 1,
  },
  delays: { LOCKOUT_TICK: LOCKOUT_TICK_MS },
}).createMachine({
  id: 'lockout',
  context: ({ input }) => {
    const seconds = input?.seconds ?? LOCKOUT_SECONDS;
    const remaining = input?.remaining ?? 0;
    return { seconds, remaining, length: Math.max(seconds, remaining), words: input?.words ?? WAIT_WORDS };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'resumed', target: 'locked' }, { target: 'open' }],
    },
    open: {
      on: { RATE_LIMITED: { target: 'locked', actions: ['start', 'rememberDeadline'] } },
    },
    locked: {
      after: {
        LOCKOUT_TICK: [
          { guard: 'lastTick', target: 'open', actions: ['clear', 'forgetDeadline', 'announceEnd'] },
          { target: 'locked', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
});
