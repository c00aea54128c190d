import { FormattedMessage } from 'react-intl';
import { ACTIVE } from '../../../contract/statuses.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { call } from '../../api/client.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { localized } from '../../i18n/localize.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';

const logic = createLoader(async ({ id }: { id: string }) => {
  const [division, directorates] = await Promise.all([
    call('getDivisionById', { params: { id } }),
    call('getAllDirectorates'),
  ]);
  return { division, directorates: directorates.filter((d) => d.division._id === id && d.status === ACTIVE) };
});

/** A division: its name and description in the chosen language, and its active directorates. */
export default function DivisionDetail({ id }: { id: string }) {
  const lan = useLan();
  const [state, send] = useScreenMachine(logic, { id });
  const data = state.matches('loaded') ? state.context.data : null;
  usePageTitle('division.directorates');
  return (
    <div className={ui.page}>
      {state.matches('notFound') ? (
        <h1>
          <FormattedMessage id="division.notFound" />
        </h1>
      ) : (
        <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      )}
      {data ? (
        <>
          <h1>{localized(data.division, 'name', lan)}</h1>
          <p>{localized(data.division, 'description', lan)}</p>
          <h2>
            <FormattedMessage id="division.directorates" />
          </h2>
          {data.directorates.length ? (
            <ul>
              {data.directorates.map((d) => (
                <li key={d._id}>{localized(d, 'name', lan)}</li>
              ))}
            </ul>
          ) : (
            <p>
              <FormattedMessage id="division.noDirectorates" />
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
