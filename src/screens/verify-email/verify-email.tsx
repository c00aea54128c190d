import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import { fromPromise } from 'xstate';
import { asksPassword, verificationMachine } from '../../../machines/verification.machine.ts';
import { call } from '../../api/client.ts';
import { paths } from '../../../contract/paths.ts';
import { otpScreen, useStore } from '../../ui/stores.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { serverMessage } from '../../i18n/localize.ts';
import { Field } from '../../ui/field.tsx';
import { LockoutButton } from '../../ui/lockout-button.tsx';
import * as ui from '../../ui/ui.css.ts';

const logic = verificationMachine.provide({
  actors: {
    verify: fromPromise(({ input }) => call('validateCustomerOtp', { body: input })),
    resend: fromPromise(({ input }) => call('resendCustomerOtp', { body: input })),
  },
});

function Verify({ email, registration }: { email: string; registration: string | undefined }) {
  usePageTitle('verify.title');
  const intl = useIntl();
  const [state, send] = useScreenMachine(logic, registration ? { email, registration } : { email });
  const lan = useLan();
  const busy = !state.matches('editing');
  const refusal = state.context.refusal ? serverMessage(state.context.refusal, lan) : undefined;
  const withPassword = asksPassword(state.context);
  return (
    <div className={ui.narrow}>
      <div className={ui.card}>
        <h1>
          <FormattedMessage id="verify.title" />
        </h1>
        {state.matches('replaced') ? (
          // The code is for a registration someone made since: said, with the way back to registering.
          <>
            <p role="alert">{refusal}</p>
            <Link href={paths.register} className={ui.button}>
              <FormattedMessage id="verify.registerAgain" />
            </Link>
          </>
        ) : (
          <>
            <p>
              <FormattedMessage id="verify.text" values={{ email }} />
            </p>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'VERIFY' });
              }}
            >
              <Field id="otp" label={intl.formatMessage({ id: 'field.otp' })} error={refusal}>
                {(aria) => (
                  <input
                    {...aria}
                    className={ui.input}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={state.context.code}
                    onChange={(e) => send({ type: 'CHANGE', value: e.target.value })}
                  />
                )}
              </Field>
              {withPassword ? (
                <Field
                  id="registration-password"
                  label={intl.formatMessage({ id: 'verify.password' })}
                  hint={intl.formatMessage({ id: 'verify.passwordWhy' })}
                >
                  {(aria) => (
                    <input
                      {...aria}
                      className={ui.input}
                      type="password"
                      autoComplete="current-password"
                      value={state.context.password}
                      onChange={(e) => send({ type: 'CHANGE_PASSWORD', value: e.target.value })}
                    />
                  )}
                </Field>
              ) : null}
              <div className={ui.actions}>
                <LockoutButton busy={busy}>
                  <FormattedMessage id="verify.submit" />
                </LockoutButton>
                <button
                  type="button"
                  className={ui.linkButton}
                  disabled={busy}
                  onClick={() => send({ type: 'RESEND' })}
                >
                  <FormattedMessage id="verify.resend" />
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </div>
  );
}

/** Reachable only while the otp flag is on; the email (and the registration, after registering here) come from navigation state. */
export default function VerifyEmail() {
  const on = useStore(otpScreen);
  const { email, registration } = (history.state as { email?: string; registration?: string } | null) ?? {};
  if (!on || !email) return <Redirect to={paths.register} replace />;
  return <Verify email={email} registration={registration} />;
}
