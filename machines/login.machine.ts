import { assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, isStatus } from './api-failure.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';
import { changedValues, RATE_LIMITED } from './form-parts.ts';

export interface LoginValues {
  email: string;
  password: string;
}

/**
 * Login (spec section 2): email and password, no check before sending. Success stores the
 * token (the session machine does) and goes to /dashboard; 429 starts the lockout; 500
 * shows the server-error page; other failures toast the server's message.
 */
export const loginMachine = setup({
  types: {
    context: {} as { values: LoginValues },
    events: {} as { type: 'CHANGE'; field: keyof LoginValues; value: string } | { type: 'SUBMIT' },
    emitted: {} as Emitted,
  },
  actors: {
    login: fromPromise<{ token: string }, LoginValues>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  actions: {
    change: assign({ values: changedValues }),
    loggedIn: emit(({ event }) => ({ type: 'loggedIn', token: (event as unknown as { output: { token: string } }).output.token }) as Emitted),
    goToDashboard: emit({ type: 'navigate', to: 'dashboard' } as Emitted),
    rateLimited: emit(RATE_LIMITED),
    serverError: emit({ type: 'serverError' } as Emitted),
    toastFailure: emit(failureToast('errors.unexpected')),
  },
  guards: {
    isRateLimited: isStatus(429),
    isServerFailure,
  },
}).createMachine({
  id: 'login',
  context: { values: { email: '', password: '' } },
  initial: 'editing',
  states: {
    editing: {
      on: { CHANGE: { actions: 'change' }, SUBMIT: 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.values,
        onDone: { target: 'done', actions: ['loggedIn', 'goToDashboard'] },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { guard: 'isServerFailure', target: 'editing', actions: 'serverError' },
          { target: 'editing', actions: 'toastFailure' },
        ],
      },
    },
    done: { type: 'final' },
  },
});
