import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary, NotificationPreferences } from '../../contract/entities.ts';
import { phoneKey } from '../../contract/phone.ts';

import { isStopped } from '../../server/notify/repository.ts';
import type { TestApp } from '../support/api.ts';
import { applicationFor, call, freshIp, json, newCustomer, openCaseList, startApp } from '../support/api.ts';
import { provePhone, startSmsc } from '../support/smsc.ts';
import { moveAs } from '../support/staff.ts';

const ACCOUNT = { systemId: 'bureau', password: 's3cret' };
/** The portal's answers an hour in this test (the default is server/config/rate-rules.ts's `sms:answers`). */
const PORTAL_CAP = 12;
const NUMBER_MAX = 3;

/**
 * Issue 48, items 4 to 6: what the bureau's number reads, and for whom. A phone is a numeric
 * sender; a number is one number however the SMSC writes it; a text longer than any command
 * is not read; past a limit nothing is read; only numbers the operator account reaches are
 * answered, and the portal as a whole answers a bounded number of texts.
 */
describe('what the bureau’s number does not read', () => {
  let t: TestApp;
  let smsc: Awaited<ReturnType<typeof startSmsc>>;
  beforeAll(async () => {
    smsc = await startSmsc(ACCOUNT);
    t = await startApp('pglite', {
      // Numbers of the United Kingdom too, so that a foreign number is answered, as the public.
      env: { SMPP_URL: smsc.url, SMS_SENDER: '8123', SMS_REACH: '2519,2517,44' },
      rules: {
        'sms:number': { max: NUMBER_MAX, windowMs: 3_600_000 },
        'sms:answers': { max: PORTAL_CAP, windowMs: 3_600_000 },
      },
    });
    await smsc.bound();
  });
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  const answersTo = async (key: string) => {
    await t.ctx.outbox.flush();
    return smsc.messages().filter((m) => m.to === key);
  };
  const recorded = (key: string) =>
    t.ctx.db.query<{ command: string; outcome: string; text: string }>(
      `SELECT command, outcome, text FROM sms_messages WHERE msisdn = $1 AND direction = 'in' ORDER BY id`,
      [key],
    );
  /** Waits until the portal answered `key` `n` times (a later text's answer shows the earlier ones were handled). */
  const answered = (key: string, n: number) =>
    expect.poll(async () => (await answersTo(key)).length, { timeout: 4000 }).toBe(n);

  it('an alphanumeric sender is no phone: its STOP stops nothing, and it is neither answered nor recorded', async () => {
    const c = await newCustomer(t, { phone: '0911 50 60 70' });
    await provePhone(t, smsc, c);
    await smsc.text('0911506070', 'STOP', 1, { ton: 5 });
    // A text from the phone itself shows the alphanumeric one was handled before it.
    await smsc.text('251911506070', 'HELP');
    await answered('251911506070', 2);
    expect(await isStopped(t.ctx.db, '251911506070')).toBe(false);
    expect(
      json<NotificationPreferences>(await call(t, 'getNotificationPreferences', { token: c.token })).sms_stopped,
    ).toBe(false);
    expect((await recorded('251911506070')).map((r) => r.command)).toEqual(['help']);
  });

  it('a foreign number with the owner’s last nine digits gets what the public lookup shows, never the owner’s answer', async () => {
    const c = await newCustomer(t, { phone: '0911 22 33 99' });
    const open = await openCaseList(t);
    const k = json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
    ).case;
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await smsc.text('44911223399', k.case_number);
    await answered('44911223399', 1);
    const [foreign] = await answersTo('44911223399');
    expect(foreign?.text).toContain('More goes only to the phone on file.');
    expect(foreign?.text).not.toContain(k._id);
    // The owner's own phone gets the owner's answer.
    await smsc.text('251911223399', k.case_number);
    await answered('251911223399', 1);
    const own = (await answersTo('251911223399'))[0]?.text;
    expect(own).toContain(k.case_number);
    expect(own).not.toContain('More goes only to the phone on file.');
  });

  it('one number however the SMSC writes it shares one budget; what is no number gets none', async () => {
    const key = '251911777010';
    for (let i = 0; i < NUMBER_MAX; i++) await smsc.text(key, 'HELP');
    await answered(key, NUMBER_MAX);
    // The same phone, written nationally or with 00 (type of number unknown): past its limit, silence.
    await smsc.text('0911777010', 'HELP', 1, { ton: 2 });
    await smsc.text('00251911777010', 'HELP', 1, { ton: 0 });
    // Written so that it is no number: not a phone, nothing recorded, no budget.
    await smsc.text('000251911777010', 'HELP', 1, { ton: 0 });
    await smsc.text('2510911777010', 'HELP', 1, { ton: 0 });
    await expect.poll(async () => (await recorded(key)).length, { timeout: 4000 }).toBe(NUMBER_MAX + 2);
    expect(await answersTo(key)).toHaveLength(NUMBER_MAX);
    const rows = await recorded(key);
    // Past its limit a text is not read: recorded as unread.
    expect(rows.map((r) => [r.command, r.outcome])).toEqual([
      ...Array.from({ length: NUMBER_MAX }, () => ['help', 'replied']),
      ['unread', 'limited'],
      ['unread', 'limited'],
    ]);
    expect(await t.ctx.db.query(`SELECT 1 FROM sms_messages WHERE msisdn LIKE '%0911777010'`)).toEqual([]);
  });

  it('a text of more parts than any command is not read, and does not hold the next text up; one in message_payload is read', async () => {
    const flooder = '251911777020';
    // 255 parts of 96 characters each.
    const long = 'HDAB 2019 1 '.repeat(2040);
    await smsc.text(flooder, long, 255);
    // Another number's text right after is answered at once.
    const next = '251911777021';
    const sentAt = await smsc.text(next, 'HELP');
    await answered(next, 1);
    const [answer] = await answersTo(next);
    // Within the bound of every answer (issue 38's 2 s on loopback).
    expect(Math.max(...(answer?.parts ?? []).map((p) => p.at)) - sentAt).toBeLessThan(2000);
    expect(await answersTo(flooder)).toEqual([]);
    expect(await recorded(flooder)).toEqual([]);
    // The whole text in the message_payload parameter, short_message empty: read and answered.
    const payload = '251911777022';
    await smsc.text(payload, 'help', 1, { payload: true });
    await answered(payload, 1);
    // HELP's own answer (the short help of an unread text reads "እንደ … ያለ የጉዳይ ቁጥር"), in Amharic: nothing is known of the number.
    expect((await answersTo(payload))[0]?.text).toMatch(/^የቤቶች ቢሮ፦ የጉዳይ ቁጥር \(HDAB-/);
  });

  it('a number the operator account does not reach is recorded, unread, and not answered', async () => {
    const us = '12025550100';
    await smsc.text(us, 'HELP');
    const probe = '251911777030';
    await smsc.text(probe, 'HELP');
    await answered(probe, 1);
    expect(await answersTo(us)).toEqual([]);
    expect((await recorded(us)).map((r) => [r.command, r.outcome])).toEqual([['unread', 'unreachable']]);
  });

  it('past the portal’s answers of the hour, every number gets silence, counted in /metrics', async () => {
    const outs = async () =>
      (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_messages WHERE direction = 'out'`))[0]
        ?.n ?? 0;
    const before = await outs();
    expect(before).toBeLessThan(PORTAL_CAP);
    const numbers = Array.from({ length: PORTAL_CAP }, (_, i) => `2519117771${String(i).padStart(2, '0')}`);
    for (const number of numbers) await smsc.text(number, 'HELP');
    const rows = async () => (await Promise.all(numbers.map(recorded))).flat();
    await expect.poll(async () => (await rows()).length, { timeout: 4000 }).toBe(numbers.length);
    await t.ctx.outbox.flush();
    // Exactly the cap was answered, whichever numbers came first; the rest met silence, unread.
    expect(await outs()).toBe(PORTAL_CAP);
    const silent = (await rows()).filter((r) => r.outcome === 'limited');
    expect(silent).toHaveLength(numbers.length - (PORTAL_CAP - before));
    expect(silent.every((r) => r.command === 'unread')).toBe(true);
    const limited = await t.ctx.metrics.registry.getSingleMetricAsString('portal_rate_limited_total');
    expect(limited).toContain(`portal_rate_limited_total{rule="sms:answers"} ${silent.length}`);
    expect(numbers.every((n) => phoneKey(n) === n)).toBe(true);
  });
});
