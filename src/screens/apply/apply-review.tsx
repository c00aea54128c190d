import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { localized } from '../../i18n/localize.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './apply.css.ts';
import type { ApplyPartProps } from './logic.ts';
import { useApplyLabels } from './logic.ts';

/** What will be sent, each field with its Change, before Apply; the progress while it goes, and Send again if it did not. */
export function ApplyReview({ state, send, top }: ApplyPartProps) {
  const { labels, fieldId, questions, t, lan } = useApplyLabels(state);
  const { options, values, attachment } = state.context;
  const busy = !state.matches('review');
  const failed = state.matches({ review: 'submitFailed' });
  const division = options.divisions.find((d) => d._id === values.division);
  const request = options.caseLists.find((c) => c._id === values.caselist);
  const related = options.ownCases.find((c) => c._id === values.related_case_id);
  const row = (field: string, value: ReactNode) => (
    <div key={field} className={s.row}>
      <dt className={ui.dt}>{labels[field]}</dt>
      <dd className={ui.dd}>
        {value || '-'}{' '}
        {!busy ? (
          <button
            type="button"
            className={ui.linkButton}
            aria-label={t('apply.changeField', { field: labels[field] ?? field })}
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
          {row('division', division ? localized(division, 'name', lan) : '')}
          {row('caselist', request ? localized(request, 'case_name', lan) : '')}
          {row('related_case_id', related?.case_number ?? '')}
          {questions.map((q) => {
            const a = values.answers[q._id] ?? '';
            const v = q.enumValues.find((e) => e._id === a);
            return row(q._id, v ? localized(v.expectedValues, 'value', lan) : a);
          })}
          {row('attachment', attachment?.name ?? t('apply.noFile'))}
          {row('remark', values.remark)}
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
          <button
            type="button"
            className={ui.button}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => send({ type: 'SUBMIT' })}
          >
            <FormattedMessage id={busy ? 'common.sending' : failed ? 'apply.sendAgain' : 'apply.apply'} />
          </button>
        </div>
      </div>
    </div>
  );
}
