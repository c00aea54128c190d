import { FormattedMessage } from 'react-intl';
import type { caseOutlook } from '../../../machines/case-outlook.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { formatDate } from '../../i18n/format-date.ts';
import { useBureauContact } from '../../ui/bureau-contact.tsx';
import * as s from './case-detail.css.ts';
import { CalendarButton } from './calendar-button.tsx';

type Shown = NonNullable<ReturnType<typeof caseOutlook>['appointment']>;

/**
 * The appointment near the top of the case (issue 51): the day in the reader's calendar and
 * where, the day it replaced when it was moved, and the calendar file; or, once the case
 * closed, that it is cancelled.
 */
export function Appointment({ caseId, appointment }: { caseId: string; appointment: Shown }) {
  const lan = useLan();
  const address = useBureauContact()?.address;
  const day = formatDate(appointment.day.toISOString(), lan);
  return (
    <section className={s.appointment} aria-labelledby="appointment-heading" data-testid="appointment">
      <h2 id="appointment-heading" className={s.appointmentHeading}>
        <FormattedMessage id="detail.appointment" />
      </h2>
      {appointment.cancelled ? (
        <p>
          <FormattedMessage id="detail.appointmentCancelled" values={{ day }} />
        </p>
      ) : (
        <>
          <p>
            <strong>
              <FormattedMessage
                id="detail.appointmentWhen"
                values={{ day, place: address ? (lan === 'En' ? address.en : address.am) : '…' }}
              />
            </strong>
          </p>
          {appointment.instead ? (
            <p>
              <FormattedMessage
                id="detail.appointmentMoved"
                values={{ day, before: formatDate(appointment.instead.toISOString(), lan) }}
              />
            </p>
          ) : null}
          <CalendarButton caseId={caseId} />
        </>
      )}
    </section>
  );
}
