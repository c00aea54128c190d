import { SESSION_CHECKS_PER_STATEMENT } from '../config/tuning.ts';
import type { Queryable } from '../db/client.ts';
import { checkSessions, referenceVersion } from '../db/repository.ts';

/** What the database says of one session at this moment. */
export interface SessionState {
  tokenVersion: number;
  status: string;
  revoked: boolean;
  /** The customer's data version and the reference version (docs/decisions/0009-read-cache-by-data-version.md). */
  version: string;
}

/**
 * The session check every authenticated request makes (`authenticate`, customers/sessions.ts),
 * and the reference version every public reference read asks for (`plugins/read-cache.ts`).
 * What is asked for while the process reads its sockets goes to the database together when
 * that reading is done (`setImmediate`): the session checks as one statement, the reference
 * version once for all who asked. Under load a round trip to PostgreSQL costs this process
 * more than the rest of a kept read, and twenty requests read at once then cost one
 * (docs/decisions/0010-session-checks-together.md). Each answer is still read after its
 * request arrived, so it sees every change committed before it: a logout, a new password, a
 * closed account, a raised version.
 */
export function createSessionChecks(db: Queryable, perStatement = SESSION_CHECKS_PER_STATEMENT) {
  const check = together<{ customerId: string; jti: string }, SessionState | undefined>(async (asks) => {
    const rows = await checkSessions(
      db,
      asks.map((a) => a.customerId),
      asks.map((a) => a.jti),
    );
    const found = new Map(rows.map((row) => [Number(row.n), row]));
    return asks.map((_, i) => {
      const row = found.get(i + 1);
      return row && { tokenVersion: row.token_version, status: row.status, revoked: row.revoked, version: row.version };
    });
  }, perStatement);
  const reference = together<null, string>(async (asks) => {
    const version = await referenceVersion(db);
    return asks.map(() => version);
  }, Infinity);
  return {
    /** The session's state, or undefined when the customer does not exist. */
    check: (customerId: string, jti: string) => check({ customerId, jti }),
    /** The reference version: what the answers of divisions, directorates, case types and questions depend on. */
    referenceVersion: () => reference(null),
  };
}
export type SessionChecks = ReturnType<typeof createSessionChecks>;

/**
 * Asks made until the process is done reading its sockets, answered together: `run` gets at
 * most `most` of them at once and answers each by its position. A failed run fails its asks.
 */
function together<A, R>(run: (asks: A[]) => Promise<R[]>, most: number): (ask: A) => Promise<R> {
  let waiting: { ask: A; resolve: (answer: R) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i += most) {
      const batch = all.slice(i, i + most);
      run(batch.map((w) => w.ask)).then(
        (answers) => batch.forEach((w, j) => w.resolve(answers[j] as R)),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      );
    }
  };
  return (ask) =>
    new Promise<R>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ ask, resolve, reject });
    });
}
