import { useIntl } from 'react-intl';
import type { Customer } from '../../contract/entities.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import * as s from './ui.css.ts';
import { useFileUrl } from './use-file.ts';

export const fullName = (c: Pick<Customer, 'firstname' | 'middlename' | 'lastname'>) =>
  `${c.firstname} ${c.middlename} ${c.lastname}`.trim();

/** The customer's picture, or the first letter of the first name; its empty circle while the customer loads. */
export function Avatar({ customer }: { customer: Customer | null }) {
  const intl = useIntl();
  // The picture is personal: it comes through the session (issue 48); the letter stands until it is there.
  const picture = useFileUrl(customer?.picture ? `${MEDIA_PATHS.customerImages}${customer.picture}` : null);
  if (!customer) return <span className={s.avatar} aria-hidden="true" />;
  return picture.url ? (
    <img
      className={s.avatar}
      src={picture.url}
      alt={intl.formatMessage({ id: 'dashboard.avatarAlt' }, { name: fullName(customer) })}
    />
  ) : (
    <span className={s.avatar} aria-hidden="true">
      {[...customer.firstname][0] ?? '?'}
    </span>
  );
}
