import type { Messages } from '../contract/common.ts';
import type { Destination } from '../contract/paths.ts';

/**
 * What a machine tells the app, as emitted events: the app shows toasts, navigates,
 * starts the lockout or shows an error screen. Machines never import the router.
 */
export type Toast =
  | { type: 'toast'; kind: 'success' | 'error' | 'info'; messages: Messages }
  | { type: 'toast'; kind: 'success' | 'error' | 'info'; key: string; values?: Record<string, string | number> };

/** What tries a failed call again: a form's SUBMIT, a page's RETRY. */
export type RetryEvent = { type: 'SUBMIT' } | { type: 'RETRY' };

export type Emitted =
  | Toast
  /** The error toasts shown so far no longer hold (a new try of what failed has started): they go. */
  | { type: 'errorsOutdated' }
  /**
   * `href`: the page inside `to` a link named (contract/paths.ts `linkedPage`), instead of `to`'s
   * own address; `replace`: the page takes the place of the one left in the tab's history (Back
   * does not lead to it again).
   */
  | { type: 'navigate'; to: Destination; href?: string; state?: Record<string, unknown>; replace?: boolean }
  /** `retryAfter`: the server's Retry-After, in seconds, when it gave one; `words`: the screen's own words for the wait. */
  | { type: 'rateLimited'; retryAfter?: number; words?: string }
  /** The generic server-error page; `retry`: the event its Try again sends the machine, to try what failed again. */
  | { type: 'serverError'; retry: RetryEvent }
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
    return e?.messages
      ? { type: 'toast', kind: 'error', messages: e.messages }
      : { type: 'toast', kind: 'error', key: fallbackKey };
  };

/** The toast of a call that answered messages. */
export const successToast = ({ event }: { event: unknown }): Emitted => ({
  type: 'toast',
  kind: 'success',
  messages: (event as { output: Messages }).output,
});

/**
 * What a machine emits on a 429: the app starts the lockout, as long as the server asked if
 * longer (its Retry-After, ADR 0005). Here, not with the forms' parts: the landing page's
 * machine uses it too, and carries none of them.
 */
export const RATE_LIMITED = ({ event }: { event: unknown }): Extract<Emitted, { type: 'rateLimited' }> => {
  const retryAfter = (event as { error?: { retryAfter?: number } }).error?.retryAfter;
  return retryAfter ? { type: 'rateLimited', retryAfter } : { type: 'rateLimited' };
};

/** RATE_LIMITED, with a screen's own words for the wait (registration's, spec section 4). */
export const rateLimitedSaying =
  (words: string) =>
  (args: { event: unknown }): Emitted => ({ ...RATE_LIMITED(args), words });
