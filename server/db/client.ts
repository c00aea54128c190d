import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PREPARED_STATEMENTS_MAX } from '../config/tuning.ts';

/** Anything that runs SQL: the database itself or a transaction of it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A connection pool's use at one moment (PostgreSQL only: PGlite has one connection, no pool). */
export interface PoolUse {
  /** Connections open, of which idle; requests waiting for one; the pool's size. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  poolUse(): PoolUse | undefined;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * After personal data was deleted or overwritten in `tables`: the old row versions leave the
   * files. PGlite has no autovacuum: each table is rewritten (VACUUM FULL: a plain VACUUM
   * leaves the old bytes in the pages' free space), and the write-ahead log moved on and
   * checkpointed (with `wal_recycle` off, the old segment is removed, not kept for reuse).
   * PostgreSQL's autovacuum does it there (docs/security.md says when).
   */
  reclaim(tables: string[]): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The embedded database belongs to one process at a time: a lock file with the owner's
 * pid keeps a second server or the staff CLI from opening it at the same time.
 */
function lockDataDir(dataDir: string): () => void {
  const lock = path.join(dataDir, 'portal.lock');
  try {
    const owner = Number(readFileSync(lock, 'utf8'));
    if (owner && owner !== process.pid && alive(owner)) {
      throw new DatabaseBusyError(
        `The embedded database in ${dataDir} is in use by process ${owner} (a running server?). ` +
          'Stop it first, or run every process on PostgreSQL (DATABASE_URL).',
      );
    }
  } catch (error) {
    if (error instanceof DatabaseBusyError) throw error;
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

const tableName = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table name: ${name}`);
  return name;
};

/**
 * An embedded PostgreSQL (PGlite); `dataDir` undefined keeps it in memory (tests). `from`, a
 * dump of another (`dumpDataDir`), starts it with that one's contents instead of an empty
 * cluster: the tests start from one migrated database rather than initialising each.
 */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Db> {
  let unlock = () => undefined as void;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const lite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}) });
  // A used segment of the write-ahead log is removed at a checkpoint, never renamed for reuse
  // with its old contents still in it (deleted data must leave the files: `reclaim`).
  await lite.exec('SET wal_recycle = off');
  return {
    kind: 'pglite',
    async reclaim(tables) {
      for (const table of tables) await lite.exec(`VACUUM FULL ${tableName(table)}`);
      await lite.query('SELECT pg_switch_wal()');
      await lite.exec('CHECKPOINT');
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await lite.query<T>(sql, params)).rows;
    },
    poolUse: () => undefined,
    tx(fn) {
      return lite.transaction((t) =>
        fn({ query: async <T>(sql: string, params: unknown[] = []) => (await t.query<T>(sql, params)).rows }),
      );
    },
    close: async () => {
      await lite.close();
      unlock();
    },
  };
}

const DB_CONNECT_TIMEOUT_MS = 5000;

/**
 * Names for parameterized statements, one per distinct text: PostgreSQL then parses and
 * plans each once per connection instead of at every call (planning the case query's
 * eight-table join took longer than running it). Statements without parameters (the
 * migrations, a few reference lists) and any past PREPARED_STATEMENTS_MAX stay unnamed.
 */
function preparedStatements() {
  const names = new Map<string, string | null>();
  const nameOf = (text: string, values: unknown[]): string | null => {
    if (values.length === 0) return null;
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_STATEMENTS_MAX) {
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return name ?? null;
  };
  return async (on: pg.Pool | pg.PoolClient, text: string, values: unknown[]): Promise<unknown[]> => {
    const name = nameOf(text, values);
    if (!name) return (await on.query(text, values)).rows;
    try {
      return (await on.query({ name, text, values })).rows;
    } catch (error) {
      // A newer process's migration changed a table under a prepared `SELECT *`: PostgreSQL
      // refuses the stale plan ("cached plan must not change result type"); this statement
      // goes unnamed from now on.
      if ((error as { code?: string }).code !== '0A000') throw error;
      names.set(text, null);
      return (await on.query(text, values)).rows;
    }
  };
}

/** A real PostgreSQL server through a connection pool. */
export async function openPostgres(url: string, poolSize = 10): Promise<Db> {
  // A database that does not answer fails a request within seconds (503), never holds it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
  // An idle client losing its connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  const run = preparedStatements();
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await run(pool, sql, params)) as T[];
    },
    async tx(fn) {
      const client = await pool.connect();
      // A connection lost while the transaction waits between statements is reported on the
      // client: unheard, that event would end the process. The next statement fails instead.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params: unknown[] = []) => (await run(client, sql, params)) as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        // A broken connection is dropped, not given back to the pool.
        client.release(lost);
      }
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    // Autovacuum reclaims dead rows there; a VACUUM here would wait on every other session.
    reclaim: async () => undefined,
    close: () => pool.end(),
  };
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const migrationFiles = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

/** The migrations this code knows that the database has not applied (readiness: none). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  return migrationFiles().filter((f) => !applied.has(f));
}

/** Applies the migrations not yet applied, in name order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = migrationFiles();
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const done = await db.tx(async (q) => {
      // Several server processes may start at once: one migrates, the others wait.
      await q.query('SELECT pg_advisory_xact_lock(727274)');
      const seen = await q.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/**
 * Migrations hold statements separated by semicolons at line ends; a function's body
 * between `$$` marks belongs to its statement whatever it holds. Comment lines go.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (!inBody && /^\s*--/.test(line)) continue;
    current += `${line}\n`;
    if (line.split('$$').length % 2 === 0) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

export async function openDb(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}
