import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { ATTACHMENT_MAX_BYTES, MB } from '../../../contract/limits.ts';
import type { CaseStepKind } from '../../../contract/case-steps.ts';
import { CASE_STEPS } from '../../../contract/case-steps.ts';
import type { CaseStepPayload, StepTaken } from '../../../machines/case-step.machine.ts';
import { caseStepMachine } from '../../../machines/case-step.machine.ts';
import { sendCaseStep } from '../../api/uploads.ts';
import { readDraft, writeDraft } from '../../app/for-screens/draft-store.ts';
import { stepDraftKey } from '../../../machines/session-storage.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { TEXTAREA_ROWS_QUESTION } from '../../theme/sizes.ts';
import { Field, useFieldErrorText } from '../../ui/field.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './case-detail.css.ts';
import { FileInput } from '../../ui/file-input.tsx';

const logic = caseStepMachine.provide({
  actors: { send: fromPromise(({ input }: { input: CaseStepPayload }) => sendCaseStep(input)) },
  actions: {
    saveDraft: ({ context }, params) => writeDraft(stepDraftKey(context.caseId, context.kind), params.text),
    clearDraft: ({ context }) => writeDraft(stepDraftKey(context.caseId, context.kind), ''),
  },
});

/**
 * One step of the customer on their case (answer, withdraw, appeal) in a Radix dialog
 * (focus trapped, Escape closes) over the case-step machine: the form, then a confirmation,
 * then the call. What was typed stays when the dialog is closed and opened again, and through
 * a session's expiry (a draft, until the step is taken or the customer logs out).
 */
export function StepDialog({
  caseId,
  kind,
  onTaken,
}: {
  caseId: string;
  kind: CaseStepKind;
  onTaken: (taken: StepTaken) => void;
}) {
  const intl = useIntl();
  const errorText = useFieldErrorText();
  const [state, send, actor] = useScreenMachine(logic, {
    caseId,
    kind,
    draft: readDraft(stepDraftKey(caseId, kind)) ?? '',
  });
  const taken = useRef(false);
  useEffect(() => {
    const sub = actor.on('stepTaken', (event) => {
      taken.current = true;
      onTaken(event);
    });
    return () => sub.unsubscribe();
  }, [actor, onTaken]);
  const t = (id: string) => intl.formatMessage({ id });
  const label = t(`step.${kind}.text`);
  const { errors, text } = state.context;
  // A text refused on Continue takes the focus, so that a screen reader reads the field with
  // its error (its description) rather than nothing; typing clears the error.
  const textBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (errors.text) textBox.current?.focus();
  }, [errors.text]);
  const busy = state.matches('submitting');
  const confirming = state.matches('confirming') || busy;
  return (
    <Dialog.Root open={!state.matches('closed')} onOpenChange={(next) => send({ type: next ? 'OPEN' : 'CLOSE' })}>
      <Dialog.Trigger className={CASE_STEPS[kind].closes ? ui.secondaryButton : ui.button}>
        <FormattedMessage id={`step.${kind}.open`} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.overlay} />
        <Dialog.Content
          className={ui.dialog}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => taken.current && e.preventDefault()}
        >
          <Dialog.Title>
            <FormattedMessage id={`step.${kind}.title`} />
          </Dialog.Title>
          <Dialog.Close className={s.close} aria-label={t('common.close')}>
            ×
          </Dialog.Close>
          {confirming ? (
            <div>
              <p role="status">
                <FormattedMessage id={`step.${kind}.confirm`} />
              </p>
              {text.trim() ? <blockquote className={s.quote}>{text.trim()}</blockquote> : null}
              {CASE_STEPS[kind].file ? (
                <p className={ui.wrapAnywhere}>
                  {state.context.file ? (
                    <FormattedMessage
                      id="step.attached"
                      values={{ name: <strong>{state.context.file.name}</strong> }}
                    />
                  ) : (
                    <FormattedMessage id="step.noFile" />
                  )}
                </p>
              ) : null}
              <div className={ui.actions}>
                <button
                  type="button"
                  className={ui.secondaryButton}
                  disabled={busy}
                  onClick={() => send({ type: 'BACK' })}
                >
                  <FormattedMessage id="common.back" />
                </button>
                <button
                  type="button"
                  className={ui.button}
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => send({ type: 'CONFIRM' })}
                >
                  <FormattedMessage id={busy ? 'common.sending' : 'step.confirm'} />
                </button>
              </div>
            </div>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'SUBMIT' });
              }}
            >
              <Field
                id={`step-${kind}-text`}
                label={label}
                required={CASE_STEPS[kind].textNeeded}
                error={errors.text ? errorText(label, errors.text) : undefined}
              >
                {(aria) => (
                  <textarea
                    {...aria}
                    ref={textBox}
                    className={ui.input}
                    rows={TEXTAREA_ROWS_QUESTION}
                    value={text}
                    onChange={(e) => send({ type: 'TEXT', value: e.target.value })}
                  />
                )}
              </Field>
              {CASE_STEPS[kind].file ? (
                <Field
                  id={`step-${kind}-file`}
                  label={intl.formatMessage({ id: 'step.file' }, { max: ATTACHMENT_MAX_BYTES / MB })}
                  error={errors.attachment ? errorText(t('step.fileName'), errors.attachment) : undefined}
                >
                  {(aria) => (
                    <FileInput
                      {...aria}
                      chosen={state.context.file?.name ?? null}
                      accept="application/pdf,.pdf"
                      onChange={(e) => send({ type: 'FILE', file: e.target.files?.[0] ?? null })}
                    />
                  )}
                </Field>
              ) : null}
              <div className={ui.actions}>
                <button type="submit" className={ui.button}>
                  <FormattedMessage id="step.next" />
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
