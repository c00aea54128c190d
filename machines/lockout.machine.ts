import { assign, emit, setup } from 'xstate';
import { LOCKOUT_SECONDS, LOCKOUT_TICK_MS } from '../contract/limits.ts';
import type { Emitted } from './emitted.ts';

/**
 * Rate-limit lockout (spec section 4): an answer 429 starts a 180-second countdown,
 * ticking once per second; while it runs, action buttons show the wait message.
 * Shared by every form. `remaining` in the input resumes a countdown after a reload;
 * `rememberDeadline` / `forgetDeadline` let the app keep it (in sessionStorage).
 */
export const lockoutMachine = setup({
  types: {
    context: {} as { remaining: number; seconds: number },
    input: {} as { seconds?: number; remaining?: number } | undefined,
    events: {} as { type: 'RATE_LIMITED' },
    emitted: {} as Emitted,
  },
  actions: {
    start: assign(({ context }) => ({ remaining: context.seconds })),
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
  context: ({ input }) => ({ seconds: input?.seconds ?? LOCKOUT_SECONDS, remaining: input?.remaining ?? 0 }),
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
