import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList } from '../../contract/entities.ts';
import {
  applicationFor,
  file,
  outboxCode,
  outboxMails,
  PNG_1PX,
  pdfBytes,
  pickOpenCaseList,
  registrationForm,
} from '../support/api.ts';
import type { ServerProcess } from './processes.ts';
import { PASSWORD, api, startServer } from './processes.ts';

/** Every file and folder under `dir` that an account other than the server's could open (group or other bits). */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const visit = (at: string) => {
    const entry = lstatSync(at);
    if (entry.isSymbolicLink()) return;
    if ((entry.mode & 0o077) !== 0) open.push(`${path.relative(dir, at) || '.'} ${(entry.mode & 0o777).toString(8)}`);
    if (entry.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return open;
}

/**
 * Issue 48, item 2: `npm start` on the embedded database, as a bureau runs it on one machine.
 * After a journey that writes every kind of file (the database and its write-ahead log, a
 * picture, a case's PDF, a print, a data archive, an anonymous complaint's attachment, the
 * development outboxes), nothing under DATA_DIR is readable or writable by another account;
 * what an earlier version left open is closed at start.
 */
describe('the data folder is the server’s user’s alone', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-private-'));
    chmodSync(dataDir, 0o755);
    // As an earlier version left them: a case's PDF readable by all, in a folder anyone could list.
    mkdirSync(path.join(dataDir, 'media', 'CaseFiles'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, 'media', 'CaseFiles', 'earlier.pdf'), '%PDF-1.4', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'media'), 0o755);
    chmodSync(path.join(dataDir, 'media', 'CaseFiles'), 0o755);
    server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.example.et' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after a journey that writes every kind of file, no file or folder under DATA_DIR is open to another account', async () => {
    const pdf = await pdfBytes();
    const form = registrationForm({}, file(PNG_1PX, 'me.png', 'image/png'));
    const email = String(form.get('email'));
    const registered = await api(server, 'createCustomerUser', { form });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const { registration } = (await registered.json()) as { registration: string };
    await expect.poll(() => outboxMails(dataDir, email).length).toBeGreaterThan(0);
    const otp = outboxCode(dataDir, email);
    expect((await api(server, 'validateCustomerOtp', { body: { email, otp, registration } })).status).toBe(200);
    const { token } = (await (
      await api(server, 'loginCustomerUser', { body: { email, password: PASSWORD } })
    ).json()) as {
      token: string;
    };
    const open = pickOpenCaseList(
      (await (await api(server, 'getAllCaseList')).json()) as CaseList[],
      (await (await api(server, 'getAllDivisions')).json()) as Parameters<typeof pickOpenCaseList>[1],
    );
    const created = await api(server, 'createCase', {
      token,
      form: applicationFor(open, {}, { attachment: file(pdf, 'd.pdf', 'application/pdf') }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { case: made } = (await created.json()) as { case: { _id: string } };
    expect((await api(server, 'printCase', { token, params: { id: made._id } })).status).toBe(200);
    expect((await api(server, 'requestDataExport', { token })).status).toBe(200);
    const complaint = new FormData();
    for (const [k, v] of Object.entries({ subject: 'A clerk', description: 'Asked for money to move my file.' }))
      complaint.append(k, v);
    complaint.append('attachment', file(pdf, 'c.pdf', 'application/pdf'));
    expect((await api(server, 'createAccusation', { form: complaint })).status).toBe(201);

    expect(openToOthers(dataDir)).toEqual([]);
    // The database's own files too once it has written and closed them.
    await server.stop();
    expect(openToOthers(dataDir)).toEqual([]);
    expect(readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(0);
  }, 120_000);
});
