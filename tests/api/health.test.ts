import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, OPERATOR_PATHS, endpoints } from '../../contract/endpoints.ts';
import { buildApp } from '../../server/app.ts';
import { DRAINING_RETRY_AFTER_S } from '../../server/config/tuning.ts';
import type { TestApp } from '../support/api.ts';
import { BACKENDS, PNG_1PX, call, expectError, file, freshIp, registrationForm, startApp } from '../support/api.ts';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const TOKEN = 'a-metrics-token-long-enough';

describe('health checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Tiny limits: the checks must not meet them, the contract's calls must.
    t = await startApp('pglite', { rules: { default: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('live answers a small JSON body; neither check is rate-limited nor kept', async () => {
    for (let i = 0; i < 10; i++) {
      const live = await get(t, OPERATOR_PATHS.live);
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
      expect(live.body.length).toBeLessThan(100);
      expect(live.headers['cache-control']).toBe('no-store');
      const ready = await get(t, OPERATOR_PATHS.ready);
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
    }
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await call(t, 'getAllTeams', { ip })).statusCode).toBe(200);
    expectError(await call(t, 'getAllTeams', { ip }), 429, 'tooManyRequests');
  });

  it('ready names each check and its state', async () => {
    const ready = await get(t, OPERATOR_PATHS.ready);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { accepting: 'ok', database: 'ok', migrations: 'ok', redis: 'off', storage: 'ok' },
    });
  });

  it('ready answers 503 while a migration is not applied, and 200 once it is', async () => {
    const [last] = await t.ctx.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
    );
    await t.ctx.db.query('DELETE FROM schema_migrations WHERE name = $1', [last?.name]);
    const pending = await get(t, OPERATOR_PATHS.ready);
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toMatchObject({ status: 'unavailable', checks: { migrations: 'pending', database: 'ok' } });
    await t.ctx.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last?.name]);
    expect((await get(t, OPERATOR_PATHS.ready)).statusCode).toBe(200);
  });

  it('ready answers 503 while the data folder cannot be written, naming no path', async () => {
    const aside = `${t.dataDir}-aside`;
    renameSync(t.dataDir, aside);
    writeFileSync(t.dataDir, 'not a folder');
    try {
      const broken = await get(t, OPERATOR_PATHS.ready);
      expect(broken.statusCode).toBe(503);
      expect(broken.json()).toMatchObject({ checks: { storage: 'failed' } });
      expect(broken.body).not.toContain(t.dataDir);
      expect(broken.body).not.toMatch(/ENOTDIR|EACCES|\/tmp\//);
    } finally {
      rmSync(t.dataDir);
      renameSync(aside, t.dataDir);
    }
    expect((await get(t, OPERATOR_PATHS.ready)).statusCode).toBe(200);
  });

  it('are not logged per call at info level, while the contract calls are', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
    );
    const app = await buildApp({ ...t.ctx, log, config: { ...t.ctx.config, metricsToken: TOKEN } });
    try {
      for (const url of [OPERATOR_PATHS.live, OPERATOR_PATHS.ready, OPERATOR_PATHS.metrics])
        await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(lines.filter((l) => l.includes('/health/') || l.includes(OPERATOR_PATHS.metrics))).toEqual([]);
      await app.inject({ method: 'GET', url: '/api/no-such-call' });
      expect(lines.some((l) => l.includes('/api/no-such-call'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('once draining: not ready, new requests answered 503 with Message_*, still live', async () => {
    const other = await startApp('pglite');
    try {
      await other.app.drain();
      const ready = await get(other, OPERATOR_PATHS.ready);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { accepting: 'stopping' } });
      expect((await get(other, OPERATOR_PATHS.live)).statusCode).toBe(200);
      const refused = await call(other, 'getAllDivisions');
      expectError(refused, 503, 'unavailable');
      expect(refused.headers.connection).toBe('close');
      expect(refused.headers['retry-after']).toBe(String(DRAINING_RETRY_AFTER_S));
    } finally {
      await other.close();
    }
  });
});

describe.each(BACKENDS)('metrics on %s', (backend) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await startApp(backend, {
      env: { METRICS_TOKEN: TOKEN },
      rules: { getAllTeams: { max: 1, windowMs: 60_000 } },
    });
    off = await startApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('do not exist without METRICS_TOKEN', async () => {
    expectError(await get(off, OPERATOR_PATHS.metrics, { authorization: `Bearer ${TOKEN}` }), 404, 'notFound');
  });

  it('are refused without the token or with another', async () => {
    expectError(await get(t, OPERATOR_PATHS.metrics), 401, 'unauthorized');
    expectError(await get(t, OPERATOR_PATHS.metrics, { authorization: `Bearer ${TOKEN}x` }), 401, 'unauthorized');
    expectError(await get(t, OPERATOR_PATHS.metrics, { authorization: TOKEN }), 401, 'unauthorized');
  });

  it('show requests, latency, 429s by rule, the mail queue, uploads, the pool and the process, in the Prometheus text format', async () => {
    const ip = freshIp();
    expect((await call(t, 'getAllTeams', { ip })).statusCode).toBe(200);
    expect((await call(t, 'getAllTeams', { ip })).statusCode).toBe(429);
    const registration = await call(t, 'createCustomerUser', {
      form: registrationForm({}, file(PNG_1PX, 'me.png', 'image/png')),
      ip,
    });
    expect(registration.statusCode).toBe(201);
    // A mail that waits: due in an hour, written 90 seconds ago.
    await t.ctx.db.query(
      `INSERT INTO notifications (recipient, subject, body, next_attempt_at, created_at, customer_id)
       VALUES ('x@example.et', 's', 'b', now() + interval '1 hour', now() - interval '90 seconds', (SELECT id FROM customers LIMIT 1))`,
    );

    const res = await get(t, OPERATOR_PATHS.metrics, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
    const samples = (name: string) => families.get(name)?.metrics ?? [];

    const teamsRoute = `${API_PREFIX}${endpoints.getAllTeams.path}`;
    expect(
      samples('portal_http_requests_total').find((m) => m.labels?.route === teamsRoute && m.labels.status === '200')
        ?.value,
    ).toBe('1');
    expect(
      samples('portal_http_requests_total').find((m) => m.labels?.route === teamsRoute && m.labels.status === '429')
        ?.value,
    ).toBe('1');
    expect(families.get('portal_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser keeps a histogram's buckets only: its count is read from the text itself.
    expect(res.body).toContain(`portal_http_request_duration_seconds_count{route="${teamsRoute}",method="GET"} 2`);
    expect(samples('portal_rate_limited_total').find((m) => m.labels?.rule === 'getAllTeams')?.value).toBe('1');
    expect(Number(samples('portal_mail_queue_depth')[0]?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(samples('portal_mail_queue_oldest_age_seconds')[0]?.value)).toBeGreaterThanOrEqual(90);
    expect(Number(samples('portal_upload_bytes_total')[0]?.value)).toBe(PNG_1PX.length);
    expect(Number(samples('process_cpu_user_seconds_total')[0]?.value)).toBeGreaterThan(0);
    expect(Number(samples('process_resident_memory_bytes')[0]?.value)).toBeGreaterThan(0);
    const pool = samples('portal_db_pool_connections');
    if (backend === 'postgres') expect(pool.find((m) => m.labels?.state === 'max')?.value).toBe('5');
    else expect(pool).toEqual([]);
    // Route patterns only: no case number, id or address becomes a label.
    expect(res.body).not.toMatch(/HDAB-\d|[0-9a-f]{8}-[0-9a-f]{4}-|10\.9\./);
  });
});
