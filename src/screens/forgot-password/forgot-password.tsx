import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine.ts';
import { call } from '../../api/client.ts';
import { paths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { Field } from '../../ui/field.tsx';
import * as ui from '../../ui/ui.css.ts';

const logic = forgotPasswordMachine.provide({
  actors: { requestLink: fromPromise(({ input }) => call('forgotCustomerUser', { body: input })) },
});

export default function ForgotPassword() {
  usePageTitle('forgot.title');
  const intl = useIntl();
  const [state, send] = useScreenMachine(logic);
  const busy = state.matches('sending');
  return (
    <div className={ui.narrow}>
      <div className={ui.card}>
        <h1>
          <FormattedMessage id="forgot.title" />
        </h1>
        <p>
          <FormattedMessage id="forgot.text" />
        </p>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <Field id="email" label={intl.formatMessage({ id: 'field.email' })}>
            {(aria) => (
              <input
                {...aria}
                className={ui.input}
                type="email"
                autoComplete="email"
                value={state.context.email}
                onChange={(e) => send({ type: 'CHANGE', value: e.target.value })}
              />
            )}
          </Field>
          <div className={ui.actions}>
            <button type="submit" className={ui.button} disabled={busy} aria-busy={busy || undefined}>
              <FormattedMessage id={busy ? 'common.sending' : 'forgot.submit'} />
            </button>
            <Link href={paths.login}>
              <FormattedMessage id="forgot.back" />
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
}
