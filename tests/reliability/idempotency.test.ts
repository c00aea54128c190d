import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseSummary } from '../../contract/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../contract/endpoints.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
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

describe.each(BACKENDS)('applying twice with one idempotency key on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
    pdf = await pdfBytes();
  });
  afterAll(async () => {
    await t?.close();
  });

  const apply = (token: string, key?: string) =>
    call(t, 'createCase', {
      form: applicationFor(open, {}, { attachment: file(pdf, 'doc.pdf', 'application/pdf') }),
      token,
      ip: freshIp(),
      ...(key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}),
    });
  const count = async (token: string) => json<unknown[]>(await call(t, 'getAllCases', { token })).length;
  const caseOf = (res: Awaited<ReturnType<typeof apply>>) => json<{ case: CaseSummary }>(res).case;

  it('a retry answers the case the first try created, and keeps no second file', async () => {
    const c = await newCustomer(t);
    const key = 'a'.repeat(32);
    const first = await apply(c.token, key);
    const again = await apply(c.token, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(caseOf(again)).toEqual(caseOf(first));
    expect(await count(c.token)).toBe(1);
    expect(await t.ctx.storage.names('CaseFiles')).toHaveLength(1);
    // Another key, another case; the same key from another customer is theirs alone.
    expect(caseOf(await apply(c.token, 'b'.repeat(32))).case_number).not.toBe(caseOf(first).case_number);
    const other = await newCustomer(t);
    expect(caseOf(await apply(other.token, key)).case_number).not.toBe(caseOf(first).case_number);
  });

  it('tries arriving at once make one case', async () => {
    const c = await newCustomer(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(c.token, 'concurrent-key-0123456789')));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => caseOf(r).case_number)).size).toBe(1);
    expect(await count(c.token)).toBe(1);
  });

  it('refuses a key that is not one', async () => {
    const c = await newCustomer(t);
    expect(expectError(await apply(c.token, 'short'), 400, 'validation').fields).toEqual({
      [IDEMPOTENCY_HEADER]: 'invalid',
    });
    expect(await count(c.token)).toBe(0);
  });
});

describe.each(BACKENDS)('filing a complaint twice with one idempotency key on %s', (backend) => {
  let t: TestApp;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await startApp(backend);
    pdf = await pdfBytes();
  });
  afterAll(async () => {
    await t?.close();
  });

  // A complaint kept offline (src/letters) may be sent by the page and its service worker both.
  const complain = (subject: string, key?: string) => {
    const form = new FormData();
    form.append('subject', subject);
    form.append('description', 'Kept on the phone while offline');
    form.append('attachment', file(pdf, 'doc.pdf', 'application/pdf'));
    return call(t, 'createAccusation', {
      form,
      ip: freshIp(),
      ...(key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}),
    });
  };
  const codeOf = (res: Awaited<ReturnType<typeof complain>>) => json<{ tracking_code: string }>(res).tracking_code;
  const filed = async (subject: string) =>
    (await t.ctx.db.query('SELECT 1 FROM accusations WHERE subject = $1', [subject])).length;

  it('a retry, or tries arriving at once, answer the first try’s code and file one complaint with one file', async () => {
    const key = 'c'.repeat(32);
    const first = await complain('Queue at window 2', key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await Promise.all(Array.from({ length: 4 }, () => complain('Queue at window 2', key)));
    expect(again.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(again.map(codeOf))).toEqual(new Set([codeOf(first)]));
    expect(await filed('Queue at window 2')).toBe(1);
    expect(await t.ctx.storage.names('Accusations')).toHaveLength(1);
    // Without a key, or with another, each try is a complaint of its own.
    expect(codeOf(await complain('Queue at window 2', 'd'.repeat(32)))).not.toBe(codeOf(first));
    await complain('Queue at window 2');
    expect(await filed('Queue at window 2')).toBe(3);
  });

  it('refuses a key that is not one', async () => {
    expect(expectError(await complain('Bad key', 'short'), 400, 'validation').fields).toEqual({
      [IDEMPOTENCY_HEADER]: 'invalid',
    });
    expect(await filed('Bad key')).toBe(0);
  });
});
