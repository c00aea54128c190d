import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand, staffFailure } from '../../server/cli/staff-commands.ts';
import { seedDemo } from '../../server/seed/seed.ts';
import type { TestApp } from '../support/api.ts';
import { startApp } from '../support/api.ts';

const README = readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');

/** The README's staff examples, each a command line's words as a shell splits them (its comment left out). */
function staffExamples(): string[][] {
  const section = README.slice(README.indexOf('## Staff command line'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line.startsWith('npm run staff -- '))
    .map((line) =>
      [...line.slice('npm run staff -- '.length).matchAll(/"([^"]*)"|(#.*$)|(\S+)/g)]
        .filter((m) => m[2] === undefined)
        .map((m) => m[1] ?? m[3] ?? ''),
    );
}

/** Issue 51, item 18: what the README tells a new user to type works, as written and in its order, on the demo. */
describe('the README’s staff command line examples', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
    await seedDemo(t.ctx);
  }, 120_000);
  afterAll(async () => t?.close());

  it('run as written, in order, on a fresh demo: each does what it says', async () => {
    const examples = staffExamples();
    expect(examples.length).toBeGreaterThan(10);
    const said: string[] = [];
    for (const words of examples) {
      // A file named is where the user runs the command: here the test's data folder (the CLI resolves it the same way).
      const argv = words.map((w, i) => (words[i - 1] === '--file' ? path.join(t.dataDir, w) : w));
      const out: string[] = [];
      await expect(
        runStaffCommand(t.ctx, argv, (line) => out.push(line)),
        words.join(' '),
      ).resolves.toBeUndefined();
      said.push(out.join('\n'));
    }
    const byCommand = (name: string) => said[examples.findIndex((w) => w[0] === name)] ?? '';
    expect(byCommand('list')).toMatch(
      /HDAB-2019-000005[\s\S]*HDAB-2019-000001|HDAB-2019-000001[\s\S]*HDAB-2019-000005/,
    );
    expect(byCommand('complaints')).toContain('ACC-DEMQSAMPLE234');
    // Who can act, each with a name in both scripts and a role: two team leaders for four eyes (ADR 0038).
    const staff = byCommand('staff').split('\n');
    expect(staff.filter((l) => l.endsWith('\tteam_leader'))).toHaveLength(2);
    expect(staff.filter((l) => l.endsWith('\tcase_handler'))).toHaveLength(2);
    expect(staff.filter((l) => l.endsWith('\taccusation_acceptor'))).toHaveLength(1);
    for (const line of staff)
      expect(line).toMatch(/^\S+@\S+\t[A-Za-z]+ [A-Za-z]+ \/ [\u1200-\u137f]+ [\u1200-\u137f]+\t[a-z_]+$/);
    expect(byCommand('sms')).toContain('HDAB-2019-000002');
    const status = async (n: string) =>
      (await t.ctx.db.query<{ status: string }>('SELECT status FROM cases WHERE case_number = $1', [n]))[0]?.status;
    expect(await status('HDAB-2019-000005')).toBe('info_requested');
    expect(await status('HDAB-2019-000006')).toBe('verified');
    expect(await status('HDAB-2019-000001')).toBe('rejected');
    expect(await status('HDAB-2019-000003')).toBe('ongoing');
    // What each says of the customer is what happens: a response is told once verified (ADR 0035).
    expect(byCommand('respond')).toContain('the customer is told when the response is verified');
    expect(byCommand('ongoing')).toContain('the customer is told by mail');
  }, 120_000);

  it('a step of a case without --by is refused and says so; nothing moves', async () => {
    const before = (
      await t.ctx.db.query<{ status: string }>("SELECT status FROM cases WHERE case_number = 'HDAB-2019-000008'")
    )[0];
    await expect(runStaffCommand(t.ctx, ['reject', 'HDAB-2019-000008', '--reason', 'No'], () => {})).rejects.toThrow(
      /"reject" needs --by EMAIL/,
    );
    const after = (
      await t.ctx.db.query<{ status: string }>("SELECT status FROM cases WHERE case_number = 'HDAB-2019-000008'")
    )[0];
    expect(after).toEqual(before);
  });

  it('"help" prints the usage, as --help does', async () => {
    for (const argv of [['help'], ['--help']]) {
      const out: string[] = [];
      await runStaffCommand(t.ctx, argv, (line) => out.push(line));
      expect(out.join('\n'), argv.join(' ')).toMatch(/^Staff command line of the housing bureau portal/);
    }
  });

  it('says in words what went wrong: an unknown command, a file that is not a PDF, a file that is not there', async () => {
    const failure = (argv: string[]) =>
      runStaffCommand(t.ctx, argv, () => {}).then(
        () => 'no failure',
        (error: unknown) => staffFailure(error),
      );
    expect(await failure(['frobnicate'])).toMatch(/^Unknown command "frobnicate"/);
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-files-'));
    try {
      const notPdf = path.join(dir, 'note.pdf');
      writeFileSync(notPdf, 'not a PDF at all');
      const by = ['--by', 'handler@housing.example.et'];
      const refused = await failure(['respond', 'HDAB-2019-000007', '--file', notPdf, ...by]);
      expect(refused).not.toMatch(/^Failed|notPdf/);
      expect(refused).toMatch(/PDF/);
      const missing = path.join(dir, 'nothere.pdf');
      expect(await failure(['respond', 'HDAB-2019-000007', '--file', missing, ...by])).toBe(
        `Cannot read ${missing}: there is no such file.`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
