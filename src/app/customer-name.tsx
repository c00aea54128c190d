import { useActorRef, useSelector } from '@xstate/react';
import { profileLogic } from './for-screens/profile.ts';
import * as s from './layout.css.ts';

/**
 * The signed-in customer's first name in the public bar, once it has loaded: one line, cut
 * with an ellipsis at its length limit, whole in the title. A courtesy: when it cannot load,
 * nothing is shown and nothing is said. Its own chunk, loaded only for a signed-in customer:
 * a first visit's landing page carries none of it (ADR 0007's budget).
 */
export default function CustomerFirstName({ customerId }: { customerId: string }) {
  const profile = useActorRef(profileLogic, { input: { id: customerId } });
  const firstname = useSelector(profile, (st) => (st.matches('loaded') ? st.context.data?.firstname : undefined));
  if (!firstname) return null;
  return (
    <>
      {/* The space is for screen readers ('My dashboard Almaz'): a flex box draws none. */}{' '}
      <span className={s.barName} title={firstname}>
        {firstname}
      </span>
    </>
  );
}
