import { useCallback, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { RATING_MAX } from '../../../contract/limits.ts';
import type { CaseHistoryEntry } from '../../../contract/entities.ts';
import { fromPromise } from 'xstate';
import { caseOutlook } from '../../../machines/case-outlook.ts';
import type { CasePageInput } from '../../../machines/case-page.machine.ts';
import { casePageMachine } from '../../../machines/case-page.machine.ts';
import type { StepTaken } from '../../../machines/case-step.machine.ts';
import type { Rated } from '../../../machines/rating.machine.ts';
import { readCase } from '../../api/case-read.ts';
import { MEDIA_PATHS, dashboardPaths } from '../../../contract/paths.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { formatDate } from '../../i18n/format-date.ts';
import { CaseDetails } from '../../ui/case-details.tsx';
import { FileLink } from '../../ui/file-link.tsx';
import { Appointment } from './appointment.tsx';
import { statusKey } from '../../ui/status-badge.tsx';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as s from './case-detail.css.ts';
import { RatingDialog } from './rating-dialog.tsx';
import { StepDialog } from './step-dialog.tsx';
import { personName } from '../../i18n/person-name.ts';

const logic = casePageMachine.provide({ actors: { read: fromPromise(({ input }) => readCase(input)) } });

export default function CaseDetail({ id }: { id: string }) {
  const intl = useIntl();
  const lan = useLan();
  // Opened from a list, the case's number and type come with the navigation (openedFrom).
  const { caseNumber, caseListId } = (history.state ?? {}) as Omit<CasePageInput, 'id'>;
  const [state, send] = useScreenMachine(logic, {
    id,
    ...(caseNumber ? { caseNumber } : {}),
    ...(caseListId ? { caseListId } : {}),
  });
  const data = state.matches('loaded') ? state.context.data : null;
  usePageTitle('detail.title', { number: data?.found.case_number ?? caseNumber ?? '' });
  const outlook = useMemo(() => (data ? caseOutlook(data) : null), [data]);
  const name = (e: CaseHistoryEntry) => personName(e.by, lan, true);
  const heading = useRef<HTMLHeadingElement>(null);
  // Rated, or a step taken (answered, withdrawn, appealed): the page shows what the answer
  // brought (the Rate or step button goes) and the focus starts from the top of the case.
  const onRated = useCallback(
    ({ rating }: Rated) => {
      heading.current?.focus();
      send({ type: 'RATED', rating });
    },
    [send],
  );
  const onStep = useCallback(
    ({ case: found, history: entries }: StepTaken) => {
      heading.current?.focus();
      send({ type: 'STEP_TAKEN', case: found, history: entries });
    },
    [send],
  );
  return (
    <div className={ui.page}>
      <p>
        <Link href={dashboardPaths.caseStatus} className={s.back}>
          <span aria-hidden="true">←</span> <FormattedMessage id="common.back" />
        </Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        <FormattedMessage
          id="detail.title"
          values={{ number: <span className={ui.unbroken}>{data?.found.case_number ?? caseNumber ?? ''}</span> }}
        />
      </h1>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} notFoundKey="lookup.notFound" />
      {data && outlook ? (
        <div className={ui.card}>
          {outlook.appointment ? <Appointment caseId={data.found._id} appointment={outlook.appointment} /> : null}
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
          {outlook.appeal ? (
            <div className={s.callout} data-testid="appeal-decision">
              <strong>
                <FormattedMessage
                  id={outlook.appeal.upheld ? 'detail.appealUpheld' : 'detail.appealOverturned'}
                  values={{ date: formatDate(outlook.appeal.date, lan) }}
                />
              </strong>
              {outlook.appeal.note ? <blockquote className={s.quote}>{outlook.appeal.note}</blockquote> : null}
            </div>
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
          {outlook.rated !== null ? (
            <p data-testid="rated">
              <FormattedMessage id="detail.rated" values={{ stars: outlook.rated, max: RATING_MAX }} />
            </p>
          ) : null}
          {/* A closed case says when and how it closed; an open one when an answer is due. */}
          {outlook.closed ? (
            <p data-testid="case-closed">
              <strong>
                <FormattedMessage
                  id={outlook.closed.on ? 'detail.closedOn' : 'detail.closed'}
                  values={{
                    date: outlook.closed.on ? formatDate(outlook.closed.on, lan) : '',
                    status: intl.formatMessage({ id: statusKey(outlook.closed.status) }),
                  }}
                />
              </strong>
            </p>
          ) : (
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
          )}
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
                        // The day the bureau set, in the reader's calendar like every other date here.
                        { name: name(e), day: e.note ? formatDate(e.note, lan) : '' },
                      )}
                {e.note && e.action !== 'scheduled' && e.action !== 'extended' ? <> — {e.note}</> : null}
                {e.attachment ? (
                  <>
                    {' '}
                    (
                    <FileLink address={`${MEDIA_PATHS.caseFiles}${e.attachment}`}>
                      <FormattedMessage id="detail.historyFile" />
                    </FileLink>
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
