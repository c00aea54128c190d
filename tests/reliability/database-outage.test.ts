import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { applicationFor, createPostgresDatabase, file, pdfBytes } from '../support/api.ts';
import type { ServerProcess } from './processes.ts';
import { SERVICES, api, customerOn, freshRedis, openCaseListOf, ready, startServer, tcpProxy } from './processes.ts';
import { say } from '../../server/texts/messages.ts';
import { TEST_USSD_SECRET, ussdGateway } from '../support/ussd-gateway.ts';

const OUTAGE_MS = 10_000;

describe.runIf(SERVICES)('the database going away for 10 seconds under load', () => {
  let server: ServerProcess;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-outage-'));
    database = await createPostgresDatabase();
    const direct = new URL(database.url);
    proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    server = await startServer({
      DATABASE_URL: viaProxy.toString(),
      REDIS_URL: await freshRedis(5),
      DATA_DIR: dataDir,
      INSTANCE_ID: 'outage',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a translated message meanwhile, recovers by itself, and loses nothing acknowledged', async () => {
    const customer = await customerOn(server, server, dataDir);
    const open = await openCaseListOf(server);
    const pdf = await pdfBytes('Outage');

    const acknowledged: string[] = [];
    const seen: { phase: string; upload: boolean; status: number; body: string; retryAfter: string | null }[] = [];
    let phase = 'before';
    let running = true;
    // Two clients keep reading and applying the whole time.
    const load = Array.from({ length: 2 }, async (_, worker) => {
      while (running) {
        const call =
          worker === 0
            ? api(server, 'getCaseStatistics', { token: customer.token })
            : api(server, 'createCase', {
                form: applicationFor(open, {}, { attachment: file(pdf, 'doc.pdf', 'application/pdf') }),
                token: customer.token,
              });
        const res = await call.catch((error: unknown) => {
          seen.push({ phase, upload: worker === 1, status: 0, body: String(error), retryAfter: null });
          return null;
        });
        if (!res) continue;
        const body = await res.text();
        seen.push({
          phase,
          upload: worker === 1,
          status: res.status,
          body,
          retryAfter: res.headers.get('retry-after'),
        });
        if (res.status === 201) acknowledged.push((JSON.parse(body) as { case: CaseSummary }).case.case_number);
      }
    });
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await wait(2000);
    phase = 'outage';
    proxy.cut();
    const outageEnds = Date.now() + OUTAGE_MS;
    // Readiness says so meanwhile, naming the check and nothing of the database's address.
    await expect.poll(async () => (await ready(server)).status, { timeout: OUTAGE_MS - 1000 }).toBe(503);
    const notReady = await (await ready(server)).text();
    expect(JSON.parse(notReady)).toMatchObject({
      status: 'unavailable',
      checks: { database: 'failed', storage: 'ok', redis: 'ok' },
    });
    expect(notReady).not.toMatch(/postgres|127\.0\.0\.1|ECONN|portal_test|\/tmp\//);
    await wait(outageEnds - Date.now());
    phase = 'after';
    proxy.restore();
    // It recovers by itself: within 15 s both calls succeed again.
    const back = Date.now();
    await expect
      .poll(() => seen.filter((s) => s.phase === 'after' && (s.status === 200 || s.status === 201)).length >= 4, {
        timeout: 15_000,
      })
      .toBe(true)
      .catch((error: unknown) => {
        const last = seen
          .slice(-4)
          .map((s) => `${s.phase} ${s.upload ? 'upload' : 'read'} ${s.status} ${s.body.slice(0, 100)}`);
        throw new Error(
          `not back within 15 s; last calls:\n${last.join('\n')}\nserver:\n${server.output().slice(-2000)}`,
          { cause: error },
        );
      });
    const recoveredInMs = Date.now() - back;
    await expect.poll(async () => (await ready(server)).status, { timeout: 5000 }).toBe(200);
    expect(server.child.exitCode, 'the server is still running').toBeNull();
    running = false;
    await Promise.all(load);

    const during = seen.filter((s) => s.phase === 'outage');
    expect(during.length).toBeGreaterThan(0);
    expect(
      seen.filter((s) => s.status >= 500 && s.status !== 503),
      'no answer other than 503 among the failures',
    ).toEqual([]);
    // An upload refused before its body was read may see its connection closed instead (the
    // SPA offers to retry); every read is answered.
    expect(
      seen.filter((s) => s.status === 0 && !s.upload),
      'every read answered',
    ).toEqual([]);
    for (const failure of seen.filter((s) => s.status === 503)) {
      const body = JSON.parse(failure.body) as Record<string, string>;
      expect(body.code).toBe('unavailable');
      expect(body.Message_am?.length).toBeGreaterThan(0);
      expect(failure.body).not.toMatch(/ECONN|Connection terminated|SELECT|INSERT|\/work\/|at .*\.ts/);
      expect(Number(failure.retryAfter)).toBeGreaterThan(0);
    }
    expect(during.filter((s) => s.status === 503).length).toBeGreaterThan(0);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const kept = new Set(
        (await db.query<{ case_number: string }>('SELECT case_number FROM cases')).rows.map((r) => r.case_number),
      );
      expect(acknowledged.filter((n) => !kept.has(n))).toEqual([]);
    } finally {
      await db.end();
    }
    console.warn(
      `outage: ${seen.length} calls, ${during.length} during the outage (${during.filter((s) => s.status === 503).length} answered 503), back ${recoveredInMs} ms after the database returned, ${acknowledged.length} cases acknowledged and kept`,
    );
  });
});

describe.runIf(SERVICES)('Redis going away', () => {
  let server: ServerProcess;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-redis-'));
    database = await createPostgresDatabase();
    const redis = new URL(await freshRedis(6));
    proxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    redis.port = String(proxy.port);
    server = await startServer({
      DATABASE_URL: database.url,
      REDIS_URL: redis.toString(),
      DATA_DIR: dataDir,
      INSTANCE_ID: 'redis-outage',
      USSD_SECRET: TEST_USSD_SECRET,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('rate-limited calls answer 503 meanwhile (the limits are not skipped), and work again when it is back', async () => {
    expect((await api(server, 'getAllDirectorates')).status).toBe(200);
    proxy.cut();
    const during = await api(server, 'getAllDirectorates');
    expect(during.status).toBe(503);
    const body = (await during.json()) as Record<string, string>;
    expect(body.code).toBe('unavailable');
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    const notReady = await ready(server);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ checks: { redis: 'failed', database: 'ok' } });
    // A phone on the USSD menu is never shown an error page (issue 56): its session ends with "try again later".
    const menu = ussdGateway(server.base, TEST_USSD_SECRET);
    expect((await menu.dial('0911000042')).first).toEqual({
      text: `${say('am', 'ussd.unavailable')}\n${say('en', 'ussd.unavailable')}`,
      last: true,
    });
    proxy.restore();
    await expect.poll(async () => (await ready(server)).status, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await api(server, 'getAllDirectorates')).status, { timeout: 15_000 }).toBe(200);
    expect((await menu.dial('0911000042')).first.text).toMatch(/^የቤቶች ቢሮ\n1 /);
    expect(server.child.exitCode).toBeNull();
  });
});
