import { SESSION_STORAGE_KEY } from '../contract/limits.ts';

/**
 * What a session keeps in the tab's storage and what it leaves there when it ends (spec
 * section 4: the token in sessionStorage `tID`, storage cleared at logout). The session
 * machine's own actions apply these rules (storeToken, clearToken), so that they are part of
 * its version and its diagram; the app adds only what follows them elsewhere (the kept letters, the
 * caches).
 */

/** The application being written (src/screens/apply). */
export const APPLY_DRAFT_KEY = 'applyDraft';
/** The text of a step being written on a case (answer, withdraw, appeal: src/screens/case-detail/step-dialog.tsx). */
export const stepDraftKey = (caseId: string, kind: string) => `stepDraft:${caseId}:${kind}`;
/** Whose the drafts are once their session has ended. */
const DRAFT_OWNER_KEY = 'applyDraftOwner';

/** The tab's storage, or null where there is none (a test without a browser, a browser that refuses it). */
export function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The drafts this tab holds: what a person is writing, kept through an expiry for its own customer, never for another. */
export function draftKeys(store: Storage | null = tabStorage()): string[] {
  const keys = store ? Array.from({ length: store.length }, (_, i) => store.key(i) ?? '') : [];
  return keys.filter((k) => k === APPLY_DRAFT_KEY || k.startsWith('stepDraft:'));
}

/** The token a tab keeps from an earlier visit. */
export function storedToken(store: Storage | null = tabStorage()): string | null {
  try {
    return store?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** A session starts: a draft another customer's session left is dropped; one of this customer's is theirs again. */
export function startSession(store: Storage | null, token: string, customerId: string | null): void {
  if (!store) return;
  const owner = store.getItem(DRAFT_OWNER_KEY);
  if (owner !== null && owner !== customerId) for (const key of draftKeys(store)) store.removeItem(key);
  store.removeItem(DRAFT_OWNER_KEY);
  store.setItem(SESSION_STORAGE_KEY, token);
}

/** A session ends: nothing of it stays, but the drafts of a session that expired, kept for its own customer. */
export function endSession(store: Storage | null, keepDraftOf: string | null): void {
  if (!store) return;
  const drafts = keepDraftOf ? draftKeys(store).map((key) => [key, store.getItem(key) ?? ''] as const) : [];
  store.clear();
  if (drafts.length && keepDraftOf) {
    for (const [key, value] of drafts) store.setItem(key, value);
    store.setItem(DRAFT_OWNER_KEY, keepDraftOf);
  }
}
