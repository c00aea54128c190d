import { createActorContext } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { lockoutMachine, timeLeft, waitWords } from '../../machines/lockout.machine.ts';
import { visuallyHidden } from './ui.css.ts';

const KEY = 'lockout';

/** The lockout survives a reload: its end and its words are kept in sessionStorage. */
export const lockoutLogic = lockoutMachine.provide({
  actions: {
    rememberDeadline: ({ context }) =>
      sessionStorage.setItem(
        KEY,
        JSON.stringify({ until: Date.now() + context.remaining * 1000, words: context.words }),
      ),
    forgetDeadline: () => sessionStorage.removeItem(KEY),
  },
});

export function lockoutInput() {
  const { until = 0, words } = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as { until?: number; words?: string };
  return { remaining: Math.max(0, Math.ceil((until - Date.now()) / 1000)), words };
}

export const Lockout = createActorContext(lockoutLogic);

/**
 * The wait message (`waitWords`): a screen's own words (registration's) whatever the wait;
 * otherwise the spec's for its 3 minutes, or, when the server asked for longer (its
 * Retry-After, ADR 0005), how long in minutes.
 */
export function WaitMessage() {
  const context = Lockout.useSelector((state) => state.context);
  const said = waitWords(context);
  return <FormattedMessage id={said.id} values={said.values ?? {}} />;
}

/** The time left, beside the wait message. */
export function TimeLeft() {
  const remaining = Lockout.useSelector((state) => state.context.remaining);
  const left = timeLeft(remaining);
  return <FormattedMessage id={left.id} values={left.values} />;
}

/**
 * The lockout, said politely to screen readers: once when it starts (a region that is always
 * there, so its new text is announced) and, through a toast, once when it ends; the
 * countdown itself is not live, so it is not read out every second.
 */
export function LockoutAnnouncer() {
  const locked = Lockout.useSelector((state) => state.matches('locked'));
  return (
    <div className={visuallyHidden} role="status" aria-live="polite" data-testid="lockout-announcer">
      {locked ? <WaitMessage /> : null}
    </div>
  );
}

/**
 * Shown with the wait message that stands in for a screen: when the lockout it started is
 * over, the screen loads again by itself (its machine's RETRY), without a visit elsewhere.
 */
export function RetryWhenWaitIsOver({ onRetry }: { onRetry: () => void }) {
  const locked = Lockout.useSelector((state) => state.matches('locked'));
  const waited = useRef(false);
  useEffect(() => {
    if (locked) waited.current = true;
    else if (waited.current) {
      waited.current = false;
      onRetry();
    }
  }, [locked, onRetry]);
  return null;
}
