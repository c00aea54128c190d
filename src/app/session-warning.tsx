import { Suspense, lazy, useEffect } from 'react';
import { Session } from './session.tsx';

const loadDialog = () => import('./session-warning-dialog.tsx');
const Dialog = lazy(loadDialog);

/**
 * The session warning, and the question before a logout discards an application: fetched
 * once a customer is signed in (not with the landing page's code), so that by the time it
 * is due, two minutes before the expiry, it is already here.
 */
export function SessionWarning() {
  const signedIn = Session.useSelector((st) => st.matches('active'));
  const due = Session.useSelector((st) =>
    ['warning', 'renewing', 'confirmingLogout'].some((sub) => st.matches({ active: sub as never })),
  );
  useEffect(() => {
    if (signedIn) void loadDialog();
  }, [signedIn]);
  return due ? (
    <Suspense fallback={null}>
      <Dialog />
    </Suspense>
  ) : null;
}
