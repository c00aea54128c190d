import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { createLoader } from '../../machines/loader.machine.ts';
import { call } from '../api/client.ts';
import * as ui from './ui.css.ts';

/** The number people text the bureau at (SMS_NUMBER): asked once a page that says it opens; nothing said without one. */
const contactLogic = createLoader(() => call('getBureauContact'));

/**
 * What a person can text the bureau from any phone (issue 51): a case number for its status,
 * a complaint's code to follow it. Said only when the portal knows the number; while it loads,
 * or when it cannot be read, nothing is said.
 */
export function TextTheBureau({ about }: { about: 'case' | 'complaint' }) {
  const contact = useActorRef(contactLogic);
  const number = useSelector(contact, (s) => (s.matches('loaded') ? (s.context.data?.sms_number ?? null) : null));
  if (!number) return null;
  return (
    <p className={ui.hint} data-testid="text-the-bureau">
      <FormattedMessage id={about === 'case' ? 'sms.textCase' : 'sms.textComplaint'} values={{ number }} />
    </p>
  );
}
