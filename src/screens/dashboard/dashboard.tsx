import { FormattedMessage } from 'react-intl';
import { Session } from '../../app/session.tsx';
import { usePageTitle } from '../../app/use-screen.ts';
import * as ui from '../../ui/ui.css.ts';

/** The customer dashboard's entry; its screens come with the dashboard SPA issue. */
export default function Dashboard() {
  usePageTitle('dashboard.title');
  const session = Session.useActorRef();
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="dashboard.title" />
      </h1>
      <button type="button" className={ui.button} onClick={() => session.send({ type: 'LOGOUT' })}>
        <FormattedMessage id="dashboard.logout" />
      </button>
    </div>
  );
}
