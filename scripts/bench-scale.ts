import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { CASE_PAGE_SIZE } from '../contract/limits.ts';
import { loadConfig } from '../server/config/config.ts';
import { closeContext, createContext } from '../server/context.ts';
import type { Db } from '../server/db/client.ts';
import { migrate, openDb } from '../server/db/client.ts';
import { seedReference } from '../server/seed/seed.ts';
import { caseStatistics, listCases } from '../server/cases/repository.ts';
import { caseByNumber } from '../server/cases/visibility.ts';
import { postgresDatabase } from './bench-lib.ts';

/**
 * `npm run bench:scale`: 1,000,000 cases over 100,000 customers, loaded into a fresh
 * PostgreSQL database in bulk (INSERT ... SELECT over generate_series, not a row at a time),
 * then the reads a customer makes, through the portal's own services: the first, a middle
 * and the last page of a customer with many cases, their statistics, and a lookup by case
 * number. Prints p50/p95 of each (target p95 <= 20 ms) and the plans PostgreSQL chose.
 */
const CUSTOMERS = Number(process.env.SCALE_CUSTOMERS ?? 100_000);
const CASES = Number(process.env.SCALE_CASES ?? 1_000_000);
/** One customer has many cases, so that their list has a first, a middle and a last page. */
const BUSY_CUSTOMER_CASES = 2_000;
const RUNS = 200;

async function bulkLoad(db: Db): Promise<{ busy: string }> {
  const [list] = await db.query<{ id: string; division_id: string }>(
    "SELECT cl.id, cl.division_id FROM case_lists cl JOIN divisions d ON d.id = cl.division_id WHERE cl.status = 'active' AND d.status = 'active' ORDER BY cl.position LIMIT 1",
  );
  if (!list) throw new Error('no case request in the reference data');
  let t = performance.now();
  await db.query(
    `INSERT INTO customers (id, email, password_hash, firstname, middlename, lastname, gender, subcity, woreda, phone, email_verified)
     SELECT gen_random_uuid(), 'scale-' || i || '@example.et', 'not-a-hash', 'First' || i, 'Middle', 'Last', CASE WHEN i % 2 = 0 THEN 'Male' ELSE 'Female' END,
            'Bole', lpad((i % 20 + 1)::text, 2, '0'), '09' || lpad(i::text, 8, '0'), true
     FROM generate_series(1, $1::int) AS i`,
    [CUSTOMERS],
  );
  console.log(`${CUSTOMERS.toLocaleString('en')} customers in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  // Customer n is scale-n@example.et; the busy one is the first.
  await db.query(
    `WITH numbered AS (SELECT id, substring(email FROM 'scale-([0-9]+)@')::int AS n FROM customers WHERE email LIKE 'scale-%')
     INSERT INTO cases (id, case_number, customer_id, division_id, case_list_id, status, remark, created_at)
     SELECT gen_random_uuid(), 'SCALE-' || lpad(i::text, 7, '0'), numbered.id, $2::uuid, $3::uuid,
            (ARRAY['pending', 'ongoing', 'responded', 'verified', 'rejected'])[i % 5 + 1], 'Bulk case ' || i,
            now() - make_interval(mins => i)
     FROM generate_series(1, $1::int) AS i
     JOIN numbered ON numbered.n = CASE WHEN i <= $4::int THEN 1 ELSE (i % ($5::int - 1)) + 2 END`,
    [CASES, list.division_id, list.id, BUSY_CUSTOMER_CASES, CUSTOMERS],
  );
  await db.query('ANALYZE');
  console.log(`${CASES.toLocaleString('en')} cases in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const [busy] = await db.query<{ id: string; n: number }>(
    "SELECT cu.id, (SELECT count(*)::int FROM cases c WHERE c.customer_id = cu.id) AS n FROM customers cu WHERE cu.email = 'scale-1@example.et'",
  );
  console.log(`the busy customer has ${busy?.n ?? 0} cases`);
  return { busy: busy?.id ?? '' };
}

/** The SQL a read sends, caught on its way to the database, for EXPLAIN. */
function recording(db: Db): { db: Db; sent: { sql: string; params: unknown[] }[] } {
  const sent: { sql: string; params: unknown[] }[] = [];
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (sql: string, params: unknown[] = []) => {
          sent.push({ sql, params });
          return target.query(sql, params);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { db: proxy, sent };
}

async function main() {
  const database = await postgresDatabase();
  if (!database) {
    console.error('bench:scale needs PostgreSQL: set DATABASE_URL or run a server on 127.0.0.1:5432.');
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-scale-'));
  const db = await openDb({ databaseUrl: database.url });
  try {
    await migrate(db);
    await seedReference(db);
    const { busy } = await bulkLoad(db);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'scale-benchmark-secret-long-enough-0123456789',
    });
    const watched = recording(db);
    const ctx = await createContext(config, pino({ level: 'silent' }), { db: watched.db, printMail: false });
    const lastPage = Math.ceil(BUSY_CUSTOMER_CASES / CASE_PAGE_SIZE);
    const reads: [string, () => Promise<unknown>][] = [
      ['list, first page', () => listCases(ctx, busy, { page: '1' })],
      [`list, page ${Math.ceil(lastPage / 2)}`, () => listCases(ctx, busy, { page: String(Math.ceil(lastPage / 2)) })],
      [`list, last page (${lastPage})`, () => listCases(ctx, busy, { page: String(lastPage) })],
      ['statistics', () => caseStatistics(ctx, busy)],
      [
        'case by number',
        () =>
          caseByNumber(
            ctx,
            `SCALE-${String(1 + Math.floor(Math.random() * CASES)).padStart(7, '0')}`,
            undefined,
            undefined,
            'address:127.0.0.1',
          ),
      ],
    ];
    console.log(`\n${RUNS} runs each, through the portal's services; target p95 <= 20 ms`);
    console.log(`${'read'.padEnd(26)}${'p50'.padStart(10)}${'p95'.padStart(10)}`);
    const plans: string[] = [];
    for (const [name, read] of reads) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await read();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(26)}${`${times[Math.floor(RUNS * 0.5)]?.toFixed(1)} ms`.padStart(10)}${`${times[Math.floor(RUNS * 0.95)]?.toFixed(1)} ms`.padStart(10)}`,
      );
      watched.sent.length = 0;
      await read();
      for (const q of watched.sent) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q.sql}`, q.params);
        plans.push(
          `-- ${name}: ${q.sql.replace(/\s+/g, ' ').slice(0, 100)}…\n${plan.map((p) => `   ${p['QUERY PLAN']}`).join('\n')}`,
        );
      }
    }
    console.log(`\nPlans:\n${plans.join('\n')}`);
    await closeContext(ctx);
  } finally {
    await db.close().catch(() => undefined);
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
