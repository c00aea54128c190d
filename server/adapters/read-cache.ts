import { READ_CACHE_ENTRY_MAX_BYTES, READ_CACHE_MAX_BYTES } from '../config/tuning.ts';

interface Kept {
  version: string;
  /** Epoch ms at which the answer changes by the clock alone (a case turning late), or Infinity. */
  until: number;
  /** The answer's bytes as sent: encoded once, not at every send. */
  payload: Buffer;
}

/**
 * Answers of a customer's case reads, as sent, kept in this process's memory with the data
 * version they were made at (docs/decisions/0009-read-cache-by-data-version.md). The version
 * comes from the session check every request makes anyway, and triggers raise it in the
 * transaction of any change, so an answer kept at the version the check just read is the
 * answer the database would give: nothing here can be stale, whichever process made the
 * change. A kept answer that no longer matches is dropped when met; the least recently used
 * go first past READ_CACHE_MAX_BYTES. Reference answers (divisions, case types, ...) are kept
 * the same way, at the reference version (docs/decisions/0010-session-checks-together.md).
 */
export function createReadCache(maxBytes = READ_CACHE_MAX_BYTES, entryMaxBytes = READ_CACHE_ENTRY_MAX_BYTES) {
  const kept = new Map<string, Kept>();
  let total = 0;
  const sizeOf = (key: string, entry: Kept) => entry.payload.length + key.length * 2;
  const drop = (key: string, entry: Kept) => {
    kept.delete(key);
    total -= sizeOf(key, entry);
  };
  return {
    /** The answer kept under `key` at `version`, if it still holds at `now`. */
    get(key: string, version: string, now = Date.now()): Buffer | undefined {
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || entry.until <= now) {
        drop(key, entry);
        return undefined;
      }
      // Most recently used last: a Map keeps insertion order.
      kept.delete(key);
      kept.set(key, entry);
      return entry.payload;
    },
    set(key: string, version: string, until: number, payload: Buffer): void {
      const entry = { version, until, payload };
      const bytes = sizeOf(key, entry);
      if (bytes > entryMaxBytes || bytes > maxBytes) return;
      const old = kept.get(key);
      if (old) drop(key, old);
      for (const [oldest, older] of kept) {
        if (total + bytes <= maxBytes) break;
        drop(oldest, older);
      }
      kept.set(key, entry);
      total += bytes;
    },
    /** How many answers and bytes are kept (a test's view of the bounds). */
    size: () => ({ entries: kept.size, bytes: total }),
  };
}
export type ReadCache = ReturnType<typeof createReadCache>;
