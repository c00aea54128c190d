import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, USSD_SECRET_HEADER } from '../../contract/endpoints.ts';
import { phoneKey } from '../../contract/phone.ts';
import { answerSms } from '../../server/sms/inbox.ts';
import type { TestApp } from '../support/api.ts';
import { TEST_USSD_SECRET } from '../support/ussd-gateway.ts';
import { applicationFor, call, freshIp, json, newCustomer, openCaseList, startApp, unzip } from '../support/api.ts';

/** Proves the customer's number with the code the development SMS outbox kept; answers its key. */
async function provenByCode(t: TestApp, c: { token: string; phone: string }): Promise<string> {
  expect((await call(t, 'sendPhoneCode', { token: c.token })).statusCode).toBe(200);
  await t.ctx.outbox.flush();
  const key = phoneKey(c.phone) ?? '';
  const box = path.join(t.dataDir, 'sms-outbox');
  const texts = readdirSync(box)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(box, f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === key);
  const code = /\b(\d{6})\b/.exec(texts.at(-1)?.text ?? '')?.[1] ?? '';
  expect((await call(t, 'verifyPhoneCode', { token: c.token, body: { code } })).statusCode).toBe(200);
  return key;
}

/** A USSD screen from `msisdn`, as the gateway asks it (issue 56): every input of the session so far in `text`. */
const ussdScreen = (t: TestApp, msisdn: string, sessionId: string, text: string) =>
  t.app.inject({
    method: 'POST',
    url: OPERATOR_PATHS.ussd,
    headers: { 'content-type': 'application/x-www-form-urlencoded', [USSD_SECRET_HEADER]: TEST_USSD_SECRET },
    payload: new URLSearchParams({ sessionId, serviceCode: '*8123#', phoneNumber: `+${msisdn}`, text }).toString(),
  });

describe('the texts and USSD sessions of a number are its prover’s only since the proof, and only that whole number (issues 48, 56)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { env: { USSD_SECRET: TEST_USSD_SECRET } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the archive lists the proven number’s texts since the proof; the erasure removes those, never an earlier one or another country’s', async () => {
    const c = await newCustomer(t);
    const key = phoneKey(c.phone) ?? '';
    // Before the customer proved the number, someone (perhaps its earlier holder) texted from it.
    await answerSms(t.ctx, { from: key, text: 'before the proof' });
    expect((await ussdScreen(t, key, 'before', '4')).statusCode).toBe(200);
    // A foreign number with the same last nine digits.
    const foreign = `44${key.slice(3)}`;
    await answerSms(t.ctx, { from: foreign, text: 'from another country' });
    expect((await ussdScreen(t, foreign, 'abroad', '3')).statusCode).toBe(200);
    await provenByCode(t, c);
    await answerSms(t.ctx, { from: key, text: 'after the proof' });
    expect((await ussdScreen(t, key, 'after', '1')).statusCode).toBe(200);
    expect((await ussdScreen(t, key, 'after', '1*2019')).statusCode).toBe(200);
    const { export_id } = json<{ export_id: string }>(await call(t, 'requestDataExport', { token: c.token }));
    const archive = await unzip(
      (await call(t, 'downloadDataExport', { params: { id: export_id }, token: c.token })).rawPayload,
    );
    const data = JSON.parse(archive.get('data.json')?.toString() ?? '{}') as {
      sms: { direction: string; text: string }[];
      ussd: { service_code: string; inputs: string; screen: string }[];
    };
    expect(data.sms.filter((m) => m.direction === 'in').map((m) => m.text)).toEqual(['after the proof']);
    expect(data.ussd).toMatchObject([{ service_code: '*8123#', inputs: '1*2019', screen: 'caseNumber' }]);
    expect(
      (await call(t, 'deleteCustomerAccount', { token: c.token, body: { password: 'a-long-enough-password' } }))
        .statusCode,
    ).toBe(200);
    const left = await t.ctx.db.query<{ msisdn: string; text: string }>(
      `SELECT msisdn, text FROM sms_messages WHERE direction = 'in' AND msisdn IN ($1, $2) ORDER BY id`,
      [key, foreign],
    );
    expect(left).toEqual([
      { msisdn: key, text: 'before the proof' },
      { msisdn: foreign, text: 'from another country' },
    ]);
    const sessions = await t.ctx.db.query<{ msisdn: string; session_id: string }>(
      'SELECT msisdn, session_id FROM ussd_sessions WHERE msisdn IN ($1, $2) ORDER BY id',
      [key, foreign],
    );
    expect(sessions).toEqual([
      { msisdn: key, session_id: 'before' },
      { msisdn: foreign, session_id: 'abroad' },
    ]);
  });
});

describe('a deleted account in the embedded database’s files', () => {
  it('leaves no trace in PGlite’s table files or write-ahead log once the deletion is done', async () => {
    const t = await startApp('pglite', { onDisk: true });
    try {
      const marker = `Yeshimebet${Date.now()}`;
      const c = await newCustomer(t, { firstname: marker, lastname: `${marker}Lastname` });
      const form = applicationFor(await openCaseList(t));
      form.set('remark', `${marker} remark`);
      expect((await call(t, 'createCase', { form, token: c.token, ip: freshIp() })).statusCode).toBe(201);
      // A text from the number they proved, with their name in it (issue 48: sms_messages is rewritten too).
      const number = await provenByCode(t, c);
      await answerSms(t.ctx, { from: number, text: `${marker} asks about a case` });
      const dir = path.join(t.dataDir, 'db');
      const holding = () =>
        readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
          .filter((f) => readFileSync(f).includes(marker));
      await t.ctx.db.query('CHECKPOINT');
      // The files hold the name before: the search looks in the right place.
      expect(holding().length).toBeGreaterThan(0);
      const done = await call(t, 'deleteCustomerAccount', {
        token: c.token,
        body: { password: 'a-long-enough-password' },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(holding().map((f) => path.relative(dir, f))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
