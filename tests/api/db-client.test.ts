import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Db } from '../../server/db/client.ts';
import { openPostgres } from '../../server/db/client.ts';
import { createPostgresDatabase } from '../support/api.ts';

// The PostgreSQL client prepares its statements; PGlite runs in-process and has nothing to gain.
describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL client', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One connection: what it prepared is what pg_prepared_statements shows.
    db = await openPostgres(database.url, 1);
    await db.query('CREATE TABLE t (id int PRIMARY KEY, name text)');
    await db.query("INSERT INTO t VALUES (1, 'one')");
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('prepares a statement with parameters once and reuses it', async () => {
    const sql = 'SELECT name FROM t WHERE id = $1';
    expect(await db.query(sql, [1])).toEqual([{ name: 'one' }]);
    expect(await db.query(sql, [1])).toEqual([{ name: 'one' }]);
    expect(await db.tx((q) => q.query(sql, [1]))).toEqual([{ name: 'one' }]);
    const prepared = await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    expect(prepared.filter((p) => p.statement === sql)).toHaveLength(1);
  });

  it('goes on answering when another process changes a table under a prepared SELECT *', async () => {
    const sql = 'SELECT * FROM t WHERE id = $1';
    expect(await db.query(sql, [1])).toEqual([{ id: 1, name: 'one' }]);
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query('ALTER TABLE t ADD COLUMN note text');
    await other.end();
    expect(await db.query(sql, [1])).toEqual([{ id: 1, name: 'one', note: null }]);
    expect(await db.query(sql, [1])).toEqual([{ id: 1, name: 'one', note: null }]);
  });
});
