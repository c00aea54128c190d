import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { DEMO } from '../server/seed/seed.ts';
import { freePort, postgresDatabase, someone, startPortal } from './bench-lib.ts';

/**
 * `npm run bench:api`: the production server (PostgreSQL when DATABASE_URL is set or a local
 * server answers on 127.0.0.1:5432, otherwise the embedded PGlite, and it says which) and a
 * bare Fastify route with a fixed JSON answer, both on loopback, loaded with autocannon for
 * a bounded time. Prints req/s, p50/p95/p99 and the ratio to the bare route, then the
 * latency of authenticated case reads at a fixed 200 req/s. On PostgreSQL the bare app also
 * has a route that makes one `SELECT 1` per request: what a round trip of its own costs each
 * request here (the portal's session checks of requests that arrive together share one,
 * ADR 0010). Case reads are measured twice: as
 * the portal runs (a repeated read is answered from the process's memory while the
 * customer's data version holds, ADR 0009) and on a second portal that keeps nothing
 * (READ_CACHE_MAX_BYTES=0), as every first read is.
 *
 * The portal's limits would refuse almost all of these calls (one demo account makes them
 * all), so both portals run with the limits of the rules the benchmark meets raised
 * (`RAISED_LIMITS`, printed): each request still goes through the limiter and pays for it,
 * but is answered. Every answer must have the status its call expects: any other (a 429, a
 * 5xx, a lost connection) fails the benchmark after its table, since it is not the read
 * the row says it measured.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Each target is loaded this long, unmeasured, before its measured run (the JIT, the connections). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** The rules the measured calls meet, raised for the run (server/config/rate-rules.ts; RATE_LIMITS in the README). */
const RAISED_LIMITS = [
  'default',
  'signedIn',
  'getCaseByNumber',
  'loginCustomerUser',
  'account:login',
  'account:loginTotal',
]
  .map((rule) => `${rule}=1000000000/1m`)
  .join(',');

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: boolean;
  connections?: number;
  /** The status every answer must have (200 unless said). */
  status?: number;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers whose status is not the expected one, and requests that got no answer. */
  errors: number;
  /** The unexpected answers by status, e.g. "429 x 12". */
  statuses: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function load(
  base: string,
  target: Target,
  token: string,
  options: { rate?: number; seconds?: number } = {},
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const byStatus = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${target.path}`,
        method: target.method,
        connections: target.connections ?? (options.rate ? 10 : CONNECTIONS),
        duration: options.seconds ?? DURATION_S,
        ...(options.rate ? { overallRate: options.rate } : {}),
        headers: { 'content-type': 'application/json', ...(target.token ? { authorization: `Bearer ${token}` } : {}) },
        ...(target.body ? { body: JSON.stringify(target.body) } : {}),
        requests: [
          {
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              headers: { ...req.headers, 'x-forwarded-for': someone() },
            }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      if (status !== (target.status ?? 200)) {
        errors++;
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      }
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors,
    statuses: [...byStatus].map(([k, v]) => `${k} x ${v}`).join(', '),
  };
}

/** A portal on a database of its own (PostgreSQL when there is one), the demo customer's token and a case number. */
async function portalWith(env: Record<string, string>) {
  const database = await postgresDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const portal = await startPortal({
    RATE_LIMITS: RAISED_LIMITS,
    ...env,
    DATA_DIR: dataDir,
    SPA_DIR: path.join(dataDir, 'no-spa'),
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const api = (name: keyof typeof endpoints) => `${portal.url}${API_PREFIX}${endpoints[name].path}`;
  const login = await fetch(api('loginCustomerUser'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const cases = (await (await fetch(api('getAllCases'), { headers: { authorization: `Bearer ${token}` } })).json()) as {
    case_number: string;
  }[];
  return {
    database,
    url: portal.url,
    token,
    caseNumber: cases[0]?.case_number ?? '',
    stop: async () => {
      portal.stop();
      await database?.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const portal = await portalWith({});
  const { database, token, caseNumber } = portal;
  console.log(
    database
      ? `Database: PostgreSQL (${database.url.replace(/\/\/[^@]*@/, '//')})`
      : 'Database: embedded PGlite (no PostgreSQL answered on 127.0.0.1:5432 and DATABASE_URL is not set)',
  );
  console.log(`Rate limits raised for the run, so that every call is answered: RATE_LIMITS=${RAISED_LIMITS}`);
  let unexpected: number | undefined;

  const bare = Fastify();
  const fixed = { ok: true, items: Array.from({ length: 10 }, (_, i) => ({ id: i, name: `item ${i}` })) };
  bare.get('/bare', async () => fixed);
  const pool = database ? new pg.Pool({ connectionString: database.url, max: 10 }) : null;
  if (pool)
    bare.get('/bare-db', async () => ({
      ...fixed,
      one: (await pool.query<{ one: number }>({ name: 'one', text: 'SELECT 1 AS one' })).rows[0]?.one,
    }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  let unkept: Awaited<ReturnType<typeof portalWith>> | undefined;

  try {
    const api = (name: keyof typeof endpoints) => `${API_PREFIX}${endpoints[name].path}`;
    const caseReads: Target[] = [
      { name: 'case list (page 1)', method: 'GET', path: `${api('getCases')}?page=1`, token: true },
      {
        name: 'case by number',
        method: 'POST',
        path: api('getCaseByNumber'),
        body: { casenum: caseNumber },
        token: true,
      },
    ];
    const targets: Target[] = [
      ...caseReads,
      { name: 'statistics', method: 'GET', path: api('getCaseStatistics'), token: true },
      { name: 'divisions', method: 'GET', path: api('getAllDivisions') },
      // One account: every try counts before the password check (5 at once at most), so 4 connections.
      {
        name: 'login (argon2id)',
        method: 'POST',
        path: api('loginCustomerUser'),
        body: { email: DEMO.email, password: DEMO.password },
        connections: 4,
      },
    ];
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const bareTarget: Target = { name: 'bare Fastify route', method: 'GET', path: '/bare' };
    const roundTrip: Target = { name: 'bare + one SELECT 1', method: 'GET', path: '/bare-db' };
    const measure = async (base: string, t: Target, as = token) => {
      await load(base, t, as, { seconds: WARMUP_S });
      return load(base, t, as);
    };
    const bareResult = await measure(bareUrl, bareTarget);
    const results = [bareResult];
    if (pool) results.push(await measure(bareUrl, roundTrip));
    for (const t of targets) results.push(await measure(portal.url, t));
    const steady: Result[] = [];
    for (const t of caseReads) steady.push(await load(portal.url, t, token, { rate: 200 }));
    // The same reads on a portal that keeps no answer in memory: what a first read costs.
    unkept = await portalWith({ READ_CACHE_MAX_BYTES: '0' });
    for (const t of caseReads) {
      const fresh = { ...t, name: `${t.name}, unkept`, ...(t.body ? { body: { casenum: unkept.caseNumber } } : {}) };
      results.push(await measure(unkept.url, fresh, unkept.token));
      steady.push(await load(unkept.url, fresh, unkept.token, { rate: 200 }));
    }

    const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
    console.log(
      `\n${DURATION_S} s each after ${WARMUP_S} s of warm-up, ${CONNECTIONS} connections, loopback; ${new Date().toISOString()}`,
    );
    console.log(
      `${'call'.padEnd(28)}${'req/s'.padStart(10)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'vs bare'.padStart(10)}${'errors'.padStart(8)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(28)}${r.rps.toFixed(0).padStart(10)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}${`${((100 * r.rps) / bareResult.rps).toFixed(0)}%`.padStart(10)}${String(r.errors).padStart(8)}${r.statuses ? `  (${r.statuses})` : ''}`,
      );
    }
    console.log(`\nAt a fixed 200 req/s (target: p95 <= 50 ms):`);
    for (const r of steady) {
      console.log(
        `${r.name.padEnd(28)}${r.rps.toFixed(0).padStart(10)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}${String(r.errors).padStart(18)}${r.statuses ? `  (${r.statuses})` : ''}`,
      );
    }
    unexpected = [...results, ...steady].reduce((n, r) => n + r.errors, 0);
  } finally {
    await bare.close();
    await pool?.end();
    await portal.stop();
    await unkept?.stop();
  }
  if (unexpected) {
    console.error(
      `\n${unexpected} answers were not the status their call expects (or never came): the figures above are not all reads.`,
    );
    process.exitCode = 1;
  }
}

await main();
