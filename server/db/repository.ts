import type { Queryable } from './client.ts';

/**
 * The infrastructure's own SQL, apart from any domain: files between upload and their rows
 * (storage), the session checks and the reference version (session-checks), the mail
 * queue's depth (metrics) and the health check's ping.
 */

/** The database answers at all. */
export const ping = (db: Queryable): Promise<void> => db.query('SELECT 1').then(() => undefined);

/** A file moved into place before the transaction that names it: pending until settled. */
export const addPendingFile = (db: Queryable, name: string, area: string, instance: string): Promise<void> =>
  db
    .query('INSERT INTO pending_files (name, area, instance) VALUES ($1, $2, $3)', [name, area, instance])
    .then(() => undefined);

export const forgetPendingFile = (q: Queryable, name: string): Promise<void> =>
  q.query('DELETE FROM pending_files WHERE name = $1', [name]).then(() => undefined);

/** The pending files of this process, and of any process older than `abandonedAfter` (an SQL interval). */
/**
 * Of `names` (kept files' names), those that no row names: not a case's file or response, a
 * step's file, a picture, a complaint's file or answer, an archive, nor a file pending.
 */
export const unnamedFiles = async (db: Queryable, names: string[]): Promise<string[]> =>
  (
    await db.query<{ name: string }>(
      `SELECT n AS name FROM unnest($1::text[]) AS n
       WHERE NOT EXISTS (SELECT 1 FROM cases WHERE attachment = n OR response_attachment = n)
         AND NOT EXISTS (SELECT 1 FROM case_history WHERE attachment = n)
         AND NOT EXISTS (SELECT 1 FROM customers WHERE picture = n)
         AND NOT EXISTS (SELECT 1 FROM accusations WHERE attachment = n OR answer_file = n)
         AND NOT EXISTS (SELECT 1 FROM data_exports WHERE file = n)
         AND NOT EXISTS (SELECT 1 FROM pending_files WHERE name = n)`,
      [names],
    )
  ).map((r) => r.name);

export const orphanFiles = <Area extends string>(db: Queryable, instance: string, abandonedAfter: string) =>
  db.query<{ name: string; area: Area }>(
    `SELECT name, area FROM pending_files WHERE instance = $1 OR created_at < now() - $2::interval`,
    [instance, abandonedAfter],
  );

export interface SessionRow {
  n: string;
  token_version: number;
  status: string;
  revoked: boolean;
  version: string;
}

/** Many sessions in one statement, each row numbered by its position in the arrays. */
export const checkSessions = (db: Queryable, customerIds: string[], jtis: string[]): Promise<SessionRow[]> =>
  db.query<SessionRow>(
    `SELECT s.n, c.token_version, c.status,
            EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = s.jti) AS revoked,
            c.data_version || '.' || (SELECT version FROM reference_version) AS version
     FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS s(id, jti, n)
     JOIN customers c ON c.id = s.id`,
    [customerIds, jtis],
  );

export const referenceVersion = async (db: Queryable): Promise<string> =>
  (await db.query<{ version: string }>('SELECT version::text AS version FROM reference_version'))[0]?.version ?? '';

/** Mail neither sent nor given up: how many, and the oldest's age in seconds. */
export const mailQueue = async (db: Queryable): Promise<{ depth: string; oldest: number | null } | undefined> =>
  (
    await db.query<{ depth: string; oldest: number | null }>(
      `SELECT count(*) AS depth, extract(epoch FROM now() - min(created_at))::float8 AS oldest
       FROM notifications WHERE channel = 'email' AND sent_at IS NULL AND failed_at IS NULL`,
    )
  )[0];
