import type { KeyboardEvent } from 'react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { LANG_TAGS, LAN_CODES } from '../../../contract/languages.ts';
import type { LanCode, Lang } from '../../../contract/languages.ts';
import { OTP_DIGITS, OTP_TTL_MINUTES } from '../../../contract/limits.ts';
import type { PreferencesProblem } from '../../../contract/preferences.ts';
import { preferencesMachine, unsaved } from '../../../machines/preferences.machine.ts';
import { call } from '../../api/client.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import { LockoutButton } from '../../ui/lockout-button.tsx';
import * as ui from '../../ui/ui.css.ts';

const logic = preferencesMachine.provide({
  actors: {
    load: fromPromise(() => call('getNotificationPreferences')),
    save: fromPromise(({ input }) => call('updateNotificationPreferences', { body: input })),
    sendCode: fromPromise(({ input }) => call('sendPhoneCode', { body: input })),
    verifyCode: fromPromise(({ input }) => call('verifyPhoneCode', { body: input })),
  },
});

/** Every language a message can be written in: the six of the portal, each named in itself (prefs.language.*). */
const LANGUAGE_KEYS: Record<LanCode, string> = {
  Am: 'lang.Am',
  En: 'lang.En',
  Or: 'prefs.language.Or',
  Tg: 'prefs.language.Tg',
  Sm: 'prefs.language.Sm',
  Af: 'prefs.language.Af',
};

/** Why a choice cannot be saved (the contract's rule), in words. */
const PROBLEM_KEYS: Record<PreferencesProblem, string> = {
  noChannel: 'prefs.noChannel',
  phoneNotVerified: 'prefs.phoneNotVerified',
};

/** Enter in a field of its own (the new number, the code) does its action, not the Save of the form around it. */
const onEnter = (act: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  act();
};

/**
 * How the bureau tells the customer of their cases (issue 22): e-mail, SMS or both, and the
 * language of the messages. SMS needs the phone number proved with a code sent to it.
 */
export function Preferences({ onPhone }: { onPhone: (phone: string) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [state, send] = useScreenMachine(logic);
  const { saved, form, code, problem, newPhone, codeFor, phoneProblem } = state.context;
  // The number on file, as the server last said it (it changes here): the profile above shows it.
  useEffect(() => {
    if (saved) onPhone(saved.phone);
  }, [saved, onPhone]);
  if (!saved)
    return (
      <section className={ui.card} aria-labelledby="prefs-title">
        <h2 id="prefs-title">
          <FormattedMessage id="prefs.title" />
        </h2>
        <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      </section>
    );
  const busy = state.matches('saving') || state.matches('sendingCode') || state.matches('checkingCode');
  const entering = state.matches('enteringCode') || state.matches('checkingCode');
  return (
    <section className={ui.card} aria-labelledby="prefs-title" style={{ marginTop: '1.5rem' }}>
      <h2 id="prefs-title">
        <FormattedMessage id="prefs.title" />
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SAVE' });
        }}
      >
        <fieldset className={ui.field} aria-describedby={problem ? 'prefs-problem' : undefined}>
          <legend className={ui.label}>
            <FormattedMessage id="prefs.channels" />
          </legend>
          {problem ? (
            <p id="prefs-problem" className={ui.fieldError} role="alert">
              <FormattedMessage id={PROBLEM_KEYS[problem]} />
            </p>
          ) : null}
          <p>
            <label>
              <input
                type="checkbox"
                checked={form.email}
                onChange={(e) => send({ type: 'CHOOSE', channel: 'email', on: e.target.checked })}
              />{' '}
              <FormattedMessage id="prefs.email" />
            </label>
          </p>
          <p>
            <label>
              <input
                type="checkbox"
                checked={form.sms}
                onChange={(e) => send({ type: 'CHOOSE', channel: 'sms', on: e.target.checked })}
              />{' '}
              <FormattedMessage id="prefs.sms" values={{ phone: saved.phone }} />
            </label>{' '}
            <span className={ui.badge[saved.phone_verified ? 'green' : 'red']}>
              <FormattedMessage id={saved.phone_verified ? 'prefs.phoneVerified' : 'prefs.phoneUnverified'} />
            </span>
          </p>
          {saved.sms_stopped ? (
            <p className={ui.hint}>
              <FormattedMessage
                id={saved.sms_number ? 'prefs.smsStopped' : 'prefs.smsStoppedNoNumber'}
                values={{ number: saved.sms_number ?? '' }}
              />
            </p>
          ) : saved.sms_number ? (
            <p className={ui.hint}>
              <FormattedMessage id="prefs.smsCommands" values={{ number: saved.sms_number }} />
            </p>
          ) : null}
          {!saved.phone_verified && !entering ? (
            <Button variant="secondary" onClick={() => send({ type: 'SEND_CODE' })} disabled={busy}>
              <FormattedMessage id="prefs.verifyPhone" />
            </Button>
          ) : null}
        </fieldset>
        {entering ? null : (
          <div className={ui.field}>
            <Field
              id="prefs-new-phone"
              label={t('prefs.newPhone')}
              hint={t('prefs.newPhoneHint')}
              error={phoneProblem ? t('errors.notPhone', { field: t('prefs.newPhone') }) : undefined}
            >
              {(aria) => (
                <input
                  {...aria}
                  className={ui.input}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={newPhone}
                  onChange={(e) => send({ type: 'NEW_PHONE', value: e.target.value })}
                  onKeyDown={onEnter(() => send({ type: 'SEND_CODE_TO_NEW' }))}
                />
              )}
            </Field>
            <Button variant="secondary" onClick={() => send({ type: 'SEND_CODE_TO_NEW' })} disabled={busy}>
              <FormattedMessage id="prefs.sendToNew" />
            </Button>
          </div>
        )}
        {entering ? (
          <div className={ui.field}>
            <Field
              id="prefs-code"
              label={t('prefs.code')}
              hint={t('prefs.codeHint', {
                phone: codeFor ?? saved.phone,
                minutes: String(OTP_TTL_MINUTES),
                digits: String(OTP_DIGITS),
              })}
            >
              {(aria) => (
                <input
                  {...aria}
                  className={ui.input}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => send({ type: 'CODE', value: e.target.value })}
                  onKeyDown={onEnter(() => send({ type: 'VERIFY' }))}
                />
              )}
            </Field>
            <p style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
              <Button
                onClick={() => send({ type: 'VERIFY' })}
                disabled={busy}
                aria-busy={state.matches('checkingCode') || undefined}
              >
                <FormattedMessage id="prefs.verify" />
              </Button>
              <Button variant="secondary" onClick={() => send({ type: 'SEND_CODE' })} disabled={busy}>
                <FormattedMessage id="prefs.resend" />
              </Button>
              <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
                <FormattedMessage id="common.cancel" />
              </Button>
            </p>
          </div>
        ) : null}
        <Field id="prefs-language" label={t('prefs.language')} hint={t('prefs.languageHint')}>
          {(aria) => (
            <select
              {...aria}
              className={ui.input}
              value={form.language}
              onChange={(e) => send({ type: 'LANGUAGE', value: e.target.value as LanCode })}
            >
              {LAN_CODES.map((lan) => (
                <option key={lan} value={lan} lang={LANG_TAGS[lan.toLowerCase() as Lang]}>
                  {t(LANGUAGE_KEYS[lan])}
                </option>
              ))}
            </select>
          )}
        </Field>
        {unsaved(form, saved) && !state.matches('saving') ? (
          <p id="prefs-unsaved" className={ui.fieldError}>
            <FormattedMessage id="prefs.unsaved" />
          </p>
        ) : null}
        <LockoutButton
          busy={state.matches('saving')}
          aria-describedby={unsaved(form, saved) ? 'prefs-unsaved' : undefined}
        >
          <FormattedMessage id={state.matches('saving') ? 'common.sending' : 'prefs.save'} />
        </LockoutButton>
      </form>
    </section>
  );
}
