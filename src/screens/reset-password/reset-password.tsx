import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { resetPasswordMachine } from '../../../machines/reset-password.machine.ts';
import { call } from '../../api/client.ts';
import { paths } from '../../../contract/paths.ts';
import { PASSWORD_MIN_LENGTH } from '../../../contract/limits.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { serverMessage } from '../../i18n/localize.ts';
import { ErrorSummary, Field, useFieldErrorText } from '../../ui/field.tsx';
import * as ui from '../../ui/ui.css.ts';

const logic = resetPasswordMachine.provide({
  actors: {
    resetPassword: fromPromise(({ input }) =>
      call('resetCustomerUser', { params: { id: input.id, token: input.token }, body: { password: input.password } }),
    ),
  },
});

export default function ResetPassword({ id, token }: { id: string; token: string }) {
  usePageTitle('reset.title');
  const intl = useIntl();
  const lan = useLan();
  const [state, send] = useScreenMachine(logic, { id, token });
  const busy = state.matches('sending');
  const mismatch = state.context.errors.retype ? intl.formatMessage({ id: 'errors.resetMismatch' }) : undefined;
  const fieldError = useFieldErrorText();
  const passwordLabel = intl.formatMessage({ id: 'field.password' });
  const tooLong = state.context.errors.password ? fieldError(passwordLabel, state.context.errors.password) : undefined;
  return (
    <div className={ui.narrow}>
      <div className={ui.card}>
        <h1>
          <FormattedMessage id="reset.title" />
        </h1>
        {state.context.done ? (
          <div role="status">
            <p>{serverMessage(state.context.done, lan)}</p>
            <p>
              <FormattedMessage id="reset.redirect" />
            </p>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <ErrorSummary
              errors={state.context.errors}
              labels={{ password: passwordLabel, retype: intl.formatMessage({ id: 'field.retypePassword' }) }}
              fieldId={(f) => f}
              texts={{ password: tooLong, retype: mismatch }}
            />
            <p className={ui.hint}>
              <FormattedMessage id="common.requiredHint" />
            </p>
            <Field
              id="password"
              label={passwordLabel}
              required
              hint={intl.formatMessage({ id: 'field.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
              error={tooLong}
            >
              {(aria) => (
                <input
                  {...aria}
                  className={ui.input}
                  type="password"
                  autoComplete="new-password"
                  value={state.context.password}
                  onChange={(e) => send({ type: 'CHANGE', field: 'password', value: e.target.value })}
                />
              )}
            </Field>
            <Field id="retype" label={intl.formatMessage({ id: 'field.retypePassword' })} required error={mismatch}>
              {(aria) => (
                <input
                  {...aria}
                  className={ui.input}
                  type="password"
                  autoComplete="new-password"
                  value={state.context.retype}
                  onChange={(e) => send({ type: 'CHANGE', field: 'retype', value: e.target.value })}
                />
              )}
            </Field>
            <div className={ui.actions}>
              <button type="submit" className={ui.button} disabled={busy} aria-busy={busy || undefined}>
                <FormattedMessage id={busy ? 'common.sending' : 'reset.submit'} />
              </button>
              <Link href={paths.login}>
                <FormattedMessage id="reset.back" />
              </Link>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
