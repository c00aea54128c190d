/**
 * A call the server refused for the session (401: ended by a logout in another tab, a
 * password reset elsewhere). The client says so here; the app's session machine listens and
 * ends the session as at expiry (machines/session.machine.ts, `REVOKED`).
 */
const listeners = new Set<() => void>();

export function onSessionGone(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const sessionGone = (): void => listeners.forEach((listener) => listener());
