import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { DATA_EXPORT_HOURS } from '../../../contract/limits.ts';
import { dataRightsMachine } from '../../../machines/data-rights.machine.ts';
import { call } from '../../api/client.ts';
import { download } from '../../api/download.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { Button } from '../../ui/button.tsx';
import { useLan } from '../../i18n/i18n.tsx';
import { serverMessage } from '../../i18n/localize.ts';
import { Field } from '../../ui/field.tsx';
import { LockoutButton } from '../../ui/lockout-button.tsx';
import * as ui from '../../ui/ui.css.ts';

const logic = dataRightsMachine.provide({
  actors: {
    requestExport: fromPromise(() => call('requestDataExport')),
    download: fromPromise(({ input }) => download('downloadDataExport', { params: { id: input.id } })),
    deleteAccount: fromPromise(({ input }) => call('deleteCustomerAccount', { body: input })),
  },
});

/**
 * The customer's rights over their data (issue 22): everything the portal keeps about them,
 * as one archive; and the deletion of their account, confirmed with the password.
 */
export function DataRights() {
  const intl = useIntl();
  const [state, send] = useScreenMachine(logic);
  const lan = useLan();
  const password = useRef<HTMLInputElement>(null);
  const confirming = state.matches('confirming') || state.matches('deleting');
  // The confirmation opens where the customer is: the password field takes the focus.
  const asking = state.matches('confirming');
  useEffect(() => {
    if (asking) password.current?.focus();
  }, [asking]);
  const preparing = state.matches('exporting') || state.matches('downloading');
  return (
    <section className={ui.card} aria-labelledby="rights-title" style={{ marginTop: '1.5rem' }}>
      <h2 id="rights-title">
        <FormattedMessage id="rights.title" />
      </h2>
      <p>
        <FormattedMessage id="rights.downloadIntro" values={{ hours: DATA_EXPORT_HOURS }} />
      </p>
      <p>
        <Button
          variant="secondary"
          onClick={() => send({ type: 'EXPORT' })}
          disabled={preparing || confirming}
          aria-busy={preparing || undefined}
        >
          <FormattedMessage id={preparing ? 'rights.preparing' : 'rights.download'} />
        </Button>
      </p>
      <p>
        <FormattedMessage id="rights.deleteIntro" />
      </p>
      {confirming ? (
        <form
          noValidate
          aria-labelledby="rights-confirm"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'CONFIRM' });
          }}
        >
          <p id="rights-confirm" className={ui.fieldError}>
            <FormattedMessage id="rights.deleteWarning" />
          </p>
          <Field
            id="rights-password"
            label={intl.formatMessage({ id: 'field.password' })}
            error={state.context.refusal ? serverMessage(state.context.refusal, lan) : undefined}
          >
            {(aria) => (
              <input
                {...aria}
                ref={password}
                type="password"
                autoComplete="current-password"
                className={ui.input}
                value={state.context.password}
                onChange={(e) => send({ type: 'PASSWORD', value: e.target.value })}
              />
            )}
          </Field>
          <p style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            <LockoutButton busy={state.matches('deleting')}>
              <FormattedMessage id="rights.confirmDelete" />
            </LockoutButton>
            <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })} disabled={state.matches('deleting')}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </p>
        </form>
      ) : (
        <p>
          <Button variant="secondary" onClick={() => send({ type: 'DELETE' })} disabled={preparing}>
            <FormattedMessage id="rights.delete" />
          </Button>
        </p>
      )}
    </section>
  );
}
