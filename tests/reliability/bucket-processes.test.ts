import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintResult } from '../../contract/cases/answers.ts';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { MANUAL_FILE } from '../../server/reference/manual.ts';
import {
  PNG_1PX,
  applicationFor,
  createPostgresDatabase,
  file,
  outboxCode,
  outboxMails,
  pdfBytes,
  registrationForm,
} from '../support/api.ts';
import type { TestBucket } from '../support/s3.ts';
import { bucketKeys, keptOnDisk, startBucket } from '../support/s3.ts';
import type { ServerProcess } from './processes.ts';
import { PASSWORD, SERVICES, api, freshRedis, openCaseListOf, startServer } from './processes.ts';

/**
 * Issue 55: two portal processes with no disk in common (each its own DATA_DIR), one
 * PostgreSQL, one Redis and one bucket (s3rver on loopback): a case filed on one is read,
 * printed and deleted through the other, and nothing of it is left anywhere.
 */
describe.runIf(SERVICES)('two server processes, each with its own data folder, files in one bucket', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let dirs: string[];
  let bucket: TestBucket;
  let drop: () => Promise<void>;
  let open: CaseList;

  beforeAll(async () => {
    dirs = ['a', 'b'].map((name) => mkdtempSync(path.join(tmpdir(), `portal-bucket-${name}-`)));
    bucket = await startBucket();
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.url, REDIS_URL: await freshRedis(9), OBJECT_STORAGE_URL: bucket.url };
    a = await startServer({ ...env, DATA_DIR: dirs[0] ?? '', INSTANCE_ID: 'a' });
    b = await startServer({ ...env, DATA_DIR: dirs[1] ?? '', INSTANCE_ID: 'b' });
    open = await openCaseListOf(b);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await bucket?.stop();
    for (const dir of dirs ?? []) rmSync(dir, { recursive: true, force: true });
  });

  const inBucket = () => bucketKeys(bucket.endpoint);
  /** The kept files on a process's own disk: none, they are the bucket's. */
  const onDisk = keptOnDisk;
  /** The code mailed to `email`, by whichever process sent it (each writes its own outbox). */
  const codeFor = async (email: string) => {
    const mailed = () => dirs.find((dir) => outboxMails(dir, email).length > 0);
    await expect.poll(mailed).toBeDefined();
    return outboxCode(mailed() ?? '', email);
  };

  it('a case filed with its PDF on one is read, printed and deleted through the other; nothing of it is left', async () => {
    // Registered (with a picture) on a, verified and logged in on b.
    const form = registrationForm({}, file(PNG_1PX, 'me.png', 'image/png'));
    const email = String(form.get('email'));
    expect((await api(a, 'createCustomerUser', { form })).status).toBe(201);
    const otp = await codeFor(email);
    expect((await api(b, 'validateCustomerOtp', { body: { email, otp, password: PASSWORD } })).status).toBe(200);
    const login = await api(b, 'loginCustomerUser', { body: { email, password: PASSWORD } });
    const { token } = (await login.json()) as { token: string };

    // Filed on a, with its PDF.
    const pdf = await pdfBytes('No shared disk');
    const filed = await api(a, 'createCase', {
      form: applicationFor(open, {}, { attachment: file(pdf, 'deed.pdf', 'application/pdf') }),
      token,
    });
    expect(filed.status).toBe(201);
    const { case_number: number } = ((await filed.json()) as { case: CaseSummary }).case;

    // Read through b: the case, and its PDF from the bucket.
    const read = (await (await api(b, 'getCaseByNumber', { body: { casenum: number }, token })).json()) as Case;
    const attachment = path.basename(read.attachment ?? '');
    const served = await fetch(`${b.base}${MEDIA_PATHS.caseFiles}${attachment}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    // Printed through b, its link opened on a.
    const printed = (await (await api(b, 'printCase', { params: { id: read._id }, token })).json()) as PrintResult;
    const print = await fetch(`${a.base}${printed.path}`);
    expect(print.status).toBe(200);
    expect(
      Buffer.from(await print.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const kept = await inBucket();
    expect(kept).toEqual(
      expect.arrayContaining([
        `media/CaseFiles/${attachment}`,
        `media/${printed.file_name}`,
        `media/manual/${MANUAL_FILE}`,
      ]),
    );
    expect(kept.filter((key) => key.startsWith('media/CustomerImages/'))).toHaveLength(1);
    for (const dir of dirs) expect(onDisk(dir), dir).toEqual([]);

    // Deleted through a: the account, and every file of it in the bucket.
    expect((await api(a, 'deleteCustomerAccount', { body: { password: PASSWORD }, token })).status).toBe(200);
    const left = await inBucket();
    for (const gone of [`media/CaseFiles/${attachment}`, `media/${printed.file_name}`])
      expect(left).not.toContain(gone);
    expect(left.filter((key) => key.startsWith('media/CustomerImages/'))).toEqual([]);
    expect((await fetch(`${b.base}${MEDIA_PATHS.caseFiles}${attachment}`)).status).toBe(404);
  });
});
