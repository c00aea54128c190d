import { FormattedMessage } from 'react-intl';
import * as s from './ui.css.ts';

const BADGES = {
  pending: { key: 'status.pending', color: 'grey' },
  ongoing: { key: 'status.processing', color: 'blue' },
  responded: { key: 'status.processing', color: 'blue' },
  verified: { key: 'status.responded', color: 'green' },
  rejected: { key: 'status.rejected', color: 'red' },
  // Beside the spec's (ADR 0014): the customer's turn, the bureau deciding again, closed.
  info_requested: { key: 'status.infoRequested', color: 'red' },
  appealed: { key: 'status.appealed', color: 'blue' },
  withdrawn: { key: 'status.withdrawn', color: 'grey' },
} as const;

/** The word shown for a stored status (spec section 4). */
export const statusKey = (status: keyof typeof BADGES): string => BADGES[status].key;

/** The status badge of spec section 4: the word is always there, the colour only adds to it. */
export function StatusBadge({ status }: { status: keyof typeof BADGES }) {
  const b = BADGES[status];
  return (
    <span className={s.badge[b.color]}>
      <FormattedMessage id={b.key} />
    </span>
  );
}
