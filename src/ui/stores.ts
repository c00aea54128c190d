import { useSyncExternalStore } from 'react';
import type { Messages } from '../../contract/common.ts';
import { TOAST_MS } from '../../contract/limits.ts';

/** A tiny observable value for app-wide UI state (toasts, the fatal screen, the otp flag). */
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export const useStore = <T>(s: ReturnType<typeof store<T>>): T => useSyncExternalStore(s.subscribe, s.get, s.get);

export interface ToastItem {
  id: number;
  kind: 'success' | 'error' | 'info';
  messages?: Messages;
  key?: string;
  values?: Record<string, string | number>;
}

let nextId = 1;
export const toasts = store<ToastItem[]>([]);
export function showToast(toast: Omit<ToastItem, 'id'>): void {
  const id = nextId++;
  toasts.set([...toasts.get(), { ...toast, id }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
}
export const dismissToast = (id: number): void => toasts.set(toasts.get().filter((t) => t.id !== id));
/** A new try of what failed has started: its earlier error toasts would stand over the answer. */
export const dismissErrorToasts = (): void => toasts.set(toasts.get().filter((t) => t.kind !== 'error'));

/** A screen that replaces the page: the generic server error or Connection Lost (spec section 8). */
export const fatal = store<null | 'serverError' | 'connectionLost'>(null);
/** What the server-error page's Try again does: send the failed screen's machine its retry event; null when nothing waits to be tried again. */
export const retryFailed = store<(() => void) | null>(null);

/** The 'otp screen' flag (spec section 2): on after registration, off after verification or a failed registration. */
const OTP_KEY = 'otpScreen';
export const otpScreen = store<boolean>(
  typeof sessionStorage !== 'undefined' && sessionStorage.getItem(OTP_KEY) === 'on',
);
otpScreen.subscribe(() => {
  if (otpScreen.get()) sessionStorage.setItem(OTP_KEY, 'on');
  else sessionStorage.removeItem(OTP_KEY);
});

/** A new version of the portal is waiting (src/app/register-sw.ts): calling it reloads into that version. */
export const updateReady = store<(() => void) | null>(null);

/** Offline, the time of the oldest copy of the customer's data on show (src/api/copies.ts); null when all is fresh. */
export const copyShownAt = store<number | null>(null);
