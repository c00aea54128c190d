import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { createLoader } from '../../machines/loader.machine.ts';
import type { BureauContact } from '../../contract/reference/answers.ts';
import { call } from '../api/client.ts';
import * as ui from './ui.css.ts';

/** How people reach the bureau besides the portal (its SMS number, its address): asked when a page that says it opens. */
const contactLogic = createLoader(() => call('getBureauContact'));

/** The bureau's contact once read; null while it loads or when it cannot be read. */
export function useBureauContact(): BureauContact | null {
  const contact = useActorRef(contactLogic);
  return useSelector(contact, (s) => (s.matches('loaded') ? s.context.data : null));
}

/**
 * What a person can text the bureau from any phone (issue 51): a case number for its status,
 * a complaint's code to follow it. Said only when the portal knows the number; while it loads,
 * or when it cannot be read, nothing is said.
 */
export function TextTheBureau({ about }: { about: 'case' | 'complaint' }) {
  const number = useBureauContact()?.sms_number;
  if (!number) return null;
  return (
    <p className={ui.hint} data-testid="text-the-bureau">
      <FormattedMessage id={about === 'case' ? 'sms.textCase' : 'sms.textComplaint'} values={{ number }} />
    </p>
  );
}
