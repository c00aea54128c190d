import type { Messages } from '../contract/common.ts';
import type { Destination } from '../contract/paths.ts';

/**
 * What a machine tells the app, as emitted events: the app shows toasts, navigates,
 * starts the lockout or shows an error screen. Machines never import the router.
 */
export type Toast =
  | { type: 'toast'; kind: 'success' | 'error' | 'info'; messages: Messages }
  | { type: 'toast'; kind: 'success' | 'error' | 'info'; key: string; values?: Record<string, string | number> };

export type Emitted =
  | Toast
  | { type: 'navigate'; to: Destination; state?: Record<string, unknown> }
  | { type: 'rateLimited' }
  | { type: 'serverError' }
  | { type: 'connectionLost' }
  | { type: 'loggedIn'; token: string }
  /** The session is over on the server (the account was deleted): end it here as a logout does. */
  | { type: 'loggedOut' }
  | { type: 'otpFlag'; on: boolean };

/** The toast of a failed call: the server's messages, or a catalog text when it gave none. */
export const failureToast =
  (fallbackKey: string) =>
  ({ event }: { event: unknown }): Emitted => {
    const e = (event as { error?: { messages?: Messages | null } }).error;
    return e?.messages ? { type: 'toast', kind: 'error', messages: e.messages } : { type: 'toast', kind: 'error', key: fallbackKey };
  };

/** The toast of a call that answered messages. */
export const successToast = ({ event }: { event: unknown }): Emitted => ({
  type: 'toast',
  kind: 'success',
  messages: (event as { output: Messages }).output,
});
