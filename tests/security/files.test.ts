import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_PHONE_HEADER } from '../../contract/endpoints.ts';
import type { Case, CaseList, CaseSummary } from '../../contract/entities.ts';
import { MANUAL_DOWNLOAD_NAME } from '../../contract/limits.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { fileLink } from '../../server/adapters/file-links.ts';
import { answerComplaint } from '../../server/feedback/complaints.ts';
import { publishManual } from '../../server/reference/manual.ts';
import { FILE_LINK_MINUTES } from '../../server/config/tuning.ts';
import type { TestApp } from '../support/api.ts';
import {
  PNG_1PX,
  applicationFor,
  call,
  file,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  pdfBytes,
  startApp,
} from '../support/api.ts';
import { acceptor } from '../support/staff.ts';

/**
 * Issue 48, item 3: a personal file under /Media answers only its owner's session, or a link
 * the server gave out, for minutes, dying with the session it was given to. An address copied
 * from a shared computer's history opens nothing after the logout. The manual stays public.
 */
describe('who gets a served file', () => {
  let t: TestApp;
  let open: CaseList;
  beforeAll(async () => {
    t = await startApp('pglite');
    open = await openCaseList(t);
    await publishManual(t.ctx.storage);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, token?: string) =>
    (await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })).statusCode;
  const withFile = async (owner: { token: string }) =>
    json<{ case: CaseSummary }>(
      await call(t, 'createCase', {
        form: applicationFor(open, {}, { attachment: file(await pdfBytes(), 'd.pdf', 'application/pdf') }),
        token: owner.token,
        ip: freshIp(),
      }),
    ).case;
  const attachmentOf = async (owner: { token: string }, number: string) =>
    json<Case>(await call(t, 'getCaseByNumber', { body: { casenum: number }, token: owner.token })).attachment ?? '';

  it('a case’s PDF and a picture: to the owner’s session only; not to a visitor, another customer, nor after the logout', async () => {
    const owner = await newCustomer(t, {}, file(PNG_1PX, 'me.png', 'image/png'));
    const other = await newCustomer(t);
    const k = await withFile(owner);
    const address = `${MEDIA_PATHS.caseFiles}${await attachmentOf(owner, k.case_number)}`;
    expect(await get(address, owner.token)).toBe(200);
    expect(await get(address)).toBe(404);
    expect(await get(address, other.token)).toBe(404);
    expect(await get(address, 'not-a-token')).toBe(404);
    // However the address is written, it is the same file and the same answer.
    expect(await get(address.replace('.pdf', '%2Epdf'))).toBe(404);
    expect(await get(`${MEDIA_PATHS.manual}..%2F..%2FCaseFiles%2F${path.basename(address)}`)).toBe(404);
    const [{ picture } = { picture: '' }] = await t.ctx.db.query<{ picture: string }>(
      'SELECT picture FROM customers WHERE id = $1',
      [owner.id],
    );
    expect(await get(`${MEDIA_PATHS.customerImages}${picture}`, owner.token)).toBe(200);
    expect(await get(`${MEDIA_PATHS.customerImages}${picture}`, other.token)).toBe(404);
    // While the database is away the owner is told so (503), not that the file is missing.
    const check = t.ctx.sessions.check;
    t.ctx.sessions.check = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    try {
      expect(await get(address, owner.token)).toBe(503);
    } finally {
      t.ctx.sessions.check = check;
    }
    expect((await call(t, 'logoutCustomerUser', { token: owner.token })).statusCode).toBe(200);
    expect(await get(address, owner.token)).toBe(404);
  });

  it('a print goes out by a link of minutes: without it nothing; the owner’s dies with their session, a visitor’s with its minutes', async () => {
    const owner = await newCustomer(t);
    const k = await withFile(owner);
    const printed = async (options: { token?: string; headers?: Record<string, string> }) =>
      json<{ path: string; file_name: string }>(await call(t, 'printCase', { params: { id: k._id }, ...options }));
    const mine = await printed({ token: owner.token });
    expect(mine.path).toMatch(new RegExp(`^${MEDIA_PATHS.root}${mine.file_name}\\?k=\\d+\\.`));
    expect(await get(mine.path)).toBe(200);
    expect(await get(`${MEDIA_PATHS.root}${mine.file_name}`)).toBe(404);
    // A link is for its own file: on another, or changed, it opens nothing.
    const other = await printed({ token: owner.token });
    expect(await get(`${MEDIA_PATHS.root}${other.file_name}?${mine.path.split('?')[1]}`)).toBe(404);
    expect(await get(mine.path.replace(/\d+\./, (n) => `${Number(n.slice(0, -1)) + 600}.`))).toBe(404);
    // A visitor who gave the phone on file: a link without a session, that ends with its minutes.
    const visitor = await printed({ headers: { [CASE_PHONE_HEADER]: owner.phone } });
    expect(await get(visitor.path)).toBe(200);
    const stale = fileLink(
      t.ctx.config.jwtSecret,
      `${MEDIA_PATHS.root}${visitor.file_name}`,
      undefined,
      Date.now() - (FILE_LINK_MINUTES * 60 + 1) * 1000,
    );
    expect(await get(stale)).toBe(404);
    // The owner logs out: the link they were given is dead; the visitor's lives its minutes.
    await call(t, 'logoutCustomerUser', { token: owner.token });
    expect(await get(mine.path)).toBe(404);
    expect(await get(visitor.path)).toBe(200);
  });

  it('whoever gives the phone on file gets the case’s files as links; a complaint’s answer by a link; the manual is public', async () => {
    const owner = await newCustomer(t);
    const k = await withFile(owner);
    const seen = json<Case>(
      await call(t, 'getCaseByNumber', { body: { casenum: k.case_number, phone: owner.phone }, ip: freshIp() }),
    );
    expect(seen.masked).toBe(false);
    expect(seen.attachment).toMatch(/^[A-Za-z0-9_-]{22}\.pdf\?k=\d+\.\.\.\./);
    expect(await get(`${MEDIA_PATHS.caseFiles}${seen.attachment}`)).toBe(200);
    expect(await get(`${MEDIA_PATHS.caseFiles}${seen.attachment?.split('?')[0]}`)).toBe(404);
    // The owner's own reads name the file plainly: their session fetches it.
    expect(await attachmentOf(owner, k.case_number)).toBe(seen.attachment?.split('?')[0]);

    const filed = json<{ tracking_code: string }>(
      await call(t, 'createAccusation', {
        form: (() => {
          const f = new FormData();
          f.append('subject', 'A clerk');
          f.append('description', 'Asked for money to move my file.');
          return f;
        })(),
        ip: freshIp(),
      }),
    );
    const answer = path.join(t.dataDir, 'answer.pdf');
    writeFileSync(answer, await pdfBytes('The answer'));
    await answerComplaint(t.ctx, filed.tracking_code, await acceptor(t.ctx), 'The clerk has been moved.', answer);
    const { answer_file } = json<{ answer_file: string }>(
      await call(t, 'getComplaintByCode', { params: { code: filed.tracking_code } }),
    );
    expect(await get(`${MEDIA_PATHS.root}${answer_file}`)).toBe(200);
    expect(await get(`${MEDIA_PATHS.root}${answer_file.split('?')[0]}`)).toBe(404);
    expect(await get(`${MEDIA_PATHS.manual}${MANUAL_DOWNLOAD_NAME}`)).toBe(200);
  });
});
