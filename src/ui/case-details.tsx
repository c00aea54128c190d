import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Case, EnumValue, PersonName } from '../../contract/entities.ts';
import { personName } from '../i18n/person-name.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { VIEWER_HEIGHT_ATTACHMENT } from '../theme/sizes.ts';
import { paths } from '../../contract/paths.ts';
import { useLan } from '../i18n/i18n.tsx';
import { formatDate } from '../i18n/format-date.ts';
import { localized } from '../i18n/localize.ts';
import { PdfViewer } from './pdf.tsx';
import { Rows } from './rows.tsx';
import { StatusBadge } from './status-badge.tsx';
import * as s from './ui.css.ts';

/**
 * Every section of a case (spec section 2, case status lookup and case detail): customer,
 * case information, answers, remark, attachments, schedule and rejection. `enumValues`
 * turns a select answer (an enum value id) into its text in the chosen language; `phone`
 * is the phone on file a visitor gave, handed to the print view.
 */
export function CaseDetails({
  found,
  enumValues,
  phone,
}: {
  found: Case;
  enumValues: Map<string, EnumValue>;
  phone?: string;
}) {
  const intl = useIntl();
  const lan = useLan();
  const t = (id: string) => intl.formatMessage({ id });
  const ci = found.customer_info;
  const date = (iso: string | null) => formatDate(iso, lan);
  const fullName = (p: PersonName | null) => personName(p, lan);
  const answer = (a: string) => {
    const value = enumValues.get(a);
    return value ? localized(value.expectedValues, 'value', lan) : a;
  };
  return (
    <article aria-labelledby="case-title">
      <h2 id="case-title">
        <span className={s.unbroken}>{found.case_number}</span> <StatusBadge status={found.status} />
      </h2>
      {found.masked ? (
        <p className={s.hint} role="note">
          <FormattedMessage id="lookup.masked" />
        </p>
      ) : null}
      <h3>{t('case.customerInfo')}</h3>
      <Rows
        rows={[
          [t('field.firstname'), ci.firstname],
          [t('field.middlename'), ci.middlename],
          [t('field.lastname'), ci.lastname],
          [t('field.subcity'), ci.subcity],
          [t('field.woreda'), ci.woreda],
          [t('field.house_number'), ci.house_number],
          [t('field.phone'), ci.phone_number],
          [t('field.house_phone_number'), ci.house_phone_number],
          [t('field.gender'), ci.gender ? t(ci.gender === 'Male' ? 'field.male' : 'field.female') : '-'],
        ]}
      />
      <h3>{t('case.info')}</h3>
      <Rows
        rows={[
          [t('case.division'), localized(found.division, 'name', lan)],
          [t('case.caseName'), localized(found.caselist, 'case_name', lan)],
          [t('field.caseNumber'), found.case_number],
          [t('case.related'), found.related_case_id?.case_number ?? '-'],
          [t('case.late'), t(found.late === 'yes' ? 'common.yes' : 'common.no')],
          [t('case.submitted'), date(found.createdAt)],
          [t('case.processingStart'), date(found.ongoing_date)],
          [t('case.respondedDate'), date(found.verified_date)],
          ...(found.status === 'verified' && found.responded_by
            ? ([[t('case.respondedBy'), fullName(found.responded_by)]] as [string, ReactNode][])
            : []),
        ]}
      />
      {found.form.length > 0 ? (
        <>
          <h3>{t('case.answers')}</h3>
          <Rows
            rows={found.form.map(
              ({ list_of_question: q }) =>
                [localized(q.question, 'name', lan), answer(q.answer)] as [string, ReactNode],
            )}
          />
        </>
      ) : null}
      {found.remark ? (
        <>
          <h3>{t('case.remark')}</h3>
          <p>{found.remark}</p>
        </>
      ) : null}
      {found.attachment ? (
        <>
          <h3>{t('case.attachment')}</h3>
          <PdfViewer
            src={`${MEDIA_PATHS.caseFiles}${found.attachment}`}
            title={t('case.attachment')}
            height={VIEWER_HEIGHT_ATTACHMENT}
          />
        </>
      ) : null}
      {found.status === 'verified' && found.response_justification?.attachment ? (
        <>
          <h3>{t('case.response')}</h3>
          <PdfViewer
            src={`${MEDIA_PATHS.root}${found.response_justification.attachment}`}
            title={t('case.response')}
            height={VIEWER_HEIGHT_ATTACHMENT}
          />
        </>
      ) : null}
      <h3>{t('case.schedule')}</h3>
      {found.schedule_program.length === 0 ? (
        <p>{t('case.noSchedule')}</p>
      ) : (
        found.schedule_program.map(({ schedule: sc }, i) => (
          <Rows
            key={i}
            rows={[
              [t('case.extendedBy'), fullName(sc.extended_by)],
              [t('case.extendedDate'), date(sc.extended_date)],
              [t('case.scheduledBy'), fullName(sc.scheduled_by)],
              [t('case.scheduledDate'), date(sc.scheduled_date)],
            ]}
          />
        ))
      )}
      {found.rejected_by ? (
        <>
          <h3>{t('case.rejection')}</h3>
          <Rows
            rows={[
              [t('case.rejectedDate'), date(found.rejected_date)],
              [t('case.justification'), found.rejection_justification ?? '-'],
              ...(found.appeal_decision
                ? ([
                    [t('case.appealDecided'), date(found.appeal_decision.date)],
                    [
                      t('case.appealDecision'),
                      t(found.appeal_decision.upheld ? 'case.appealUpheld' : 'case.appealOverturned'),
                    ],
                  ] satisfies [string, ReactNode][])
                : []),
            ]}
          />
        </>
      ) : null}
      <div className={s.actions}>
        {/* `~`: the print view is a public route, also from inside /dashboard. */}
        {/* The phone on file goes along (in navigation state, never in the URL) so the print is not masked. */}
        <Link
          href={`~${paths.print.href(found._id)}`}
          state={phone && !found.masked ? { phone } : undefined}
          className={s.button}
        >
          {t('case.print')}
        </Link>
      </div>
    </article>
  );
}
