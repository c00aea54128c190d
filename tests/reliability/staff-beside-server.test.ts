import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../server/config/node-flags.ts';
import { adminSocketPath } from '../../server/runtime/admin-socket.ts';
import { startBucket } from '../support/s3.ts';
import type { ServerProcess } from './processes.ts';
import { staffCommand, startServer } from './processes.ts';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The default setup (the embedded database) with the portal running: a staff command goes to
 * the running server (server/runtime/admin-socket.ts) instead of asking for the portal to be stopped.
 */
describe('the staff command line beside a running server on the embedded database', () => {
  let server: ServerProcess;
  let dataDir: string;
  let env: Record<string, string>;
  const staff = staffCommand(() => env);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-admin-'));
    const shared = {
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://portal.example.et',
      DEV_OUTBOX: 'true',
      JWT_SECRET: 'x'.repeat(40),
    };
    server = await startServer({ ...shared, SEED_DEMO: 'true' });
    env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...shared };
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a command while the portal runs: the case moves, the portal never stopped', async () => {
    expect(statSync(path.dirname(adminSocketPath(dataDir))).mode & 0o777).toBe(0o700);
    const pending = staff('list', '--status', 'pending');
    expect(pending.status, pending.stderr).toBe(0);
    const number = /^([A-Z]+-\d{4}-\d{6})\tpending/m.exec(pending.stdout)?.[1] ?? '';
    expect(number).not.toBe('');

    const moved = staff('ongoing', number, '--by', 'handler@housing.example.et');
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`${number}: ongoing done by`);
    expect(staff('list', '--status', 'ongoing').stdout).toContain(number);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);

  it('answers a text as if a phone had sent it to the bureau’s number: the SMS commands tried without an operator', () => {
    const help = staff('sms', '0911000123', '--text', 'help');
    expect(help.status, help.stderr).toBe(0);
    // A number nothing is known of is answered in Amharic, whatever it wrote.
    expect(help.stdout).toMatch(/^የቤቶች ቢሮ፦ የጉዳይ ቁጥር \(HDAB-\d{4}-000042\)/);
    const stop = staff('sms', '0911000123', '--text', 'አቁም');
    expect(stop.stdout).toContain('ከእንግዲህ ወደዚህ ቁጥር አጭር መልእክት አይላክም');
    expect(staff('sms', '0911000123').stderr).toContain('"sms" needs a phone number and --text.');
  }, 120_000);

  it('says a refusal as the command line does, and exits 1', () => {
    const unknown = staff('promote', 'HDAB-2019-000001');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "promote"');
    expect(unknown.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  }, 60_000);

  it('copies the data folder’s files into a bucket while the portal still runs on the folder: the command line does it itself', async () => {
    const bucket = await startBucket();
    // Not spawnSync: the bucket answers from this process, which must go on running meanwhile.
    const copy = (url: string) =>
      run(
        process.execPath,
        [...NODE_FLAGS, path.resolve(import.meta.dirname, '../../server/cli/staff.ts'), 'storage', 'copy'],
        {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...env, OBJECT_STORAGE_URL: url },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
    try {
      const copied = await copy(bucket.url);
      expect(copied.stdout).toContain('media/CaseFiles/: ');
      expect(copied.stdout).toMatch(/^Copied (\d+) of \1 files \(/m);
      expect(copied.stdout).not.toMatch(/^Copied 0 /m);
      const again = await copy(bucket.url);
      expect(again.stdout).toMatch(/^Copied 0 of \d+ files \(0\.0 MB\); \d+ were in the bucket already\./m);
      // A bucket that is not there, or keys it refuses: said as an operator fixes it.
      const missing = await copy(bucket.url.replace(/portal-files$/, 'no-such-bucket')).catch((e: unknown) => e);
      expect(missing).toMatchObject({ code: 1 });
      expect((missing as { stderr: string }).stderr).toContain('there is no bucket "no-such-bucket"');
      const refused = await copy(bucket.url.replace('S3RVER:S3RVER', 'NOPE:NOPE')).catch((e: unknown) => e);
      expect((refused as { stderr: string }).stderr).toContain('refused the access key and secret');
    } finally {
      await bucket.stop();
    }
    expect(server.child.exitCode).toBeNull();
  }, 120_000);

  it('once the portal stops, the socket goes, and the command line opens the database itself', async () => {
    await server.stop();
    expect(existsSync(adminSocketPath(dataDir))).toBe(false);
    const list = staff('list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/\tongoing\s*\t/);
  }, 120_000);
});
