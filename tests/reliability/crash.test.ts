import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { MB } from '../../contract/limits.ts';
import { applicationFor, createPostgresDatabase, file, pdfBytes } from '../support/api.ts';
import type { ServerProcess } from './processes.ts';
import { SERVICES, api, customerOn, freshRedis, openCaseListOf, startServer } from './processes.ts';

const SUBMISSIONS = 50;
/** The server is killed once this many submissions have been acknowledged. */
const KILL_AFTER = 8;

describe.runIf(SERVICES)('a server killed (SIGKILL) in the middle of 50 case submissions', () => {
  let server: ServerProcess;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
    database = await createPostgresDatabase();
    env = { DATABASE_URL: database.url, REDIS_URL: await freshRedis(4), DATA_DIR: dataDir, INSTANCE_ID: 'crash' };
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every acknowledged submission is complete, none is half-written, no orphaned file remains after restart', async () => {
    const customer = await customerOn(server, server, dataDir);
    const open = await openCaseListOf(server);
    // A PDF of 2 MB: long enough on the wire that the kill finds uploads half sent.
    const small = await pdfBytes('Crash test');
    const pdf = Buffer.concat([Buffer.from(small), Buffer.alloc(2 * MB, 0x20)]);

    const acknowledged: CaseSummary[] = [];
    let killed: Promise<void> | undefined;
    const outcomes = await Promise.allSettled(
      Array.from({ length: SUBMISSIONS }, async () => {
        const res = await api(server, 'createCase', {
          form: applicationFor(open, {}, { attachment: file(pdf, 'doc.pdf', 'application/pdf') }),
          token: customer.token,
        });
        if (res.status !== 201) throw new Error(`answered ${res.status}`);
        const created = ((await res.json()) as { case: CaseSummary }).case;
        acknowledged.push(created);
        if (acknowledged.length === KILL_AFTER) killed = server.kill();
        return created;
      }),
    );
    await killed;
    const refused = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => String((o as PromiseRejectedResult).reason));
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.length, 'the kill cut some submissions short').toBeLessThan(SUBMISSIONS);
    expect(
      refused.every((r) => !/answered/.test(r)),
      refused.join('\n'),
    ).toBe(true);

    // The same process again (same instance): it cleans what the crash left half done.
    server = await startServer(env);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const rows = (
        await db.query<{ case_number: string; attachment: string | null; history: number; answers: number }>(
          `SELECT case_number, attachment,
             (SELECT count(*)::int FROM case_history h WHERE h.case_id = c.id) AS history,
             (SELECT count(*)::int FROM case_answers a WHERE a.case_id = c.id) AS answers
           FROM cases c`,
        )
      ).rows;
      const byNumber = new Map(rows.map((r) => [r.case_number, r]));
      for (const ack of acknowledged) {
        const row = byNumber.get(ack.case_number);
        expect(row, ack.case_number).toBeDefined();
        expect(row?.attachment).toMatch(/\.pdf$/);
      }
      // Whatever was written at all is whole: history, answers, and its file on disk.
      const files = new Set(readdirSync(path.join(dataDir, 'media', 'CaseFiles')));
      for (const row of rows) {
        expect(row.history, row.case_number).toBe(1);
        expect(row.answers, row.case_number).toBe(open.questions.length);
        expect(files.has(row.attachment ?? ''), row.case_number).toBe(true);
      }
      // And nothing else: no file without its case, nothing pending, nothing in staging.
      expect([...files].sort()).toEqual(rows.map((r) => r.attachment).sort());
      expect((await db.query('SELECT name FROM pending_files')).rows).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'staging', 'crash'))).toEqual([]);
      const removed = /"files":(\d+)[^\n]*removed the files/.exec(server.output())?.[1] ?? '0';
      console.warn(
        `crash test: ${acknowledged.length} acknowledged, ${rows.length} cases kept, ${removed} half-kept files removed at restart`,
      );
    } finally {
      await db.end();
    }
  });
});
