import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { CustomerFieldRow } from '../../../contract/customer-fields.ts';
import { CUSTOMER_FIELD_NAMES, CUSTOMER_FIELD_ROWS } from '../../../contract/customer-fields.ts';
import { PASSWORD_MIN_LENGTH, PICTURE_MAX_BYTES, MB } from '../../../contract/limits.ts';
import type { RegistrationField, RegistrationPayload } from '../../../machines/registration.machine.ts';
import { registrationMachine } from '../../../machines/registration.machine.ts';
import { sendRegistration } from '../../api/uploads.ts';
import { paths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { language } from '../../i18n/languages.ts';
import { ErrorSummary, Field, useFieldErrorText } from '../../ui/field.tsx';
import { LockoutButton } from '../../ui/lockout-button.tsx';
import { useObjectUrl } from '../../ui/use-file.ts';
import * as ui from '../../ui/ui.css.ts';
import { FileInput } from '../../ui/file-input.tsx';

const logic = registrationMachine.provide({
  actors: {
    register: fromPromise<{ email: string; registration?: string }, RegistrationPayload>(({ input }) =>
      sendRegistration(input, language.get()),
    ),
  },
});

interface TextInput {
  field: RegistrationField;
  type: string;
  autoComplete?: string | undefined;
  required: boolean;
}
/** The table's fields of a group as the form's inputs (contract/customer-fields.ts). */
const inputsOf = (group: CustomerFieldRow['group']): TextInput[] =>
  CUSTOMER_FIELD_NAMES.filter((field) => CUSTOMER_FIELD_ROWS[field].group === group).map((field) => {
    const { input, autocomplete, required } = CUSTOMER_FIELD_ROWS[field];
    return { field, type: input, autoComplete: autocomplete, required };
  });
const PASSWORD: TextInput = { field: 'password', type: 'password', autoComplete: 'new-password', required: true };
const TEXT_FIELDS = inputsOf('name');
const ADDRESS_FIELDS = [...inputsOf('address'), PASSWORD, { ...PASSWORD, field: 'confirmPassword' as const }];

export default function Register() {
  usePageTitle('register.title');
  useLan();
  const intl = useIntl();
  const errorText = useFieldErrorText();
  const [state, send] = useScreenMachine(logic);
  const { values, errors, picture } = state.context;
  const previewUrl = useObjectUrl(picture);
  const label = (f: string) => intl.formatMessage({ id: `field.${f}` });
  const labels = Object.fromEntries(
    [...TEXT_FIELDS, ...ADDRESS_FIELDS, { field: 'gender' }, { field: 'picture' }].map(({ field }) => [
      field,
      label(field),
    ]),
  );
  const busy = state.matches('submitting');
  const text = (spec: (typeof TEXT_FIELDS)[number]) => (
    <Field
      key={spec.field}
      id={spec.field}
      label={label(spec.field)}
      required={spec.required}
      // The password's rule, said before the first try (issue 51).
      {...(spec.field === 'password'
        ? { hint: intl.formatMessage({ id: 'field.passwordHint' }, { min: PASSWORD_MIN_LENGTH }) }
        : {})}
      error={errors[spec.field] ? errorText(label(spec.field), errors[spec.field]!) : undefined}
    >
      {(aria) => (
        <input
          {...aria}
          className={ui.input}
          type={spec.type}
          autoComplete={spec.autoComplete}
          value={values[spec.field]}
          onChange={(e) => send({ type: 'CHANGE', field: spec.field, value: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <div className={ui.narrow}>
      <div className={ui.card}>
        <h1>
          <FormattedMessage id="register.title" />
        </h1>
        <p>
          <FormattedMessage id="common.requiredHint" />
        </p>
        <ErrorSummary errors={errors} labels={labels} fieldId={(f) => f} />
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          {TEXT_FIELDS.map(text)}
          <Field
            id="gender"
            label={label('gender')}
            required={CUSTOMER_FIELD_ROWS.gender.required}
            error={errors.gender ? errorText(label('gender'), errors.gender) : undefined}
          >
            {(aria) => (
              <select
                {...aria}
                className={ui.input}
                value={values.gender}
                onChange={(e) => send({ type: 'CHANGE', field: 'gender', value: e.target.value })}
              >
                <option value="">{intl.formatMessage({ id: 'field.genderChoose' })}</option>
                <option value="Male">{intl.formatMessage({ id: 'field.male' })}</option>
                <option value="Female">{intl.formatMessage({ id: 'field.female' })}</option>
              </select>
            )}
          </Field>
          {ADDRESS_FIELDS.map(text)}
          <Field
            id="picture"
            label={label('picture')}
            hint={intl.formatMessage({ id: 'register.pictureHint' }, { max: PICTURE_MAX_BYTES / MB })}
            error={errors.picture ? errorText(label('picture'), errors.picture) : undefined}
          >
            {(aria) => (
              <FileInput
                {...aria}
                chosen={picture?.name ?? null}
                accept="image/jpeg,image/png,image/webp"
                onChange={(e) => send({ type: 'PICK_PICTURE', file: e.target.files?.[0] ?? null })}
              />
            )}
          </Field>
          {previewUrl ? (
            <img className={ui.preview} src={previewUrl} alt={intl.formatMessage({ id: 'register.picturePreview' })} />
          ) : null}
          <div className={ui.actions}>
            <LockoutButton busy={busy}>
              <FormattedMessage id={busy ? 'common.sending' : 'register.submit'} />
            </LockoutButton>
          </div>
        </form>
        <p aria-hidden="true">
          <FormattedMessage id="login.or" />
        </p>
        <Link href={paths.login} className={ui.secondaryButton}>
          <FormattedMessage id="register.login" />
        </Link>
      </div>
    </div>
  );
}
