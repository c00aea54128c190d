import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { CaseSummary } from '../../../contract/entities.ts';
import { ATTACHMENT_MAX_BYTES, MB } from '../../../contract/limits.ts';
import { PDF_PREVIEW_HEIGHT, TEXTAREA_ROWS_CASE } from '../../theme/sizes.ts';
import type { ApplyOptions, ApplyPayload, ApplyValues, KeptApplication } from '../../../machines/apply.machine.ts';
import { decodeToken } from '../../../machines/session.machine.ts';
import { applyMachine, noneOpenIn, openDivisions, questionsOf, requestsOf } from '../../../machines/apply.machine.ts';
import { call, sessionToken } from '../../api/client.ts';
import { applicationForm, sendApplication } from '../../api/uploads.ts';
import { dashboardPaths } from '../../../contract/paths.ts';
import { APPLY_DRAFT_KEY } from '../../app/for-screens/drafts.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { language } from '../../i18n/languages.ts';
import { localized } from '../../i18n/localize.ts';
import { ErrorSummary, Field, useFieldErrorText } from '../../ui/field.tsx';
import { PdfPreview, useObjectUrl } from '../../ui/pdf.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Confirmation, Reference } from '../../ui/reference.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import { Select } from '../../ui/select.tsx';
import * as ui from '../../ui/ui.css.ts';
import { QuestionField } from './question-field.tsx';

const readDraft = (): ApplyValues | null => {
  try {
    return JSON.parse(sessionStorage.getItem(APPLY_DRAFT_KEY) ?? 'null') as ApplyValues | null;
  } catch {
    return null;
  }
};

/** The draft lives in sessionStorage: it survives a reload, is gone at logout, and is kept for its customer when the session expires (src/app/session.tsx). */
const logic = applyMachine.provide({
  actors: {
    loadOptions: fromPromise<ApplyOptions>(async () => {
      const [divisions, caseLists, ownCases] = await Promise.all([call('getDivisions'), call('getCaseLists'), call('getCasesByCustomer')]);
      return { divisions, caseLists, ownCases };
    }),
    submit: fromPromise<{ case: CaseSummary }, ApplyPayload>(({ input }) => sendApplication(input)),
    // Kept in the outbox with this session's token, for this customer only (src/outbox).
    keep: fromPromise<void, KeptApplication>(async ({ input }) => {
      const outbox = await import('../../outbox/outbox.ts');
      const token = sessionToken();
      const label = input.request ? localized(input.request, 'case_name', language.get()) : '';
      await outbox.keep({ kind: 'application', owner: decodeToken(token)?.user.id ?? null, token, label, key: input.key, form: applicationForm(input) });
    }),
  },
  actions: {
    saveDraft: (_, params) => sessionStorage.setItem(APPLY_DRAFT_KEY, JSON.stringify(params.values)),
    clearDraft: () => sessionStorage.removeItem(APPLY_DRAFT_KEY),
  },
});

export default function Apply() {
  usePageTitle('apply.title');
  const intl = useIntl();
  const lan = useLan();
  const errorText = useFieldErrorText();
  const [state, send, actor] = useScreenMachine(logic, { draft: readDraft() });
  const top = useRef<HTMLHeadingElement>(null);
  /** Set by the machine's scrollTop; carried out once the confirmation view is on the page. */
  const toTop = useRef(false);
  const { options, values, errors, attachment } = state.context;
  const preview = useObjectUrl(attachment);

  useEffect(() => {
    const sub = actor.on('*', (e: { type: string; field?: string }) => {
      if (e.type === 'scrollTop') toTop.current = true;
      if (e.type === 'focusField' && e.field) setTimeout(() => document.getElementById(e.field ?? '')?.focus(), 0);
    });
    return () => sub.unsubscribe();
  }, [actor]);

  const confirming = state.matches({ review: 'confirming' });
  useEffect(() => {
    if (confirming && toTop.current) {
      toTop.current = false;
      window.scrollTo?.(0, 0);
      top.current?.focus();
    }
  }, [confirming]);

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const questions = questionsOf(options, values.caselist);
  const requests = requestsOf(options, values.division);
  const labels: Record<string, string> = {
    division: t('apply.division'),
    caselist: t('apply.caselist'),
    related_case_id: t('apply.related'),
    remark: t('apply.remark'),
    attachment: t('apply.attachment', { max: ATTACHMENT_MAX_BYTES / MB }),
    ...Object.fromEntries(questions.map((q) => [q._id, localized(q, 'name', lan)])),
  };
  const fieldId = (f: string) => (questions.some((q) => q._id === f) ? `q-${f}` : f);
  const err = (f: string) => (errors[f] ? errorText(labels[f] ?? f, errors[f]!) : undefined);

  if (state.matches('loading') || state.matches('failed')) {
    return (
      <div className={ui.page}>
        <h1>{t('apply.title')}</h1>
        <LoadStatus
          state={{ matches: (v: string) => (v === 'loading' ? state.matches('loading') : v === 'error' && state.matches('failed')) }}
          onRetry={() => send({ type: 'RETRY' })}
          errorKey="apply.loadFailed"
        />
      </div>
    );
  }

  // Sent (the case number, then the case list), or kept on the device to be sent later.
  if (state.matches('succeeded') || state.matches('done') || state.matches('kept')) {
    const kept = state.matches('kept');
    return (
      <div className={ui.page}>
        <h1>{t('apply.title')}</h1>
        {kept ? (
          <>
            <p className={ui.wait} role="status">
              <FormattedMessage id="apply.kept" />
            </p>
            <Link href={dashboardPaths.home}>
              <FormattedMessage id="dashboard.home" />
            </Link>
          </>
        ) : state.context.submitted ? (
          <Confirmation>
            <FormattedMessage id="apply.submitted" />
            <Reference code={state.context.submitted.number} href={dashboardPaths.caseHref(state.context.submitted.id)} advice="reference.keepNumber" />
            <p className={ui.hint}>
              <FormattedMessage id="apply.redirect" />
            </p>
          </Confirmation>
        ) : null}
      </div>
    );
  }

  if (state.matches('review') || state.matches('submitting') || state.matches('keeping')) {
    const busy = !state.matches('review');
    const failed = state.matches({ review: 'submitFailed' });
    const division = options.divisions.find((d) => d._id === values.division);
    const request = options.caseLists.find((c) => c._id === values.caselist);
    const related = options.ownCases.find((c) => c._id === values.related_case_id);
    const row = (field: string, label: string, value: ReactNode) => (
      <div key={field} style={{ display: 'contents' }}>
        <dt className={ui.dt}>{label}</dt>
        <dd className={ui.dd}>
          {value || '-'}{' '}
          {!busy ? (
            <button
              type="button"
              className={ui.linkButton}
              aria-label={t('apply.changeField', { field: label })}
              onClick={() => send({ type: 'EDIT', field: fieldId(field) })}
            >
              <FormattedMessage id="apply.change" />
            </button>
          ) : null}
        </dd>
      </div>
    );
    return (
      <div className={ui.page}>
        <h1 ref={top} tabIndex={-1}>
          {t('apply.confirmTitle')}
        </h1>
        <p>{t('apply.confirmText')}</p>
        <div className={ui.card}>
          <dl className={ui.dl}>
            {row('division', labels.division!, division ? localized(division, 'name', lan) : '')}
            {row('caselist', labels.caselist!, request ? localized(request, 'case_name', lan) : '')}
            {row('related_case_id', labels.related_case_id!, related?.case_number ?? '')}
            {questions.map((q) => {
              const a = values.answers[q._id] ?? '';
              const v = q.enumValues.find((e) => e._id === a);
              return row(q._id, labels[q._id]!, v ? localized(v.expectedValues, 'value', lan) : a);
            })}
            {row('attachment', labels.attachment!, attachment?.name ?? t('apply.noFile'))}
            {row('remark', labels.remark!, values.remark)}
          </dl>
          {busy ? <ProgressBar percent={state.context.progress} /> : null}
          {failed ? (
            <p className={ui.wait} role="alert">
              <FormattedMessage id="apply.notSent" />
            </p>
          ) : null}
          <div className={ui.actions}>
            <button type="button" className={ui.secondaryButton} disabled={busy} onClick={() => send({ type: 'BACK' })}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className={ui.button} disabled={busy} aria-busy={busy || undefined} onClick={() => send({ type: 'SUBMIT' })}>
              <FormattedMessage id={busy ? 'common.sending' : failed ? 'apply.sendAgain' : 'apply.apply'} />
            </button>
          </div>
        </div>
      </div>
    );
  }

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
      <div className={ui.card} style={{ marginBottom: '1.5rem' }}>
        <h2 style={{ marginTop: 0 }}>{t('apply.instructionsTitle')}</h2>
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
        {noneOpenIn(options, values.division) && !errors.division ? (
          // Said before any Continue: this division has nothing to apply for now.
          <p className={ui.hint} role="status">
            {t('errors.noneOpen')}
          </p>
        ) : null}
        {values.division && !noneOpenIn(options, values.division) ? (
          <Field id="caselist" label={labels.caselist!} required error={err('caselist')}>
            {(aria) => (
              <Select
                id="caselist"
                aria={aria}
                value={values.caselist}
                placeholder={t('apply.choose')}
                options={requests.map((c) => ({ value: c._id, label: localized(c, 'case_name', lan) }))}
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
            <input {...aria} type="file" accept="application/pdf,.pdf" onChange={(e) => send({ type: 'PICK_FILE', file: e.target.files?.[0] ?? null })} />
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
