import { createActorContext } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { lockoutMachine } from '../../machines/lockout.machine.ts';
import { visuallyHidden } from './ui.css.ts';

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

/**
 * The lockout, said politely to screen readers: once when it starts (a region that is always
 * there, so its new text is announced) and, through a toast, once when it ends; the
 * countdown itself is not live, so it is not read out every second.
 */
export function LockoutAnnouncer() {
  const locked = Lockout.useSelector((state) => state.matches('locked'));
  return (
    <div className={visuallyHidden} role="status" aria-live="polite" data-testid="lockout-announcer">
      {locked ? <FormattedMessage id="wait.message" /> : null}
    </div>
  );
}
