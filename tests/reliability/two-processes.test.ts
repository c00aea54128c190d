import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { DEFAULT_RULES } from '../../server/config/rate-rules.ts';
import { applicationFor, createPostgresDatabase, file, pdfBytes } from '../support/api.ts';
import type { ServerProcess } from './processes.ts';
import { SERVICES, api, customerOn, freshRedis, nextClient, openCaseListOf, startServer } from './processes.ts';

describe.runIf(SERVICES)('two server processes sharing PostgreSQL, Redis and the data folder', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let dataDir: string;
  let drop: () => Promise<void>;
  let open: CaseList;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-two-'));
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.url, REDIS_URL: await freshRedis(3), DATA_DIR: dataDir };
    a = await startServer({ ...env, INSTANCE_ID: 'a' });
    b = await startServer({ ...env, INSTANCE_ID: 'b' });
    open = await openCaseListOf(b);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a token from one works on the other, and a logout on one is honoured by the other', async () => {
    const c = await customerOn(a, b, dataDir);
    for (const server of [a, b]) expect((await api(server, 'getCaseStatistics', { token: c.token })).status).toBe(200);
    expect((await api(a, 'logoutCustomerUser', { token: c.token })).status).toBe(200);
    for (const server of [b, a]) expect((await api(server, 'getCaseStatistics', { token: c.token })).status).toBe(401);
  });

  it('a file uploaded through one is served by the other; case numbers stay unique across both', async () => {
    const c = await customerOn(b, a, dataDir);
    const pdf = await pdfBytes('Shared storage');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(i % 2 ? a : b, 'createCase', {
          form: applicationFor(open, {}, { attachment: file(pdf, 'doc.pdf', 'application/pdf') }),
          token: c.token,
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { case: CaseSummary }).case.case_number),
    );
    expect(new Set(numbers).size).toBe(12);
    const cases = (await (await api(a, 'getAllCases', { token: c.token })).json()) as Case[];
    expect(cases).toHaveLength(12);
    for (const kase of cases.slice(0, 4)) {
      for (const server of [a, b]) {
        // Asked for with the owner's session, the only way a personal file is sent (issue 48).
        const served = await fetch(`${server.base}${MEDIA_PATHS.caseFiles}${path.basename(kase.attachment ?? '')}`, {
          headers: { authorization: `Bearer ${c.token}` },
        });
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
      }
    }
  });

  it('a case read one process keeps in memory shows a change made through the other at once', async () => {
    const c = await customerOn(a, b, dataDir);
    const list = async () => (await (await api(a, 'getCasesByCustomer', { token: c.token })).json()) as CaseSummary[];
    const statistics = async () =>
      (await (await api(a, 'getCaseStatistics', { token: c.token })).json()) as { totalCases: number };
    // Twice each: the second answer comes from a's memory.
    for (let i = 0; i < 2; i++) {
      expect(await list()).toHaveLength(0);
      expect((await statistics()).totalCases).toBe(0);
    }
    expect((await api(b, 'createCase', { form: applicationFor(open, {}), token: c.token })).status).toBe(201);
    expect(await list()).toHaveLength(1);
    expect((await statistics()).totalCases).toBe(1);
  });

  it('rate limits count across both processes', async () => {
    const client = nextClient();
    const { max } = DEFAULT_RULES['scan:case'];
    const statuses: number[] = [];
    for (let i = 0; i < max + 10; i++) {
      const res = await api(i % 2 ? a : b, 'getCaseByNumber', {
        body: { casenum: `HDAB-1999-${String(i).padStart(6, '0')}` },
        client,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, max).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(max)).toEqual(Array(10).fill(429));
  });
});
