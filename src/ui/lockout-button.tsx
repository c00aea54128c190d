import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Lockout, WaitMessage } from './lockout.tsx';
import { useHydrated } from './use-hydrated.ts';
import * as s from './ui.css.ts';

/** While the rate-limit lockout runs, the action button is replaced by the wait message (spec section 4). */
export function LockoutButton(props: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  const locked = Lockout.useSelector((state) => state.matches('locked'));
  const remaining = Lockout.useSelector((state) => state.context.remaining);
  const { busy, ...rest } = props;
  if (locked) {
    return (
      <div className={s.wait}>
        {/* Said once by the LockoutAnnouncer; the seconds are here to read, never re-announced. */}
        <p style={{ margin: 0 }}>
          <WaitMessage />
        </p>
        <p style={{ margin: 0, fontWeight: 400 }}>
          <FormattedMessage id="wait.remaining" values={{ seconds: remaining }} />
        </p>
      </div>
    );
  }
  return <button type="submit" className={s.button} disabled={busy || !hydrated} aria-busy={busy || undefined} {...rest} />;
}
