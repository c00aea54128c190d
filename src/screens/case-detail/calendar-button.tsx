import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import { appointmentCalendarMachine } from '../../../machines/appointment-calendar.machine.ts';
import { download } from '../../api/download.ts';
import { useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { Button } from '../../ui/button.tsx';

const logic = appointmentCalendarMachine.provide({
  actors: { download: fromPromise(({ input }) => download('getAppointmentCalendar', { params: input })) },
});

/** The appointment ahead as a calendar file (`.ics`): the phone's calendar opens it (issue 38). */
export function CalendarButton({ caseId }: { caseId: string }) {
  const [state, send] = useScreenMachine(logic, { caseId });
  const busy = state.matches('downloading');
  return (
    <Button
      variant="secondary"
      onClick={() => send({ type: 'DOWNLOAD' })}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      <FormattedMessage id="case.addToCalendar" />
    </Button>
  );
}
