import { FormattedMessage, useIntl } from 'react-intl';
import { dismissToast, toasts, useStore } from './stores.ts';
import { useLan } from '../i18n/i18n.tsx';
import { serverMessage } from '../i18n/localize.ts';
import * as s from './ui.css.ts';

/** Toasts at the top right, closing after 5 seconds, announced politely to screen readers. */
export function Toasts() {
  const items = useStore(toasts);
  const lan = useLan();
  const intl = useIntl();
  return (
    <div
      className={s.toastRegion}
      role="status"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'toast.region' })}
    >
      {items.map((t) => (
        <div key={t.id} className={s.toast[t.kind]}>
          <span>
            {t.messages ? (
              serverMessage(t.messages, lan)
            ) : (
              <FormattedMessage id={t.key ?? 'errors.unexpected'} values={t.values ?? {}} />
            )}
          </span>
          <button
            type="button"
            className={s.linkButton}
            onClick={() => dismissToast(t.id)}
            aria-label={intl.formatMessage({ id: 'common.close' })}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
