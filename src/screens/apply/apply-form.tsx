import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { ATTACHMENT_MAX_BYTES, MB } from '../../../contract/limits.ts';
import { dashboardPaths } from '../../../contract/paths.ts';
import { noneOpenIn, openDivisions, requestsOf } from '../../../machines/apply.machine.ts';
import { localized } from '../../i18n/localize.ts';
import { PDF_PREVIEW_HEIGHT, TEXTAREA_ROWS_CASE } from '../../theme/sizes.ts';
import { ErrorSummary, Field, useFieldErrorText } from '../../ui/field.tsx';
import { PdfPreview } from '../../ui/pdf.tsx';
import { useObjectUrl } from '../../ui/use-file.ts';
import { Select } from '../../ui/select.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './apply.css.ts';
import type { ApplyPartProps } from './logic.ts';
import { useApplyLabels } from './logic.ts';
import { QuestionField } from './question-field.tsx';
import { FileInput } from '../../ui/file-input.tsx';

/** The application being written: division, case type, related case, the type's questions, a PDF and the remark. */
export function ApplyForm({ state, send, top }: ApplyPartProps) {
  const errorText = useFieldErrorText();
  const { labels, fieldId, questions, t, lan } = useApplyLabels(state);
  const { options, values, errors, attachment } = state.context;
  const preview = useObjectUrl(attachment);
  const err = (f: string) => (errors[f] ? errorText(labels[f] ?? f, errors[f]!) : undefined);
  const noneOpen = noneOpenIn(options, values.division);
  return (
    <div className={ui.page}>
      <p>
        <Link href={dashboardPaths.home}>
          <span aria-hidden="true">← </span>
          <FormattedMessage id="common.back" />
        </Link>
      </p>
      <h1 ref={top} tabIndex={-1}>
        {t('apply.title')}
      </h1>
      <div className={`${ui.card} ${s.instructions}`}>
        <h2 className={s.instructionsTitle}>{t('apply.instructionsTitle')}</h2>
        <ul>
          <li>{t('apply.instructionRequired')}</li>
          <li>{t('apply.instructionSize', { max: ATTACHMENT_MAX_BYTES / MB })}</li>
          <li>{t('apply.instructionMerge')}</li>
        </ul>
      </div>
      <ErrorSummary errors={errors} labels={labels} fieldId={fieldId} />
      <form
        noValidate
        className={ui.card}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'APPLY' });
        }}
      >
        <Field id="division" label={labels.division!} required error={err('division')}>
          {(aria) => (
            <Select
              id="division"
              aria={aria}
              value={values.division}
              placeholder={t('apply.choose')}
              options={openDivisions(options).map((d) => ({ value: d._id, label: localized(d, 'name', lan) }))}
              onChange={(value) => send({ type: 'CHANGE_DIVISION', value })}
            />
          )}
        </Field>
        {noneOpen && !errors.division ? (
          // Said before any Continue: this division has nothing to apply for now.
          <p className={ui.hint} role="status">
            {t('errors.noneOpen')}
          </p>
        ) : null}
        {values.division && !noneOpen ? (
          <Field id="caselist" label={labels.caselist!} required error={err('caselist')}>
            {(aria) => (
              <Select
                id="caselist"
                aria={aria}
                value={values.caselist}
                placeholder={t('apply.choose')}
                options={requestsOf(options, values.division).map((c) => ({
                  value: c._id,
                  label: localized(c, 'case_name', lan),
                }))}
                onChange={(value) => send({ type: 'CHANGE_CASELIST', value })}
              />
            )}
          </Field>
        ) : null}
        <Field id="related_case_id" label={labels.related_case_id!}>
          {(aria) => (
            <select
              {...aria}
              className={ui.input}
              value={values.related_case_id}
              onChange={(e) => send({ type: 'CHANGE', field: 'related_case_id', value: e.target.value })}
            >
              <option value="">{t('apply.noRelated')}</option>
              {options.ownCases.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.case_number}
                </option>
              ))}
            </select>
          )}
        </Field>
        {questions.map((q) => (
          <QuestionField
            key={q._id}
            q={q}
            value={values.answers[q._id] ?? ''}
            error={err(q._id)}
            onChange={(value) => send({ type: 'ANSWER', questionId: q._id, value })}
          />
        ))}
        <Field
          id="attachment"
          label={labels.attachment!}
          hint={values.caselist && !attachment ? t('apply.attachmentAgain') : undefined}
          error={err('attachment')}
        >
          {(aria) => (
            <FileInput
              {...aria}
              chosen={attachment?.name ?? null}
              accept="application/pdf,.pdf"
              onChange={(e) => send({ type: 'PICK_FILE', file: e.target.files?.[0] ?? null })}
            />
          )}
        </Field>
        {preview && attachment ? <PdfPreview src={preview} name={attachment.name} height={PDF_PREVIEW_HEIGHT} /> : null}
        <Field id="remark" label={labels.remark!} required error={err('remark')}>
          {(aria) => (
            <textarea
              {...aria}
              className={ui.input}
              rows={TEXTAREA_ROWS_CASE}
              value={values.remark}
              onChange={(e) => send({ type: 'CHANGE', field: 'remark', value: e.target.value })}
            />
          )}
        </Field>
        <div className={ui.actions}>
          <button type="button" className={ui.secondaryButton} onClick={() => send({ type: 'CANCEL' })}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className={ui.button}>
            <FormattedMessage id="apply.apply" />
          </button>
        </div>
      </form>
    </div>
  );
}
