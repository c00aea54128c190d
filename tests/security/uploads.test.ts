import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList } from '../../contract/entities.ts';
import { ATTACHMENT_MAX_BYTES } from '../../contract/limits.ts';
import type { TestApp } from '../support/api.ts';
import {
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

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describe('uploads: only real PDFs within the limit are kept, under random names', () => {
  let t: TestApp;
  let open: CaseList;
  let token: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await startApp('pglite');
    open = await openCaseList(t);
    token = (await newCustomer(t)).token;
    pdf = await pdfBytes();
  });
  afterAll(async () => {
    await t?.close();
  });

  const apply = (attachment: File) =>
    call(t, 'createCase', { form: applicationFor(open, {}, { attachment }), token, ip: freshIp() });

  it('refuses 10 MB + 1 byte, an empty file, HTML or a program renamed .pdf and a PNG declared a PDF, with a translated message each', async () => {
    const before = filesUnder(t.dataDir).filter((f) => !f.startsWith('db'));
    const tooBig = Buffer.concat([Buffer.from(pdf), Buffer.alloc(ATTACHMENT_MAX_BYTES + 1 - pdf.length, 0x20)]);
    const refused: [string, File, number, string][] = [
      ['10 MB + 1 byte', file(tooBig, 'big.pdf', 'application/pdf'), 413, 'fileTooLarge'],
      ['zero bytes', file(Buffer.alloc(0), 'empty.pdf', 'application/pdf'), 400, 'emptyFile'],
      [
        'HTML renamed .pdf',
        file(Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'invoice.pdf', 'application/pdf'),
        400,
        'notPdf',
      ],
      [
        'a program renamed .pdf',
        file(
          Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(512)]),
          'setup.pdf',
          'application/pdf',
        ),
        400,
        'notPdf',
      ],
      ['a PNG declared a PDF', file(PNG_1PX, 'picture.pdf', 'application/pdf'), 400, 'notPdf'],
      [
        'a PDF header after a few bytes',
        file(Buffer.concat([Buffer.from('xx'), Buffer.from(pdf)]), 'late.pdf', 'application/pdf'),
        400,
        'notPdf',
      ],
    ];
    for (const [name, attachment, status, code] of refused) {
      const body = expectError(await apply(attachment), status, code);
      expect(body.fields, name).toEqual({ attachment: code });
      expect(body.Message_am, name).not.toBe(body.Message_en);
    }
    expect(filesUnder(t.dataDir).filter((f) => !f.startsWith('db'))).toEqual(before);
  });

  it('a path-like file name is only a name: the file is kept under a random name inside its folder', async () => {
    const before = new Set(filesUnder(t.dataDir));
    const keptBefore = await t.ctx.storage.names('CaseFiles');
    for (const name of ['../../x.pdf', '..\\..\\x.pdf', '/etc/passwd.pdf', 'a\u0000b.pdf', '%2e%2e%2fx.pdf']) {
      expect((await apply(file(pdf, name, 'application/pdf'))).statusCode, name).toBe(201);
    }
    // Kept in the case files (on disk, or in a bucket: then nothing new on disk at all), under random names.
    const added = filesUnder(t.dataDir).filter((f) => !before.has(f) && !f.startsWith('db') && !f.startsWith('outbox'));
    for (const f of added) expect(f).toMatch(/^media\/CaseFiles\/[A-Za-z0-9_-]{22}\.pdf$/);
    const keptNow = (await t.ctx.storage.names('CaseFiles')).filter((n) => !keptBefore.includes(n));
    expect(keptNow).toHaveLength(5);
    for (const n of keptNow) expect(n).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
    const kept = json<Case[]>(await call(t, 'getAllCases', { token })).map((c) => c.attachment ?? '');
    expect(kept.filter((a) => /x\.pdf|passwd|\.\./.test(a))).toEqual([]);
  });
});
