import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { call } from '../api/client.ts';

/** The application being written (src/screens/apply), and whose it is once its session has ended. */
export const APPLY_DRAFT_KEY = 'applyDraft';
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
    if (owner !== null && owner !== customerId) sessionStorage.removeItem(APPLY_DRAFT_KEY);
    sessionStorage.removeItem(DRAFT_OWNER_KEY);
    sessionStorage.setItem(SESSION_STORAGE_KEY, token);
  },
  /** A session ends: nothing of it stays, but the draft of a session that expired, kept for its own customer. */
  clear: (keepDraftOf: string | null) => {
    const draft = keepDraftOf ? sessionStorage.getItem(APPLY_DRAFT_KEY) : null;
    sessionStorage.clear();
    if (draft && keepDraftOf) {
      sessionStorage.setItem(APPLY_DRAFT_KEY, draft);
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
        .then((o) => o.sessionStarted(params.customerId, params.token))
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

/** Logout, saying whether an application is being written in this tab: the machine then asks before it is discarded. */
export const logoutEvent = () => {
  let draft = false;
  try {
    draft = sessionStorage.getItem(APPLY_DRAFT_KEY) !== null;
  } catch {
    // No storage: nothing is kept to lose.
  }
  return { type: 'LOGOUT', draft } as const;
};
