import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/api.ts';
import { ACCEPTOR, HANDLER, LEADER, OTHER_LEADER } from '../support/staff.ts';
import type { ServerProcess } from './processes.ts';
import { SERVICES, freshRedis, staffCommand, startServer } from './processes.ts';

/**
 * Who may take which step of a case (issue 52, ADR 0038), asked as staff ask it: the command
 * line beside a running portal on PostgreSQL with the demo's data. Each refusal says why and
 * moves nothing; the allowed step after it goes through.
 */
describe.runIf(SERVICES)('roles and four eyes, by the staff command line against a running portal', () => {
  let server: ServerProcess;
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let env: Record<string, string>;
  const staff = staffCommand(() => env);
  const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const statusOf = async (n: string) =>
    (await sql<{ status: string }>('SELECT status FROM cases WHERE case_number = $1', [n]))[0]?.status;
  /** A refused step: exit 1, its words, and the case where it was. */
  const refused = async (words: string | RegExp, n: string, ...args: string[]) => {
    const before = await statusOf(n);
    const run = staff(...args);
    expect(run.status, `${args.join(' ')}\n${run.stdout}`).toBe(1);
    expect(run.stderr).toMatch(words);
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(await statusOf(n)).toBe(before);
  };
  const done = (...args: string[]) => {
    const run = staff(...args);
    expect(run.status, `${args.join(' ')}\n${run.stderr}`).toBe(0);
    return run.stdout;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-roles-'));
    const shared = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://portal.example.et',
      DEV_OUTBOX: 'true',
      JWT_SECRET: 'x'.repeat(40),
    };
    server = await startServer({ ...shared, REDIS_URL: await freshRedis(8), SEED_DEMO: 'true' });
    env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...shared };
    done('sample-pdf', '--file', path.join(dataDir, 'response.pdf'));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the staff list names each member with their e-mail, name in both scripts and role', () => {
    const lines = done('staff').trim().split('\n');
    expect(lines).toContain(`${HANDLER}\tMeseret Bekele / መሰረት በቀለ\tcase_handler`);
    expect(lines).toContain(`${LEADER}\tDawit Gebremariam / ዳዊት ገብረማርያም\tteam_leader`);
    expect(lines).toContain(`${OTHER_LEADER}\tSelamawit Tesfaye / ሰላማዊት ተስፋዬ\tteam_leader`);
    expect(lines).toContain(`${ACCEPTOR}\tYonas Mulugeta / ዮናስ ሙሉጌታ\taccusation_acceptor`);
  }, 60_000);

  it('a case handler takes a case up, schedules and responds; a team leader may not; a case handler may not verify or reject', async () => {
    const n = 'HDAB-2019-000005';
    const pdf = path.join(dataDir, 'response.pdf');
    expect(await statusOf(n)).toBe('pending');
    await refused(
      'Only a case handler takes this step; Dawit Gebremariam is a team leader (ADR 0038).',
      n,
      ...['ongoing', n, '--by', LEADER],
    );
    await refused(
      'Only a case handler takes this step; Yonas Mulugeta is an accusation acceptor',
      n,
      ...['ongoing', n, '--by', ACCEPTOR],
    );
    await refused(
      'Only a team leader takes this step; Meseret Bekele is a case handler',
      n,
      ...['reject', n, '--reason', 'No deed', '--by', HANDLER],
    );
    done('ongoing', n, '--by', HANDLER);
    await refused(
      /Only a case handler takes this step; Dawit/,
      n,
      ...['schedule', n, '--date', '2027-06-15', '--by', LEADER],
    );
    expect(
      await sql('SELECT 1 FROM case_schedules s JOIN cases c ON c.id = s.case_id WHERE c.case_number = $1', [n]),
    ).toEqual([]);
    await refused(
      /Only a case handler takes this step; Dawit/,
      n,
      ...['request-info', n, '--reason', 'Deed?', '--by', LEADER],
    );
    await refused(/Only a case handler takes this step; Dawit/, n, ...['respond', n, '--file', pdf, '--by', LEADER]);
    done('respond', n, '--file', pdf, '--by', HANDLER);
    await refused(
      'Only a team leader takes this step; Meseret Bekele is a case handler',
      n,
      ...['verify', n, '--by', HANDLER],
    );
    await refused(/Only a team leader takes this step/, n, ...['ongoing', n, '--by', HANDLER]);
    // A team leader's send-back: the customer is told nothing, and the command says so.
    expect(done('ongoing', n, '--by', OTHER_LEADER)).toContain('the customer is told nothing');
    done('respond', n, '--file', pdf, '--by', HANDLER);
    // The one who wrote the response, made a team leader since (an administrator's change), still may not verify it.
    await sql("UPDATE staff SET role = 'team_leader' WHERE email = $1", [HANDLER]);
    try {
      await refused(
        `Meseret Bekele wrote the response to ${n}: another team leader verifies it (four eyes, ADR 0038).`,
        n,
        ...['verify', n, '--by', HANDLER],
      );
    } finally {
      await sql("UPDATE staff SET role = 'case_handler' WHERE email = $1", [HANDLER]);
    }
    expect(done('verify', n, '--by', LEADER)).toContain(`${n}: verify done by Dawit Gebremariam`);
    expect(await statusOf(n)).toBe('verified');
  }, 120_000);

  it('the team leader who rejected a case does not decide its appeal; another team leader does', async () => {
    const n = 'HDAB-2019-000003';
    expect(await statusOf(n)).toBe('appealed');
    const [rejecter] = await sql<{ email: string }>(
      'SELECT s.email FROM cases c JOIN staff s ON s.id = c.rejected_by WHERE c.case_number = $1',
      [n],
    );
    expect(rejecter?.email).toBe(OTHER_LEADER);
    // "ongoing" never decides an appeal: the command for it is named.
    await refused(
      `Case ${n} is appealed; it cannot become ongoing. What comes next from appealed: staff: npm run staff -- appeal ${n} --overturn`,
      n,
      ...['ongoing', n, '--by', LEADER],
    );
    for (const way of ['--overturn', '--uphold'])
      await refused(
        `Selamawit Tesfaye rejected ${n}: another team leader decides the appeal (four eyes, ADR 0038).`,
        n,
        ...['appeal', n, way, '--reason', 'Checked', '--by', OTHER_LEADER],
      );
    await refused(
      /Only a team leader takes this step; Meseret/,
      n,
      ...['appeal', n, '--uphold', '--reason', 'x', '--by', HANDLER],
    );
    done('appeal', n, '--overturn', '--reason', 'The plot number was right', '--by', LEADER);
    expect(await statusOf(n)).toBe('ongoing');
    // The history names who acted, in both scripts.
    const [last] = await sql<{ firstname: string; firstname_am: string }>(
      `SELECT s.firstname, s.firstname_am FROM case_history h JOIN cases c ON c.id = h.case_id
       JOIN staff s ON s.id = h.actor_staff_id WHERE c.case_number = $1 ORDER BY h.created_at DESC LIMIT 1`,
      [n],
    );
    expect(last).toEqual({ firstname: 'Dawit', firstname_am: 'ዳዊት' });
  }, 120_000);

  it('an accusation acceptor reviews and answers complaints, and who did is kept; no one else does', async () => {
    const code = 'ACC-DEMQSAMPLE234';
    const complaint = async () =>
      (
        await sql<{ status: string; reviewer: string | null; answerer: string | null }>(
          `SELECT a.status, r.email AS reviewer, w.email AS answerer FROM accusations a
           LEFT JOIN staff r ON r.id = a.reviewed_by LEFT JOIN staff w ON w.id = a.answered_by WHERE a.tracking_code = $1`,
          [code],
        )
      )[0];
    const review = staff('complaint-review', code, '--by', LEADER);
    expect(review.status).toBe(1);
    expect(review.stderr).toContain('Only an accusation acceptor takes this step; Dawit Gebremariam is a team leader');
    expect(staff('complaint-review', code).stderr).toContain('"complaint-review" needs --by EMAIL');
    expect(await complaint()).toEqual({ status: 'received', reviewer: null, answerer: null });
    done('complaint-review', code, '--by', ACCEPTOR);
    const answer = staff('complaint-answer', code, '--text', 'Moved', '--by', HANDLER);
    expect(answer.stderr).toContain('Only an accusation acceptor takes this step; Meseret Bekele is a case handler');
    done('complaint-answer', code, '--text', 'The clerk has been moved', '--by', ACCEPTOR);
    expect(await complaint()).toEqual({ status: 'answered', reviewer: ACCEPTOR, answerer: ACCEPTOR });
  }, 120_000);
});
