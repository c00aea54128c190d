/** What a person is writing, kept in this tab's sessionStorage. Apart from the keys (machines/session-storage.ts), which the session needs on every page, so that a page without a draft does not load this. */

/** A draft's text in this tab's sessionStorage, or null (none, or no storage). */
export function readDraft(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a draft's text; an empty text removes it. Without storage the text stays on the page only. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // No storage.
  }
}
