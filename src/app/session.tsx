import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { answersOf, call } from '../api/client.ts';
import { draftKeys } from './for-screens/drafts.ts';

/** Whose the drafts are once their session has ended. */
const DRAFT_OWNER_KEY = 'applyDraftOwner';

const storage = {
  read: () => {
    try {
      return sessionStorage.getItem(SESSION_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  /** A session starts: a draft another customer's session left is dropped; one of this customer's is theirs again. */
  write: (token: string, customerId: string | null) => {
    const owner = sessionStorage.getItem(DRAFT_OWNER_KEY);
    if (owner !== null && owner !== customerId) for (const key of draftKeys()) sessionStorage.removeItem(key);
    sessionStorage.removeItem(DRAFT_OWNER_KEY);
    sessionStorage.setItem(SESSION_STORAGE_KEY, token);
  },
  /** A session ends: nothing of it stays, but the drafts of a session that expired, kept for its own customer. */
  clear: (keepDraftOf: string | null) => {
    const drafts = keepDraftOf ? draftKeys().map((key) => [key, sessionStorage.getItem(key) ?? ''] as const) : [];
    sessionStorage.clear();
    if (drafts.length && keepDraftOf) {
      for (const [key, value] of drafts) sessionStorage.setItem(key, value);
      sessionStorage.setItem(DRAFT_OWNER_KEY, keepDraftOf);
    }
  },
};

/** The applications kept to send later follow the session the same way (src/outbox). */
const outbox = () => import('../outbox/outbox.ts');

/** The session machine with the browser's storage and the real logout call. */
export const sessionLogic = sessionMachine.provide({
  actors: {
    logout: fromPromise<void>(async () => {
      await call('logoutCustomerUser');
    }),
    renew: fromPromise<{ token: string }>(async () => ({ token: (await call('renewCustomerSession')).token })),
  },
  actions: {
    storeToken: (_, params) => {
      storage.write(params.token, params.customerId);
      outbox()
        .then((o) => o.sessionStarted(params.customerId, params.token, answersOf))
        .catch(() => undefined);
    },
    clearToken: (_, params) => {
      storage.clear(params.keepDraftOf);
      outbox()
        .then((o) => o.sessionEnded(params.keepDraftOf))
        .catch(() => undefined);
      // Whatever an older service worker kept of this session's pages goes too (src/cache-policy.ts).
      import('../cache-policy.ts').then((c) => c.forgetPrivate()).catch(() => undefined);
    },
  },
});

export const Session = createActorContext(sessionLogic);
export const initialSessionInput = () => ({ token: storage.read() });

/** Logout, saying whether something is being written in this tab (a draft): the machine then asks before it is discarded. */
export const logoutEvent = () => {
  let draft = false;
  try {
    draft = draftKeys().length > 0;
  } catch {
    // No storage: nothing is kept to lose.
  }
  return { type: 'LOGOUT', draft } as const;
};
