import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { call } from '../api/client.ts';

const storage = {
  read: () => {
    try {
      return sessionStorage.getItem(SESSION_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  write: (token: string) => sessionStorage.setItem(SESSION_STORAGE_KEY, token),
  clear: () => sessionStorage.clear(),
};

/** The session machine with the browser's storage and the real logout call. */
export const sessionLogic = sessionMachine.provide({
  actors: {
    logout: fromPromise<void>(async () => {
      await call('logoutCustomerUser');
    }),
    renew: fromPromise<{ token: string }>(async () => ({ token: (await call('renewCustomerSession')).token })),
  },
  actions: {
    storeToken: (_, params) => storage.write(params.token),
    clearToken: () => storage.clear(),
  },
});

export const Session = createActorContext(sessionLogic);
export const initialSessionInput = () => ({ token: storage.read() });
