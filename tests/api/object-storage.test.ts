import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintResult } from '../../contract/cases/answers.ts';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { OPERATOR_PATHS } from '../../contract/endpoints.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { diskStore } from '../../server/adapters/object-store.ts';
import { runStaffCommand } from '../../server/cli/staff-commands.ts';
import { bucketAccountOf } from '../../server/config/checks.ts';
import { sweepUnnamedFiles } from '../../server/customers/housekeeping.ts';
import { addPendingFile } from '../../server/db/repository.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  PNG_1PX,
  applicationFor,
  call,
  expectError,
  file,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  pdfBytes,
  startApp,
} from '../support/api.ts';
import { bucketKeys, keptOnDisk } from '../support/s3.ts';

/**
 * Issue 55: with OBJECT_STORAGE_URL the files are kept in an S3-compatible bucket (here a real
 * one, s3rver on loopback), none in the data folder; they are served through the portal's own
 * checks; an upload the portal refuses, or one the bucket cannot take, leaves no object. The
 * other file tests run on a bucket too under TEST_OBJECT_STORAGE=s3rver (npm test does).
 */
describe.each(BACKENDS)('files in a bucket, on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;
  beforeAll(async () => {
    t = await startApp(backend, { store: 'bucket' });
    open = await openCaseList(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every key in the bucket, as the bucket itself lists it. */
  const inBucket = (prefix = '') => bucketKeys(t.bucket?.endpoint ?? '', prefix);
  /** The files in the data folder's media and private folders (none: they are the bucket's). */
  const onDisk = () => keptOnDisk(t.dataDir);
  const apply = async (token: string, attachment?: File) =>
    call(t, 'createCase', {
      form: applicationFor(open, {}, attachment ? { attachment } : {}),
      token,
      ip: freshIp(),
    });

  it('keeps an application’s PDF and a picture in the bucket, none in the data folder, and serves them to the owner alone', async () => {
    const owner = await newCustomer(t, {}, file(PNG_1PX, 'me.png', 'image/png'));
    const other = await newCustomer(t);
    const pdf = await pdfBytes('In the bucket');
    const created = await apply(owner.token, file(pdf, 'deed.pdf', 'application/pdf'));
    expect(created.statusCode, created.body).toBe(201);
    const number = json<{ case: CaseSummary }>(created).case.case_number;
    const stored = json<Case>(await call(t, 'getCaseByNumber', { body: { casenum: number }, token: owner.token }));
    const name = path.basename(stored.attachment ?? '');
    const [{ picture } = { picture: '' }] = await t.ctx.db.query<{ picture: string }>(
      'SELECT picture FROM customers WHERE id = $1',
      [owner.id],
    );
    expect(await inBucket('media/CaseFiles/')).toContain(`media/CaseFiles/${name}`);
    expect(await inBucket('media/CustomerImages/')).toContain(`media/CustomerImages/${picture}`);
    expect(onDisk()).toEqual([]);
    expect(readdirSync(t.ctx.storage.stagingDir)).toEqual([]);

    const get = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const served = await get(`${MEDIA_PATHS.caseFiles}${name}`, owner.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(served.rawPayload).equals(Buffer.from(pdf))).toBe(true);
    expect((await get(`${MEDIA_PATHS.customerImages}${picture}`, owner.token)).headers['content-type']).toBe(
      'image/png',
    );
    // Nobody else, and no other way of writing the address, opens it; a missing file is the same 404.
    expect((await get(`${MEDIA_PATHS.caseFiles}${name}`)).statusCode).toBe(404);
    expect((await get(`${MEDIA_PATHS.caseFiles}${name}`, other.token)).statusCode).toBe(404);
    expect((await get(`${MEDIA_PATHS.manual}..%2F..%2FCaseFiles%2F${name}`)).statusCode).toBe(404);
    expect((await get(`${MEDIA_PATHS.manual}..%2FCaseFiles%2F${name}`, other.token)).statusCode).toBe(404);
    expect((await get(`${MEDIA_PATHS.caseFiles}missing.pdf`, owner.token)).statusCode).toBe(404);
  });

  it('a print is written into the bucket and read back whole through its link', async () => {
    const c = await newCustomer(t);
    const k = json<{ case: CaseSummary }>(await apply(c.token)).case;
    const printed = await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() });
    expect(printed.statusCode, printed.body).toBe(200);
    const { file_name: name, path: link } = json<PrintResult>(printed);
    expect(await inBucket('media/print-')).toContain(`media/${name}`);
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(onDisk()).toEqual([]);
  });

  it('an upload the portal refuses leaves no object', async () => {
    const c = await newCustomer(t);
    const before = await inBucket();
    const refused = await apply(c.token, file(Buffer.from('not a pdf at all'), 'deed.pdf', 'application/pdf'));
    expectError(refused, 400, 'notPdf');
    expect(await inBucket()).toEqual(before);
    expect(readdirSync(t.ctx.storage.stagingDir)).toEqual([]);
  });

  it('the bucket unreachable: an upload gets a clear, translated 503 and keeps nothing; what was kept is still there after', async () => {
    const c = await newCustomer(t);
    const kept = json<{ case: CaseSummary }>(
      await apply(c.token, file(await pdfBytes('Kept before'), 'deed.pdf', 'application/pdf')),
    ).case;
    const before = await inBucket();
    const cases = async () => (await t.ctx.db.query('SELECT 1 FROM cases WHERE customer_id = $1', [c.id])).length;
    await t.bucket?.pause();
    try {
      const failed = await apply(c.token, file(await pdfBytes('Not kept'), 'deed.pdf', 'application/pdf'));
      const body = expectError(failed, 503, 'unavailable');
      expect(body.Message_en).toBe('The service is briefly unavailable. Please try again in a moment.');
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3|bucket/i);
      expect(failed.headers['retry-after']).toBeDefined();
      // The readiness check says so, and names nothing of the bucket.
      const ready = await t.app.inject({ method: 'GET', url: OPERATOR_PATHS.ready });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { storage: 'failed', database: 'ok' } });
      expect(ready.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|portal-files/);
    } finally {
      await t.bucket?.resume();
    }
    expect((await t.app.inject({ method: 'GET', url: OPERATOR_PATHS.ready })).statusCode).toBe(200);
    expect(await cases()).toBe(1);
    expect(await inBucket()).toEqual(before);
    expect(readdirSync(t.ctx.storage.stagingDir)).toEqual([]);
    // The file's pending row stays while the bucket cannot say it holds none of it; the
    // recovery at the next start (here, at once) removes what it names, and the row.
    await t.ctx.storage.init();
    expect(await t.ctx.db.query('SELECT name FROM pending_files')).toEqual([]);
    expect(await inBucket()).toEqual(before);
    // What was kept before is served as before.
    const stored = json<Case>(
      await call(t, 'getCaseByNumber', { body: { casenum: kept.case_number }, token: c.token }),
    );
    const served = await t.app.inject({
      method: 'GET',
      url: `${MEDIA_PATHS.caseFiles}${path.basename(stored.attachment ?? '')}`,
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(served.statusCode).toBe(200);
  });
  it('the sweep removes the kept files no row names, counted; a named, a pending, a newer file and the prints stay', async () => {
    const c = await newCustomer(t, {}, file(PNG_1PX, 'me.png', 'image/png'));
    const k = json<{ case: CaseSummary }>(
      await apply(c.token, file(await pdfBytes('Named'), 'deed.pdf', 'application/pdf')),
    ).case;
    expect((await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() })).statusCode).toBe(200);
    // What a crash between the bucket and the database leaves: files no row names, in every area.
    const orphans = [
      'media/CaseFiles/orphan.pdf',
      'media/CustomerImages/orphan.png',
      'private/accusations/orphan.pdf',
      'private/exports/orphan.zip',
      'media/orphan.pdf',
    ];
    for (const key of orphans) await t.ctx.storage.store.put(key, new Uint8Array([1]));
    // One being kept at this moment: its pending row names it.
    await addPendingFile(t.ctx.db, 'being-kept.pdf', 'CaseFiles', 'another-process');
    await t.ctx.storage.store.put('media/CaseFiles/being-kept.pdf', new Uint8Array([1]));
    const before = await inBucket();
    const counted = async () => (await t.ctx.metrics.unnamedFilesRemoved.get()).values[0]?.value ?? 0;
    const countedBefore = await counted();
    // Only files an hour old are looked at: none of these.
    expect(await sweepUnnamedFiles(t.ctx, 60 * 60 * 1000)).toBe(0);
    expect(await sweepUnnamedFiles(t.ctx, 0)).toBe(orphans.length);
    expect(await counted()).toBe(countedBefore + orphans.length);
    expect(await inBucket()).toEqual(before.filter((key) => !orphans.includes(key)));
    expect(await inBucket('media/CaseFiles/being-kept.pdf')).toHaveLength(1);
    await t.ctx.db.query("DELETE FROM pending_files WHERE name = 'being-kept.pdf'");
  });

  it('`storage copy` copies a data folder’s files into the bucket under their names; again, only what is missing', async () => {
    // A data folder kept before the bucket: a case's PDF, a picture, a print, an archive, the manual.
    const folder = diskStore(t.dataDir);
    const old = {
      'media/CaseFiles/before-bucket.pdf': await pdfBytes('Kept on disk'),
      'media/CustomerImages/before-bucket.png': PNG_1PX,
      'media/print-before-bucket.pdf': await pdfBytes('A print'),
      'private/exports/before-bucket.zip': new Uint8Array([0x50, 0x4b, 5, 6]),
      'media/manual/before-bucket.pdf': await pdfBytes('A manual'),
    };
    for (const [key, bytes] of Object.entries(old)) await folder.put(key, bytes);
    const said: string[] = [];
    await runStaffCommand(t.ctx, ['storage', 'copy'], (line) => said.push(line));
    expect(said.at(-1)).toMatch(/^Copied 5 of 5 files \(0\.0 MB\)\. /);
    for (const key of Object.keys(old)) expect(await inBucket(key), key).toEqual([key]);
    const read = await t.ctx.storage.read('CaseFiles', 'before-bucket.pdf');
    expect(Buffer.from(read ?? []).equals(Buffer.from(old['media/CaseFiles/before-bucket.pdf']))).toBe(true);
    // Cut short, or run again: only what the bucket lacks goes.
    await t.ctx.storage.store.remove('media/CustomerImages/before-bucket.png');
    said.length = 0;
    await runStaffCommand(t.ctx, ['storage', 'copy'], (line) => said.push(line));
    expect(said.at(-1)).toMatch(/^Copied 1 of 5 files/);
    expect(await inBucket('media/CustomerImages/before-bucket.png')).toEqual([
      'media/CustomerImages/before-bucket.png',
    ]);
    // The folder's files stay.
    for (const key of Object.keys(old)) expect(await folder.sizeOf(key), key).not.toBeNull();
    // Without a bucket there is nowhere to copy to: said, not done.
    const onDiskOnly = { ...t.ctx, config: { ...t.ctx.config, objectStorage: undefined } };
    await expect(runStaffCommand(onDiskOnly, ['storage', 'copy'], () => undefined)).rejects.toThrow(
      /OBJECT_STORAGE_URL/,
    );
  });
});

describe('OBJECT_STORAGE_URL', () => {
  const read = (url: string) => {
    const problems: string[] = [];
    return { account: bucketAccountOf(url, problems), problems };
  };

  it('reads a plain-HTTP endpoint, an HTTPS one, the region and the addressing', () => {
    expect(read('s3+http://KEY:SE%2FCRET@127.0.0.1:9000/portal-files').account).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'portal-files',
      region: 'us-east-1',
      pathStyle: true,
      credentials: { accessKeyId: 'KEY', secretAccessKey: 'SE/CRET' },
    });
    expect(read('s3://storage.example.et/files?region=af-south-1&path_style=false').account).toEqual({
      endpoint: 'https://storage.example.et',
      bucket: 'files',
      region: 'af-south-1',
      pathStyle: false,
      credentials: undefined,
    });
  });

  it('says what is wrong with one it cannot use', () => {
    for (const wrong of [
      'http://KEY:SECRET@host/bucket',
      's3://KEY:SECRET@host/',
      's3://KEY:SECRET@host/Bad_Bucket',
      's3://KEY@host/bucket',
      's3://host/bucket?path_style=maybe',
      's3://host/bucket?regoin=af-south-1',
      'not a url',
    ]) {
      const { account, problems } = read(wrong);
      expect(account, wrong).toBeUndefined();
      expect(problems, wrong).toHaveLength(1);
      expect(problems[0], wrong).toMatch(/^OBJECT_STORAGE_URL: /);
    }
  });
});
