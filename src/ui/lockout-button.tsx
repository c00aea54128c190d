import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Lockout, TimeLeft, WaitMessage } from './lockout.tsx';
import { useHydrated } from './use-hydrated.ts';
import * as s from './ui.css.ts';

/** While the rate-limit lockout runs, the action button is replaced by the wait message (spec section 4). */
export function LockoutButton(
  props: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; children: ReactNode },
) {
  const hydrated = useHydrated();
  const locked = Lockout.useSelector((state) => state.matches('locked'));
  const { busy, ...rest } = props;
  if (locked) {
    return (
      <div className={s.wait}>
        {/* Said once by the LockoutAnnouncer; the seconds are here to read, never re-announced. */}
        <p style={{ margin: 0 }}>
          <WaitMessage />
        </p>
        <p style={{ margin: 0, fontWeight: 400 }}>
          <TimeLeft />
        </p>
      </div>
    );
  }
  return (
    <button type="submit" className={s.button} disabled={busy || !hydrated} aria-busy={busy || undefined} {...rest} />
  );
}
