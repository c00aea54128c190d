import { useCallback, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { CaseHistoryEntry } from '../../../contract/entities.ts';
import type { CaseRead } from '../../../machines/case-outlook.ts';
import { caseOutlook } from '../../../machines/case-outlook.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { ApiError, call } from '../../api/client.ts';
import { MEDIA_PATHS, dashboardPaths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { formatDate } from '../../i18n/format-date.ts';
import { CaseDetails } from '../../ui/case-details.tsx';
import { statusKey } from '../../ui/status-badge.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './case-detail.css.ts';
import { RatingDialog } from './rating-dialog.tsx';
import { StepDialog } from './step-dialog.tsx';

/**
 * The case by its number (from navigation state) or, opened directly, from the customer's
 * cases by id; then the case type (with its questions, which name the answers), the rating
 * and the history in parallel. Signed in, every one of these reads is copied for the session
 * (src/api/copies.ts), so that the case reads again offline.
 */
const logic = createLoader(async ({ id, caseNumber }: { id: string; caseNumber?: string }): Promise<CaseRead> => {
  const found = caseNumber
    ? await call('getCaseByNumber', { body: { casenum: caseNumber } })
    : (await call('getAllCases')).find((c) => c._id === id);
  if (!found || found._id !== id) throw new ApiError(404, null);
  const [caseList, ratings, history] = await Promise.all([
    call('getCaseListById', { params: { id: found.caselist._id } }),
    // A part the case reads without: its failure leaves the rest of the page readable.
    call('getRatingByCase', { params: { caseId: id } }).catch(() => null),
    call('getCaseHistory', { query: { case_id: id } }),
  ]);
  return { found, caseList, ratings, history, readAt: Date.now() };
});

export default function CaseDetail({ id }: { id: string }) {
  const intl = useIntl();
  const lan = useLan();
  const caseNumber = (history.state as { caseNumber?: string } | null)?.caseNumber;
  const [state, send] = useScreenMachine(logic, caseNumber ? { id, caseNumber } : { id });
  const data = state.matches('loaded') ? state.context.data : null;
  usePageTitle('detail.title', { number: data?.found.case_number ?? caseNumber ?? '' });
  const outlook = useMemo(() => (data ? caseOutlook(data) : null), [data]);
  const name = (e: CaseHistoryEntry) => `${e.by.firstname} ${e.by.lastname}`;
  const heading = useRef<HTMLHeadingElement>(null);
  // Rated: the case is read again (its Rate button goes) and the focus starts from the top of the case.
  const onRated = useCallback(() => {
    heading.current?.focus();
    send({ type: 'RELOAD' });
  }, [send]);
  // A step taken (answered, withdrawn, appealed) reads the case again, the same way.
  const onStep = onRated;
  return (
    <div className={ui.page}>
      <p>
        <Link href={dashboardPaths.caseStatus} className={s.back}>
          <span aria-hidden="true">←</span> <FormattedMessage id="common.back" />
        </Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        <FormattedMessage id="detail.title" values={{ number: data?.found.case_number ?? caseNumber ?? '' }} />
      </h1>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} notFoundKey="lookup.notFound" />
      {data && outlook ? (
        <div className={ui.card}>
          {outlook.asked ? (
            <div className={s.callout}>
              <strong>
                <FormattedMessage id="detail.infoRequested" />
              </strong>
              <blockquote className={s.quote}>{outlook.asked}</blockquote>
            </div>
          ) : null}
          {outlook.appealUntil !== null ? (
            <p>
              <FormattedMessage
                id="detail.appealUntil"
                values={{ date: formatDate(new Date(outlook.appealUntil).toISOString(), lan) }}
              />
            </p>
          ) : null}
          {outlook.rejectedWhy ? (
            <div className={s.callout}>
              <strong>
                <FormattedMessage id="detail.rejectedBecause" />
              </strong>
              <blockquote className={s.quote}>{outlook.rejectedWhy}</blockquote>
            </div>
          ) : null}
          {outlook.steps.length ? (
            <div className={`${ui.actions} ${s.offers}`}>
              {outlook.steps.map((kind) => (
                <StepDialog key={kind} caseId={data.found._id} kind={kind} onTaken={onStep} />
              ))}
            </div>
          ) : null}
          {outlook.rating ? (
            outlook.rating !== 'unavailable' ? (
              <div className={`${ui.actions} ${s.offers}`}>
                <RatingDialog caseId={data.found._id} current={outlook.rating.current} onRated={onRated} />
              </div>
            ) : (
              <p className={ui.hint}>
                <FormattedMessage id="detail.ratingUnavailable" />
              </p>
            )
          ) : null}
          <p>
            {outlook.expected ? (
              <>
                <strong>
                  <FormattedMessage id="detail.expected" />:
                </strong>{' '}
                {formatDate(outlook.expected, lan)} —{' '}
              </>
            ) : null}
            <FormattedMessage id="case.late" />:{' '}
            {intl.formatMessage({ id: data.found.late === 'yes' ? 'common.yes' : 'common.no' })}
          </p>
          <CaseDetails found={data.found} enumValues={outlook.enumValues} />
          <h2>
            <FormattedMessage id="detail.history" />
          </h2>
          <ol className={s.timeline}>
            {data.history.map((e) => (
              <li key={e._id}>
                <strong>{formatDate(e.createdAt, lan)}</strong>
                <br />
                {e.action === 'created'
                  ? intl.formatMessage({ id: 'detail.historyCreated' }, { name: name(e) })
                  : e.action === 'status'
                    ? intl.formatMessage(
                        { id: 'detail.historyStatus' },
                        { status: intl.formatMessage({ id: statusKey(e.to_status) }), name: name(e) },
                      )
                    : intl.formatMessage(
                        { id: e.action === 'scheduled' ? 'detail.historyScheduled' : 'detail.historyExtended' },
                        { name: name(e) },
                      )}
                {e.note ? <> — {e.note}</> : null}
                {e.attachment ? (
                  <>
                    {' '}
                    (
                    <a href={`${MEDIA_PATHS.caseFiles}${e.attachment}`}>
                      <FormattedMessage id="detail.historyFile" />
                    </a>
                    )
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
