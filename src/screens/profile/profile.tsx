import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { profileLogic } from '../../app/for-screens/profile.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { LoadStatus } from '../../ui/load-status.tsx';
import * as ui from '../../ui/ui.css.ts';
import { Avatar, fullName } from '../../ui/avatar.tsx';
import { DataRights } from './data-rights.tsx';
import { Preferences } from './preferences.tsx';

/** The customer's own record, read-only; '-' where empty. */
export default function Profile({ customerId }: { customerId: string }) {
  usePageTitle('profile.title');
  const intl = useIntl();
  const [state, send] = useScreenMachine(profileLogic, { id: customerId });
  const c = state.matches('loaded') ? state.context.data : null;
  // The number on file as the preferences last said it: a change made below shows here at once.
  const [phone, setPhone] = useState<string | null>(null);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="profile.title" />
      </h1>
      <LoadStatus state={state} onRetry={() => send({ type: 'RETRY' })} />
      {c ? (
        <div className={ui.card}>
          <p style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
            <Avatar customer={c} />
            <span>
              <strong>{fullName(c)}</strong> — <FormattedMessage id="dashboard.customerLabel" />{' '}
              <span className={ui.badge[c.status === 'active' ? 'green' : 'red']}>
                {t(c.status === 'active' ? 'profile.active' : 'profile.inactive')}
              </span>
            </span>
          </p>
          <dl className={ui.dl}>
            {(
              [
                ['field.firstname', c.firstname],
                ['field.middlename', c.middlename],
                ['field.lastname', c.lastname],
                ['field.woreda', c.woreda],
                ['field.house_phone_number', c.house_phone_number],
                ['field.phone', phone ?? c.phone],
                ['field.email', c.email],
                ['field.gender', t(c.gender === 'Male' ? 'field.male' : 'field.female')],
                ['field.subcity', c.subcity],
                ['field.house_number', c.house_number],
              ] as const
            ).map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt className={ui.dt}>{t(label)}</dt>
                <dd className={ui.dd}>{value || '-'}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {c ? <Preferences onPhone={setPhone} /> : null}
      {c ? <DataRights /> : null}
    </div>
  );
}
