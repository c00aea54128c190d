import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { paths } from '../../../contract/paths.ts';
import { fromPromise } from 'xstate';
import { ATTACHMENT_MAX_BYTES, MB } from '../../../contract/limits.ts';
import { PDF_PREVIEW_HEIGHT, TEXTAREA_ROWS_COMPLAINT } from '../../theme/sizes.ts';
import type { ComplaintField, ComplaintPayload, KeptComplaint } from '../../../machines/complaint.machine.ts';
import { complaintMachine } from '../../../machines/complaint.machine.ts';
import { keepComplaint, sendComplaint } from '../../api/uploads.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { ErrorSummary, Field, useFieldErrorText } from '../../ui/field.tsx';
import { KeptLetters } from '../../ui/kept-letters.tsx';
import { LockoutButton } from '../../ui/lockout-button.tsx';
import { PdfPreview } from '../../ui/pdf.tsx';
import { useObjectUrl } from '../../ui/use-file.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Confirmation, Reference } from '../../ui/reference.tsx';
import { TextTheBureau } from '../../ui/bureau-contact.tsx';
import * as ui from '../../ui/ui.css.ts';
import { FileInput } from '../../ui/file-input.tsx';

const logic = complaintMachine.provide({
  actors: {
    submit: fromPromise<{ tracking_code: string }, ComplaintPayload>(({ input }) => sendComplaint(input)),
    keep: fromPromise<void, KeptComplaint>(({ input }) => keepComplaint(input)),
  },
});

const FIELDS: { field: ComplaintField; label: string; type?: string; required?: boolean }[] = [
  { field: 'name', label: 'field.name' },
  { field: 'phone', label: 'field.phone', type: 'tel' },
  { field: 'subject', label: 'field.subject', required: true },
  { field: 'accused_organizational_part', label: 'field.department' },
];

export default function FileComplaint() {
  usePageTitle('fileComplaint.title');
  const intl = useIntl();
  const errorText = useFieldErrorText();
  const [state, send] = useScreenMachine(logic);
  const lan = useLan();
  const { values, errors, attachment, trackingCode } = state.context;
  const preview = useObjectUrl(attachment);
  // A complaint sent (or kept) empties the form: the file picker too, so that it never names a file no longer chosen.
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!attachment && picker.current) picker.current.value = '';
  }, [attachment]);
  const label = (id: string) => intl.formatMessage({ id }, { max: ATTACHMENT_MAX_BYTES / MB });
  const labels: Record<string, string> = {
    ...Object.fromEntries(FIELDS.map((f) => [f.field, label(f.label)])),
    description: label('field.description'),
    attachment: label('field.attachment'),
  };
  const err = (f: string) => (errors[f] ? errorText(labels[f] ?? f, errors[f]!) : undefined);
  const busy = state.matches('submitting') || state.matches('keeping');
  return (
    <div className={ui.narrow}>
      <div className={ui.card}>
        <h1>
          <FormattedMessage id="fileComplaint.title" />
        </h1>
        <p>
          <FormattedMessage id="fileComplaint.intro" /> <FormattedMessage id="common.requiredHint" />
        </p>
        {trackingCode && !state.matches('kept') && !state.matches('keeping') ? (
          // Stays while the next complaint is written: the code is the only way back to this one.
          <Confirmation key={trackingCode}>
            <FormattedMessage id="fileComplaint.received" />
            <Reference code={trackingCode} href={paths.complaint.href(trackingCode)} advice="reference.keepCode" />
            <TextTheBureau about="complaint" />
          </Confirmation>
        ) : null}
        {state.matches('kept') ? (
          <p className={ui.wait} role="status">
            <FormattedMessage id="fileComplaint.kept" />
          </p>
        ) : null}
        <ErrorSummary errors={errors} labels={labels} fieldId={(f) => f} />
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          {FIELDS.map((f) => (
            <Field key={f.field} id={f.field} label={labels[f.field]!} required={!!f.required} error={err(f.field)}>
              {(aria) => (
                <input
                  {...aria}
                  className={ui.input}
                  type={f.type ?? 'text'}
                  value={values[f.field]}
                  onChange={(e) => send({ type: 'CHANGE', field: f.field, value: e.target.value })}
                />
              )}
            </Field>
          ))}
          <p className={ui.field}>
            <label>
              <input
                type="checkbox"
                checked={values.notify !== ''}
                aria-describedby="notify-hint"
                onChange={(e) => send({ type: 'CHANGE', field: 'notify', value: e.target.checked ? lan : '' })}
              />{' '}
              <FormattedMessage id="fileComplaint.notify" />
            </label>
            <span id="notify-hint" className={ui.hint}>
              <FormattedMessage id="fileComplaint.notifyHint" />
            </span>
          </p>
          <Field id="description" label={labels.description!} required error={err('description')}>
            {(aria) => (
              <textarea
                {...aria}
                className={ui.input}
                rows={TEXTAREA_ROWS_COMPLAINT}
                value={values.description}
                onChange={(e) => send({ type: 'CHANGE', field: 'description', value: e.target.value })}
              />
            )}
          </Field>
          <Field id="attachment" label={labels.attachment!} error={err('attachment')}>
            {(aria) => (
              <FileInput
                {...aria}
                inputRef={picker}
                chosen={attachment?.name ?? null}
                accept="application/pdf,.pdf"
                onChange={(e) => send({ type: 'PICK_FILE', file: e.target.files?.[0] ?? null })}
              />
            )}
          </Field>
          {preview && attachment ? (
            <PdfPreview src={preview} name={attachment.name} height={PDF_PREVIEW_HEIGHT} />
          ) : null}
          {busy ? <ProgressBar percent={state.context.progress} /> : null}
          <div className={ui.actions}>
            <button type="button" className={ui.secondaryButton} onClick={() => send({ type: 'CANCEL' })}>
              <FormattedMessage id="common.cancel" />
            </button>
            <LockoutButton busy={busy}>
              <FormattedMessage id={busy ? 'common.sending' : 'fileComplaint.submit'} />
            </LockoutButton>
          </div>
        </form>
      </div>
      <KeptLetters kind="complaint" owner={null} />
      <FollowComplaint />
    </div>
  );
}

/** The way to a complaint's page by its tracking code (issue 19). */
function FollowComplaint() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  return (
    <section className={ui.card} aria-labelledby="follow-title" style={{ marginTop: '1.5rem' }}>
      <h2 id="follow-title">
        <FormattedMessage id="complaint.followTitle" />
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) navigate(paths.complaint.href(code));
        }}
      >
        <Field id="tracking-code" label={intl.formatMessage({ id: 'complaint.code' })} required>
          {(aria) => (
            <input
              {...aria}
              className={ui.input}
              value={code}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
        <div className={ui.actions}>
          <button type="submit" className={ui.button}>
            <FormattedMessage id="complaint.show" />
          </button>
        </div>
      </form>
    </section>
  );
}
