import type { LanCode } from '../../contract/languages.ts';
import { formatTime } from '../../contract/dates.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { fieldLang } from '../i18n/languages.ts';
import { copyShownAt } from '../ui/stores.ts';

/**
 * Copies of the signed-in customer's own reads (their cases, the cases they opened, their
 * profile), kept in sessionStorage so that they still show without a connection, with the
 * time they were fetched ("as of"). sessionStorage is this tab's and is cleared when the
 * session ends (src/app/session.tsx): nothing of them outlives the session.
 */
const PREFIX = 'copy:';
/** A read's copy is kept under its address and its body. */
const keyOf = (url: string, body: unknown) => `${PREFIX}${url} ${JSON.stringify(body)}`;

/** The time of the copies on show, as the reader counts it (the Ethiopian clock in Amharic). */
export const copyTime = (at: number, lan: LanCode): string => formatTime(at, fieldLang(lan));

/** Keeps a fresh answer to the read of `url` (with `sent`), if the session that asked for it is still the one in this tab. */
export function save(url: string, sent: unknown, body: unknown, token: string | null): void {
  copyShownAt.set(null);
  try {
    if (sessionStorage.getItem(SESSION_STORAGE_KEY) !== token) return;
    sessionStorage.setItem(keyOf(url, sent), JSON.stringify({ at: Date.now(), body }));
  } catch {
    // Storage full or refused: the page just will not show offline.
  }
}

/** The copy's answer to the read of `url` (with `sent`), and its time noted for the offline notice; null when there is none. */
export function shown(url: string, sent: unknown): unknown {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyOf(url, sent)) ?? 'null') as { at: number; body: unknown } | null;
    if (!kept) return null;
    copyShownAt.set(Math.min(copyShownAt.get() ?? kept.at, kept.at));
    return kept.body;
  } catch {
    return null;
  }
}
