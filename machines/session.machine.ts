import { SESSION_WARNING_MS } from '../contract/limits.ts';
import type { Destination } from '../contract/paths.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import { notProvided } from './not-provided.ts';
import { endSession, startSession, tabStorage } from './session-storage.ts';

export interface SessionClaims {
  user: { id: string };
  exp: number;
}

/**
 * The claims of a token, or null when it cannot be decoded or has no expiry. The payload is
 * base64url JSON of ASCII claims (an id and times): `atob` reads it once its alphabet is
 * mapped back, unpadded (forgiving-base64). Not jwt-decode: 488 bytes of the landing route's
 * budget for these three lines (ADR 0015); the signature is the server's to check, never ours.
 */
export function decodeToken(token: string | null | undefined): SessionClaims | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Partial<SessionClaims>;
    return claims.user?.id && typeof claims.exp === 'number' ? (claims as SessionClaims) : null;
  } catch {
    return null;
  }
}

interface Context {
  token: string | null;
  claims: SessionClaims | null;
  /** Milliseconds since the epoch; tests give a fixed clock. */
  now: () => number;
  /** The session ends because its time ran out or the server ended it, not by the customer's logout. */
  expired: boolean;
}

/**
 * The customer's session (spec sections 3 and 4): the token of sessionStorage `tID`,
 * a timer to its `exp`; at expiry or on demand the logout call, storage cleared, and the
 * browser sent to `/`. The tab's storage is the machine's own (machines/session-storage.ts):
 * `storeToken` and `clearToken`; the app provides what follows elsewhere (`lettersFollow`,
 * `forgetKept`: the kept letters and the caches).
 * SESSION_WARNING_MS before the expiry the session warns (`active.warning`): staying renews
 * the token (a fresh one from the server, the old one revoked); doing nothing ends it at
 * expiry as before. A session that expires (or that the server ended) keeps what the
 * customer was writing for that same customer (`clearToken` is told whose it is); a logout
 * keeps nothing, and asks first when something is being written; a login of another
 * customer drops what another kept (`storeToken` is told who logs in). Any call the server
 * answers 401 for the session (`REVOKED`) ends it as expiry does.
 */
const keptFor = ({ context }: { context: Context }) => ({
  keepDraftOf: context.expired ? (context.claims?.user.id ?? null) : null,
});

/** How a session ends, whether the server answered the logout or not. */
const ended = {
  target: 'anonymous',
  actions: [{ type: 'clearToken', params: keptFor }, { type: 'forgetKept', params: keptFor }, 'forget', 'goHome'],
} as const;

export const sessionMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as Context,
    input: {} as { token: string | null; now?: () => number },
    events: {} as
      | { type: 'LOGGED_IN'; token: string }
      /** `draft`: an application is being written in this tab (the app reads its storage). */
      | { type: 'LOGOUT'; draft?: boolean }
      | { type: 'CONFIRM_LOGOUT' }
      | { type: 'CANCEL' }
      | { type: 'STAY' }
      | { type: 'REVOKED' },
    emitted: {} as { type: 'navigate'; to: Destination } | { type: 'toast'; kind: 'error' | 'info'; key: string },
  },
  actors: {
    logout: notProvided<void>('logout'),
    renew: notProvided<{ token: string }>('renew'),
  },
  actions: {
    adopt: assign(({ event }) => {
      assertEvent(event, 'LOGGED_IN');
      return { token: event.token, claims: decodeToken(event.token) };
    }),
    adoptRenewed: assign((_, params: { token: string }) => ({
      token: params.token,
      claims: decodeToken(params.token),
    })),
    forget: assign({ token: null, claims: null, expired: false }),
    noteExpiry: assign({ expired: true }),
    renewFailed: emit({ type: 'toast', kind: 'error', key: 'session.renewFailed' } as const),
    storeToken: (_, params: { token: string; customerId: string | null }) =>
      startSession(tabStorage(), params.token, params.customerId),
    clearToken: (_, params: { keepDraftOf: string | null }) => endSession(tabStorage(), params.keepDraftOf),
    /** The app's: the applications kept to send later follow the session (src/letters). */
    lettersFollow: (_, _params: { token: string; customerId: string | null }) => undefined,
    /** The app's: what the kept letters and the caches kept of the session goes too. */
    forgetKept: (_, _params: { keepDraftOf: string | null }) => undefined,
    goHome: emit({ type: 'navigate', to: 'home' } as const),
    /** Said on the page the customer lands on: the session ended, not by their logout. */
    announceExpiry: emit({ type: 'toast', kind: 'info', key: 'session.ended' } as const),
  },
  guards: {
    hasLiveToken: ({ context }) => !!context.claims && context.claims.exp * 1000 > context.now(),
    hasToken: ({ context }) => !!context.token,
    hasDraft: ({ event }) => event.type === 'LOGOUT' && event.draft === true,
    tokenIsValid: ({ event }) => event.type === 'LOGGED_IN' && decodeToken(event.token) !== null,
    /** The server no longer knows the session (logged out elsewhere, password reset): nothing to renew. */
    sessionGone: ({ event }) => (event as { error?: { status?: number } }).error?.status === 401,
  },
  delays: {
    SESSION_EXPIRY: ({ context }) => Math.max(0, (context.claims?.exp ?? 0) * 1000 - context.now()),
    SESSION_WARNING: ({ context }) =>
      Math.max(0, (context.claims?.exp ?? 0) * 1000 - SESSION_WARNING_MS - context.now()),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    claims: decodeToken(input.token),
    now: input.now ?? Date.now,
    expired: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasLiveToken', target: 'active' },
        { guard: 'hasToken', target: 'loggingOut', actions: ['noteExpiry', 'announceExpiry'] },
        { target: 'anonymous' },
      ],
    },
    anonymous: {
      on: {
        LOGGED_IN: {
          guard: 'tokenIsValid',
          target: 'active',
          actions: [
            'adopt',
            {
              type: 'storeToken',
              params: ({ event }) => ({ token: event.token, customerId: decodeToken(event.token)?.user.id ?? null }),
            },
            {
              type: 'lettersFollow',
              params: ({ event }) => ({ token: event.token, customerId: decodeToken(event.token)?.user.id ?? null }),
            },
          ],
        },
      },
    },
    active: {
      after: { SESSION_EXPIRY: { target: 'loggingOut', actions: ['noteExpiry', 'announceExpiry'] } },
      initial: 'quiet',
      states: {
        quiet: { after: { SESSION_WARNING: 'warning' } },
        warning: { on: { STAY: 'renewing' } },
        // An application is being written: the customer is told it will be discarded, and may stay.
        confirmingLogout: { on: { CONFIRM_LOGOUT: '#session.loggingOut', CANCEL: 'quiet' } },
        renewing: {
          invoke: {
            id: 'renew',
            src: 'renew',
            // A fresh token: its own expiry and warning timers.
            onDone: {
              target: '#session.active',
              reenter: true,
              actions: [
                { type: 'adoptRenewed', params: ({ event }) => ({ token: event.output.token }) },
                {
                  type: 'storeToken',
                  params: ({ event, context }) => ({
                    token: event.output.token,
                    customerId: context.claims?.user.id ?? null,
                  }),
                },
                {
                  type: 'lettersFollow',
                  params: ({ event, context }) => ({
                    token: event.output.token,
                    customerId: context.claims?.user.id ?? null,
                  }),
                },
              ],
            },
            onError: [
              { guard: 'sessionGone', target: '#session.loggingOut', actions: ['noteExpiry', 'announceExpiry'] },
              { target: 'warning', actions: 'renewFailed' },
            ],
          },
        },
      },
      on: {
        LOGOUT: [{ guard: 'hasDraft', target: '.confirmingLogout' }, { target: 'loggingOut' }],
        // Any call the server refused for the session (ended elsewhere: a logout in another tab,
        // a password reset): it ends here as at expiry, the draft kept for its customer.
        REVOKED: { target: 'loggingOut', actions: ['noteExpiry', 'announceExpiry'] },
        // Another login in the same tab replaces the session (and its expiry timer).
        LOGGED_IN: {
          guard: 'tokenIsValid',
          target: 'active',
          reenter: true,
          actions: [
            'adopt',
            {
              type: 'storeToken',
              params: ({ event }) => ({ token: event.token, customerId: decodeToken(event.token)?.user.id ?? null }),
            },
            {
              type: 'lettersFollow',
              params: ({ event }) => ({ token: event.token, customerId: decodeToken(event.token)?.user.id ?? null }),
            },
          ],
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        // Whether the server answers or not, the session ends here: storage cleared (but for
        // an expired session's draft, kept for its customer), home.
        onDone: ended,
        onError: ended,
      },
    },
  },
});
