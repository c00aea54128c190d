import { createActorContext } from '@xstate/react';
import { lockoutMachine } from '../../machines/lockout.machine.ts';

const KEY = 'lockoutUntil';

/** The lockout survives a reload: its end is kept in sessionStorage. */
export const lockoutLogic = lockoutMachine.provide({
  actions: {
    rememberDeadline: ({ context }) => sessionStorage.setItem(KEY, String(Date.now() + context.remaining * 1000)),
    forgetDeadline: () => sessionStorage.removeItem(KEY),
  },
});

export function lockoutInput() {
  const until = Number(sessionStorage.getItem(KEY) ?? 0);
  return { remaining: Math.max(0, Math.ceil((until - Date.now()) / 1000)) };
}

export const Lockout = createActorContext(lockoutLogic);
