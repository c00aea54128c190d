import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary, NotificationPreferences } from '../../contract/entities.ts';
import { phoneKey } from '../../contract/phone.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  expectError,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  openCaseList,
  registrationForm,
  startApp,
  uniquePhone,
  unzip,
} from '../support/api.ts';
import { provePhone, startSmsc } from '../support/smsc.ts';
import { answerSms } from '../../server/sms/inbox.ts';

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** Issue 48: whose phone the account's is, one number however it is written, and what a number's STOP shows. */
describe.each(BACKENDS)('the phone on file, on %s', (backend) => {
  let t: TestApp;
  let smsc: Awaited<ReturnType<typeof startSmsc>>;
  beforeAll(async () => {
    smsc = await startSmsc({ systemId: 'bureau', password: 'pw' });
    t = await startApp(backend, {
      env: { SMPP_URL: smsc.url, SMS_SENDER: '8123' },
      rules: { 'register:phone': { max: 3, windowMs: 3_600_000 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  const prefs = async (c: Customer) =>
    json<NotificationPreferences>(await call(t, 'getNotificationPreferences', { token: c.token }));
  const codeTo = async (phone: string) => {
    await t.ctx.outbox.flush();
    return (
      /\b(\d{6})\b/.exec(
        smsc
          .messages()
          .filter((m) => m.to === phoneKey(phone))
          .at(-1)?.text ?? '',
      )?.[1] ?? ''
    );
  };
  const lookup = async (casenum: string, phone: string) =>
    json<{ masked: boolean }>(await call(t, 'getCaseByNumber', { body: { casenum, phone }, ip: freshIp() })).masked;
  const newCase = async (c: Customer) =>
    json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(await openCaseList(t)), token: c.token, ip: freshIp() }),
    ).case;

  it('the owner changes the number from the profile: a code to the new number, the e-mail told, the new number unmasks and the old does not', async () => {
    const c = await newCustomer(t);
    const k = await newCase(c);
    expect(await lookup(k.case_number, c.phone)).toBe(false);
    const fresh = uniquePhone();
    // A number that is no phone is refused by the contract's rule, translated, and nothing is sent.
    const bad = expectError(await call(t, 'sendPhoneCode', { token: c.token, body: { phone: '12345' } }), 400);
    expect(bad.fields).toEqual({ phone: 'notPhone' });
    // A number the operator account does not reach gets no code either.
    expectError(
      await call(t, 'sendPhoneCode', { token: c.token, body: { phone: '+44 7911 223344' } }),
      409,
      'phoneNotMobile',
    );
    expect((await call(t, 'sendPhoneCode', { token: c.token, body: { phone: fresh } })).statusCode).toBe(200);
    // Nothing changes until the code sent to the new number is typed back.
    expect((await prefs(c)).phone).toBe(c.phone);
    expect(await lookup(k.case_number, fresh)).toBe(true);
    const wrong = (await codeTo(fresh)) === '000000' ? '111111' : '000000';
    expectError(await call(t, 'verifyPhoneCode', { token: c.token, body: { code: wrong } }), 400, 'phoneCodeInvalid');
    const mails = (await mailsTo(t, c.email)).length;
    const done = await call(t, 'verifyPhoneCode', { token: c.token, body: { code: await codeTo(fresh) } });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done).Message_en).toBe(
      `Your mobile number is now ${fresh}. The bureau's SMS go to it, and it shows your cases in full with their case number.`,
    );
    expect(json<{ preferences: NotificationPreferences }>(done).preferences).toMatchObject({
      phone: fresh,
      phone_verified: true,
    });
    const told = (await mailsTo(t, c.email)).slice(mails);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe('The mobile number of your account was changed');
    expect(told[0]?.text).toContain(`ending in ${fresh.slice(-2)}`);
    expect(await lookup(k.case_number, fresh)).toBe(false);
    expect(await lookup(k.case_number, c.phone)).toBe(true);
  });

  it('a number is one number however it is written: registrations count against one budget', async () => {
    const national = uniquePhone();
    const digits = national.slice(1);
    for (const written of [national, `+251 ${digits}`, `00251${digits}`])
      expect(
        (await call(t, 'createCustomerUser', { form: registrationForm({ phone: written }), ip: freshIp() })).statusCode,
      ).toBe(201);
    expectError(
      await call(t, 'createCustomerUser', { form: registrationForm({ phone: `251${digits}` }), ip: freshIp() }),
      429,
    );
    // What is no number is refused as such, not counted as a new one.
    for (const written of [`000251${digits}`, `2510${digits}`]) {
      const refused = expectError(
        await call(t, 'createCustomerUser', { form: registrationForm({ phone: written }), ip: freshIp() }),
        400,
      );
      expect(refused.fields).toEqual({ phone: 'notPhone' });
    }
  });

  it('one account at a time holds a number: a later proof ends the earlier one, and each keeps only its own texts', async () => {
    const phone = uniquePhone();
    const key = phoneKey(phone) ?? '';
    const first = await newCustomer(t, { phone });
    const k = await newCase(first);
    await provePhone(t, smsc, first);
    await answerSms(t.ctx, { from: key, text: 'HELP while the first holds it' });
    // The number goes to someone else (a SIM given anew), who proves it on their own account.
    const second = await newCustomer(t, { phone });
    await provePhone(t, smsc, second);
    await answerSms(t.ctx, { from: key, text: 'HELP once the second holds it' });
    expect((await prefs(first)).phone_verified).toBe(false);
    expect((await prefs(second)).phone_verified).toBe(true);
    // The number is the second's now: it unmasks none of the first's cases.
    expect(await lookup(k.case_number, phone)).toBe(true);
    const textsOf = async (c: Customer) => {
      const { export_id } = json<{ export_id: string }>(await call(t, 'requestDataExport', { token: c.token }));
      const archive = await unzip(
        (await call(t, 'downloadDataExport', { params: { id: export_id }, token: c.token })).rawPayload,
      );
      const data = JSON.parse(archive.get('data.json')?.toString() ?? '{}') as {
        sms: { direction: string; text: string }[];
      };
      return data.sms.filter((m) => m.direction === 'in').map((m) => m.text);
    };
    expect(await textsOf(first)).toEqual(['HELP while the first holds it']);
    expect(await textsOf(second)).toEqual(['HELP once the second holds it']);
    // The first's erasure takes the first's texts only.
    expect(
      (await call(t, 'deleteCustomerAccount', { token: first.token, body: { password: 'a-long-enough-password' } }))
        .statusCode,
    ).toBe(200);
    expect(await textsOf(second)).toEqual(['HELP once the second holds it']);
    expect(
      (
        await t.ctx.db.query<{ text: string }>(`SELECT text FROM sms_messages WHERE msisdn = $1 AND direction = 'in'`, [
          key,
        ])
      ).map((r) => r.text),
    ).toEqual(['HELP once the second holds it']);
  });

  it('a number’s STOP shows only to the account that proved the number', async () => {
    const phone = uniquePhone();
    const prover = await newCustomer(t, { phone });
    await provePhone(t, smsc, prover);
    await smsc.bound();
    await smsc.text(phoneKey(phone) ?? '', 'STOP');
    await expect.poll(async () => (await prefs(prover)).sms_stopped).toBe(true);
    // Someone else registered later with that number, and never proved it: nothing of its wishes shows.
    const later = await newCustomer(t, { phone });
    expect(await prefs(later)).toMatchObject({ phone_verified: false, sms_stopped: false });
    // Asking a code for it is still refused: no SMS goes to a number that said STOP.
    expectError(await call(t, 'sendPhoneCode', { token: later.token }), 409, 'smsStopped');
  });
});
