import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { API_PREFIX, endpoints, pathOf } from '../../contract/endpoints.ts';
import { applicationFor, createPostgresDatabase, file, pdfBytes } from '../support/api.ts';
import type { ServerProcess } from './processes.ts';
import { SERVICES, api, customerOn, freshRedis, openCaseListOf, ready, startServer } from './processes.ts';

const IN_FLIGHT = 6;

/** An application sent in two halves: `finish()` sends the rest; `answer` is the server's reply. */
async function halfSent(server: ServerProcess, form: FormData, token: string) {
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(`${server.base}${API_PREFIX}${pathOf('createCase')}`);
  let finish = () => undefined as void;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: endpoints.createCase.method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': encoded.headers.get('content-type') as string,
          'content-length': String(body.length),
          'x-forwarded-for': '10.66.0.1',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, body.length >> 1));
    finish = () => void req.end(body.subarray(body.length >> 1));
  });
  return { answer, finish: () => finish() };
}

describe.runIf(SERVICES)('a SIGTERM with requests in flight', () => {
  let server: ServerProcess;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    database = await createPostgresDatabase();
    // At info, the server logs each request as it arrives: the test waits for its uploads there.
    server = await startServer({
      DATABASE_URL: database.url,
      REDIS_URL: await freshRedis(7),
      DATA_DIR: dataDir,
      INSTANCE_ID: 'shutdown',
      LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) await server.kill();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns not ready, answers new requests 503 with Message_*, finishes those in flight, and exits 0', async () => {
    const customer = await customerOn(server, server, dataDir);
    const open = await openCaseListOf(server);
    const pdf = await pdfBytes('Shutdown');
    const uploads = await Promise.all(
      Array.from({ length: IN_FLIGHT }, () =>
        halfSent(
          server,
          applicationFor(open, {}, { attachment: file(pdf, 'doc.pdf', 'application/pdf') }),
          customer.token,
        ),
      ),
    );
    const arrived = () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('incoming request') && l.includes(pathOf('createCase'))).length;
    await expect.poll(arrived, { timeout: 10_000 }).toBe(IN_FLIGHT);

    const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await ready(server)).status, { timeout: 5000 }).toBe(503);
    expect(await (await ready(server)).json()).toMatchObject({
      status: 'unavailable',
      checks: { accepting: 'stopping' },
    });
    const refused = await api(server, 'getAllDirectorates');
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as Record<string, string>;
    expect(body.code).toBe('unavailable');
    expect(body.Message_en?.length).toBeGreaterThan(0);
    expect(body.Message_am?.length).toBeGreaterThan(0);
    expect(server.child.exitCode, 'still running while requests are in flight').toBeNull();

    for (const upload of uploads) upload.finish();
    const answers = await Promise.all(uploads.map((u) => u.answer));
    expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(201));
    expect(await exit).toBe(0);

    const numbers = answers.map((a) => (JSON.parse(a.body) as { case: CaseSummary }).case.case_number);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const kept = (
        await db.query<{ case_number: string }>('SELECT case_number FROM cases WHERE case_number = ANY($1)', [numbers])
      ).rows;
      expect(kept).toHaveLength(IN_FLIGHT);
    } finally {
      await db.end();
    }
  });
});
