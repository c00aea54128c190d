import { useIntl } from 'react-intl';
import type { Customer } from '../../contract/entities.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import * as s from './ui.css.ts';

export const fullName = (c: Pick<Customer, 'firstname' | 'middlename' | 'lastname'>) =>
  `${c.firstname} ${c.middlename} ${c.lastname}`.trim();

/** The customer's picture, or the first letter of the first name; its empty circle while the customer loads. */
export function Avatar({ customer }: { customer: Customer | null }) {
  const intl = useIntl();
  if (!customer) return <span className={s.avatar} aria-hidden="true" />;
  return customer.picture ? (
    <img
      className={s.avatar}
      src={`${MEDIA_PATHS.customerImages}${customer.picture}`}
      alt={intl.formatMessage({ id: 'dashboard.avatarAlt' }, { name: fullName(customer) })}
    />
  ) : (
    <span className={s.avatar} aria-hidden="true">
      {[...customer.firstname][0] ?? '?'}
    </span>
  );
}
