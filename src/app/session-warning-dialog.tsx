import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatTime } from '../../contract/dates.ts';
import { SESSION_WARNING_MS } from '../../contract/limits.ts';
import { useLan } from '../i18n/i18n.tsx';
import { fieldLang } from '../i18n/languages.ts';
import * as s from '../ui/ui.css.ts';
import { Session, logoutEvent } from './session.tsx';

/**
 * Two minutes before the session ends: a dialog (focus moved into it, its title and text
 * read out) that says when, and offers to stay signed in or to log out. Doing nothing ends
 * the session at expiry, as the session machine always did. The same dialog asks before a
 * logout discards the application being written.
 */
export default function SessionWarningDialog() {
  const session = Session.useActorRef();
  const discard = Session.useSelector((st) => st.matches({ active: 'confirmingLogout' }));
  const busy = Session.useSelector((st) => st.matches({ active: 'renewing' }));
  const exp = Session.useSelector((st) => st.context.claims?.exp ?? 0);
  const lan = useLan();
  const at = formatTime(exp * 1000, fieldLang(lan));
  // Where the customer was when the dialog came (read before it takes the focus): back there
  // once it goes (issue 51). Radix would send it to the dialog's trigger, which this one has not.
  const [before] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content
          className={s.dialog}
          role="alertdialog"
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            if (discard) session.send({ type: 'CANCEL' });
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (before?.isConnected) before.focus();
          }}
        >
          <Dialog.Title>
            <FormattedMessage id={discard ? 'session.discardTitle' : 'session.warningTitle'} />
          </Dialog.Title>
          <Dialog.Description>
            {discard ? (
              <FormattedMessage id="session.discardText" />
            ) : (
              <FormattedMessage id="session.warningText" values={{ minutes: SESSION_WARNING_MS / 60_000, time: at }} />
            )}
          </Dialog.Description>
          {discard ? (
            <div className={s.actions}>
              <button type="button" className={s.button} onClick={() => session.send({ type: 'CANCEL' })}>
                <FormattedMessage id="session.discardCancel" />
              </button>
              <button
                type="button"
                className={s.secondaryButton}
                onClick={() => session.send({ type: 'CONFIRM_LOGOUT' })}
              >
                <FormattedMessage id="session.discardConfirm" />
              </button>
            </div>
          ) : (
            <div className={s.actions}>
              <button
                type="button"
                className={s.button}
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => session.send({ type: 'STAY' })}
              >
                <FormattedMessage id={busy ? 'common.sending' : 'session.stay'} />
              </button>
              <button
                type="button"
                className={s.secondaryButton}
                disabled={busy}
                onClick={() => session.send(logoutEvent())}
              >
                <FormattedMessage id="dashboard.logout" />
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
