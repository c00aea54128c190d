import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import { answersOf, call } from '../api/client.ts';
import { draftKeys, storedToken } from '../../machines/session-storage.ts';

/** The applications kept to send later follow the session the same way (src/letters). */
const letters = () => import('../letters/letters.ts');

/** The session machine with the real logout and renewal calls, and what follows a session in the kept letters and the caches. */
export const sessionLogic = sessionMachine.provide({
  actors: {
    logout: fromPromise<void>(async () => {
      await call('logoutCustomerUser');
    }),
    renew: fromPromise<{ token: string }>(async () => ({ token: (await call('renewCustomerSession')).token })),
  },
  actions: {
    lettersFollow: (_, params) => {
      letters()
        .then((o) => o.sessionStarted(params.customerId, params.token, answersOf))
        .catch(() => undefined);
    },
    forgetKept: (_, params) => {
      letters()
        .then((o) => o.sessionEnded(params.keepDraftOf))
        .catch(() => undefined);
      // Whatever an older service worker kept of this session's pages goes too (src/cache-policy.ts).
      import('../cache-policy.ts').then((c) => c.forgetPrivate()).catch(() => undefined);
    },
  },
});

export const Session = createActorContext(sessionLogic);
export const initialSessionInput = () => ({ token: storedToken() });

/** Logout, saying whether something is being written in this tab (a draft): the machine then asks before it is discarded. */
export const logoutEvent = () => ({ type: 'LOGOUT', draft: draftKeys().length > 0 }) as const;
