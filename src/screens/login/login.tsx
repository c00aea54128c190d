import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { linkedTarget, loginMachine } from '../../../machines/login.machine.ts';
import { call } from '../../api/client.ts';
import { keepFirstReads } from '../../api/first-reads.ts';
import { paths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useTypedBeforeScript } from '../../app/for-screens/typed-before.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { serverMessage } from '../../i18n/localize.ts';
import { Field } from '../../ui/field.tsx';
import { LinkedNotice, linkedHere } from '../../ui/linked-notice.tsx';
import { LockoutButton } from '../../ui/lockout-button.tsx';
import * as ui from '../../ui/ui.css.ts';

const logic = loginMachine.provide({
  actors: {
    login: fromPromise(async ({ input }) => {
      const answer = await call('loginCustomerUser', { body: input });
      // What the dashboard (or the case a link named) shows first came with the answer: it opens without a call of its own.
      keepFirstReads(answer, answer.token);
      return answer;
    }),
  },
});

export default function Login() {
  usePageTitle('login.title');
  const intl = useIntl();
  // Came by a link to a case (ADR 0034): the login opens that case.
  const linked = linkedHere();
  const [state, send] = useScreenMachine(logic, { linked: linked ? linkedTarget(linked.page) : null });
  // Typed into the pre-rendered page before its script arrived: kept.
  useTypedBeforeScript(['email', 'password'], (field, value) => send({ type: 'CHANGE', field, value }));
  // Came from verifying an address (issue 51): it is filled in, and the password is what is left to type.
  useEffect(() => {
    const { email, ...rest } = (history.state as { email?: unknown } | null) ?? {};
    if (typeof email !== 'string' || !email) return;
    // Read once, then gone from the tab's history: Back on a shared computer brings no address back.
    history.replaceState(rest, '');
    send({ type: 'CHANGE', field: 'email', value: email });
    document.getElementById('password')?.focus();
  }, [send]);
  const lan = useLan();
  const busy = state.matches('submitting');
  // Why the last try was refused (a wrong password), beside the password until the person types again.
  const refusal = state.context.refusal ? serverMessage(state.context.refusal, lan) : undefined;
  return (
    <div className={ui.narrow}>
      <div className={ui.card}>
        <h1>
          <FormattedMessage id="login.title" />
        </h1>
        <LinkedNotice on="login" />
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
                value={state.context.values.email}
                onChange={(e) => send({ type: 'CHANGE', field: 'email', value: e.target.value })}
              />
            )}
          </Field>
          <Field id="password" label={intl.formatMessage({ id: 'field.password' })} error={refusal}>
            {(aria) => (
              <input
                {...aria}
                className={ui.input}
                type="password"
                autoComplete="current-password"
                value={state.context.values.password}
                onChange={(e) => send({ type: 'CHANGE', field: 'password', value: e.target.value })}
              />
            )}
          </Field>
          <p>
            <Link href={paths.forgotPassword}>
              <FormattedMessage id="login.forgot" />
            </Link>
          </p>
          <LockoutButton busy={busy}>
            <FormattedMessage id={busy ? 'common.sending' : 'login.submit'} />
          </LockoutButton>
        </form>
        {state.matches('unverified') ? (
          <div role="status">
            <p>
              <FormattedMessage id="login.notVerified" />
            </p>
            <button type="button" className={ui.button} onClick={() => send({ type: 'ENTER_CODE' })}>
              <FormattedMessage id="login.enterCode" />
            </button>
          </div>
        ) : null}
        <p aria-hidden="true">
          <FormattedMessage id="login.or" />
        </p>
        <div className={ui.actions}>
          <Link href={paths.register} className={ui.secondaryButton}>
            <FormattedMessage id="login.register" />
          </Link>
          <Link href={paths.home}>
            <FormattedMessage id="nav.home" />
          </Link>
        </div>
      </div>
    </div>
  );
}
