import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';
import { smsParts } from '../../server/notify/sms-parts.ts';
import { parseSmppUrl, smsNumberOf } from '../../server/notify/sms.ts';
import { DEFAULT_SMS_REACH } from '../../server/config/tuning.ts';
import { MAIL_RETRY_FIRST_MS, SMS_GSM_SINGLE, SMS_UCS2_PART, SMS_UCS2_SINGLE } from '../../server/config/tuning.ts';
import type { TestApp } from '../support/api.ts';
import { BACKENDS, QUICK_OUTBOX, newCustomer, startApp } from '../support/api.ts';
import { startSmsc } from '../support/smsc.ts';

const ACCOUNT = { systemId: 'bureau', password: 's3cret' };
/** An Amharic status change, longer than one SMS of UCS-2. */
const AMHARIC =
  'የጉዳይ ቁጥር HDAB-2018-000123 ሁኔታ ተቀይሯል፦ አሁን በሂደት ላይ ነው። ዝርዝሩን በ http://portal.test/dashboard/case/1 ይመልከቱ። የቤቶች ልማትና አስተዳደር ቢሮ';

describe('SMS texts as SMPP carries them', () => {
  it('GSM 7-bit where every character is GSM, UCS-2 otherwise; long texts in joined parts that never split a character', () => {
    expect(smsParts('Case HDAB-2018-000123 is ongoing. €5', 1)).toMatchObject({ dataCoding: 0 });
    expect(smsParts('x'.repeat(SMS_GSM_SINGLE), 1).messages).toHaveLength(1);
    expect(smsParts('x'.repeat(SMS_GSM_SINGLE + 1), 1).messages).toHaveLength(2);
    // An extension character costs two septets: 159 + € does not fit one SMS.
    expect(smsParts(`${'x'.repeat(SMS_GSM_SINGLE - 1)}€`, 1).messages).toHaveLength(2);
    const am = smsParts(AMHARIC, 0x1ff);
    expect(am.dataCoding).toBe(8);
    expect(AMHARIC.length).toBeGreaterThan(SMS_UCS2_SINGLE);
    expect(am.messages).toHaveLength(Math.ceil(AMHARIC.length / SMS_UCS2_PART));
    // The header: IEI 0, length 3, the reference (8 bits), the total, the sequence.
    expect([...am.messages[1]!.subarray(0, 6)]).toEqual([5, 0, 3, 0xff, am.messages.length, 2]);
    // A character outside the BMP (two UCS-2 units) stays whole.
    const emoji = smsParts(`${'ሀ'.repeat(SMS_UCS2_PART - 1)}😀 end`, 1);
    expect(emoji.messages[0]!.length).toBe(6 + (SMS_UCS2_PART - 1) * 2);
  });

  it('numbers as typed become international mobile numbers; anything the account does not reach is not sent to', () => {
    const reach = DEFAULT_SMS_REACH.split(',');
    for (const typed of ['0911234567', '911234567', '+251 911 234 567', '251911234567', '0711234567', '00251911234567'])
      expect(smsNumberOf(reach, typed), typed).toMatch(/^251[79]\d{8}$/);
    for (const typed of ['0111234567', '12345', 'not a phone', '+1 202 555 0100', '000251911234567', '+447911234567'])
      expect(smsNumberOf(reach, typed), typed).toBeNull();
    // SMS_REACH names what the account reaches: another country's numbers too.
    expect(smsNumberOf([...reach, '44'], '+44 7911 234567')).toBe('447911234567');
  });

  it('SMPP_URL and SMS_SENDER are checked at start, together', () => {
    const load = (env: Record<string, string>) => () =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-config-test', ...env });
    expect(parseSmppUrl('smpps://id:pw@smsc.example.et')).toEqual({
      host: 'smsc.example.et',
      port: 3550,
      tls: true,
      systemId: 'id',
      password: 'pw',
    });
    expect(load({ SMPP_URL: 'http://id:pw@smsc.example.et', SMS_SENDER: 'Bureau' })).toThrow(
      /SMPP_URL: must start with smpp:\/\/ or smpps:\/\//,
    );
    expect(load({ SMPP_URL: 'smpp://smsc.example.et:2775', SMS_SENDER: 'Bureau' })).toThrow(
      /SMPP_URL: must carry the account/,
    );
    expect(load({ SMPP_URL: 'smpp://id:pw@smsc.example.et:2775' })).toThrow(/SMS_SENDER: is required with SMPP_URL/);
    expect(load({ SMPP_URL: 'smpp://id:pw@smsc.example.et:2775', SMS_SENDER: 'A name far too long' })).toThrow(
      ConfigError,
    );
    expect(load({ SMPP_URL: 'smpp://id:pw@smsc.example.et:2775', SMS_SENDER: 'HousingBur' })().smpp).toMatchObject({
      port: 2775,
      tls: false,
      sender: 'HousingBur',
    });
  });
});

describe.each(BACKENDS)('SMS through a real SMPP server, on %s', (backend) => {
  let t: TestApp;
  let smsc: Awaited<ReturnType<typeof startSmsc>>;
  /** Whom the messages are for: every message is some account's or complaint's. */
  let about: { customer: string };
  beforeAll(async () => {
    smsc = await startSmsc(ACCOUNT);
    t = await startApp(backend, { env: { SMPP_URL: smsc.url, SMS_SENDER: 'HousingBur' }, outbox: QUICK_OUTBOX });
    about = { customer: (await newCustomer(t)).id };
  });
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  const row = async (to: string) =>
    (
      await t.ctx.db.query<{
        id: string;
        attempts: number;
        sent: boolean;
        delivered: boolean;
        body: string;
        last_error: string | null;
      }>(
        `SELECT id, attempts, sent_at IS NOT NULL AS sent, delivered_at IS NOT NULL AS delivered, body, last_error FROM notifications WHERE channel = 'sms' AND recipient = $1`,
        [to],
      )
    )[0];

  it('an Amharic text arrives as UCS-2 in concatenated parts that join to the exact text; a receipt for every part marks it delivered', async () => {
    const to = '251911000001';
    await t.ctx.texter.send({ to, text: AMHARIC }, about);
    await t.ctx.outbox.flush();
    const [sms, ...others] = smsc.messages().filter((m) => m.to === to);
    expect(others).toEqual([]);
    expect(sms).toMatchObject({ from: 'HousingBur', dataCoding: 8, text: AMHARIC });
    expect(sms?.parts.length).toBeGreaterThan(1);
    for (const part of sms?.parts ?? []) expect(part.esmClass & 0x40).toBe(0x40);
    expect(await row(to)).toMatchObject({ attempts: 1, sent: true, delivered: false, body: '' });

    for (const part of sms?.parts ?? []) await smsc.receipt(part.messageId);
    await expect.poll(async () => (await row(to))?.delivered).toBe(true);
  });

  it('a Latin text fits GSM 7-bit in one part', async () => {
    const to = '251911000002';
    const text = 'Case HDAB-2018-000124: ongoing. http://portal.test/dashboard/case/2';
    await t.ctx.texter.send({ to, text }, about);
    await t.ctx.outbox.flush();
    expect(smsc.messages().filter((m) => m.to === to)).toMatchObject([
      { dataCoding: 0, text, parts: [{ concat: null }] },
    ]);
  });

  it('a part the SMSC refuses is sent again, alone: the phone gets every part once', async () => {
    const to = '251911000003';
    smsc.refusePart(2);
    await t.ctx.texter.send({ to, text: AMHARIC }, about);
    await t.ctx.outbox.flush();
    expect((await row(to))?.last_error).toMatch(/refused a part/);
    await expect.poll(async () => (await row(to))?.sent, { timeout: MAIL_RETRY_FIRST_MS * 4 }).toBe(true);
    const [sms, ...others] = smsc.messages().filter((m) => m.to === to);
    expect(others).toEqual([]);
    expect(sms?.parts.map((p) => p.concat?.seq)).toEqual(sms?.parts.map((_, i) => i + 1));
    expect(sms?.text).toBe(AMHARIC);
  });
});

describe('SMS without an operator account', () => {
  it('go to the development outbox, one JSON file each, as mail does', async () => {
    const t = await startApp('pglite');
    try {
      const about = { customer: (await newCustomer(t)).id };
      expect(t.ctx.texter.kind).toBe('outbox');
      await t.ctx.texter.send({ to: '251911000009', text: AMHARIC }, about);
      await t.ctx.outbox.flush();
      const files = readdirSync(path.join(t.dataDir, 'sms-outbox'));
      expect(files).toHaveLength(1);
      expect(JSON.parse(readFileSync(path.join(t.dataDir, 'sms-outbox', files[0] ?? ''), 'utf8'))).toMatchObject({
        to: '251911000009',
        text: AMHARIC,
        dataCoding: 8,
        parts: smsParts(AMHARIC, 0).messages.length,
      });
    } finally {
      await t.close();
    }
  });
});

describe.each(BACKENDS)('SMS while the SMSC is away, on %s', (backend) => {
  it('is kept, retried, and delivered once when the SMSC returns; mail goes on meanwhile', async () => {
    const first = await startSmsc(ACCOUNT);
    const port = first.port;
    await first.close();
    const t = await startApp(backend, {
      env: { SMPP_URL: first.url, SMS_SENDER: 'HousingBur' },
      outbox: QUICK_OUTBOX,
    });
    let smsc: Awaited<ReturnType<typeof startSmsc>> | undefined;
    try {
      const about = { customer: (await newCustomer(t)).id };
      const to = '251911000004';
      await t.ctx.texter.send({ to, text: 'Case HDAB-2018-000125: responded.' }, about);
      await t.ctx.mailer.send({ to: 'someone@example.et', subject: 'Mail goes on', text: 'While SMS waits.' }, about);
      await t.ctx.outbox.flush();
      const [queued] = await t.ctx.db.query<{
        channel: string;
        sent: boolean;
        last_error: string | null;
        wait_ms: number;
      }>(
        `SELECT channel, sent_at IS NOT NULL AS sent, last_error,
           (EXTRACT(EPOCH FROM next_attempt_at - now()) * 1000)::float8 AS wait_ms
         FROM notifications WHERE recipient = $1`,
        [to],
      );
      expect(queued).toMatchObject({ channel: 'sms', sent: false });
      expect(queued?.last_error).toMatch(/ECONNREFUSED/);
      // The retry comes as the context's outbox timing says (QUICK_OUTBOX), not after MAIL_RETRY_FIRST_MS.
      expect(queued?.wait_ms).toBeLessThan(MAIL_RETRY_FIRST_MS / 2);
      const [mail] = await t.ctx.db.query<{ sent: boolean }>(
        `SELECT sent_at IS NOT NULL AS sent FROM notifications WHERE recipient = 'someone@example.et'`,
      );
      expect(mail?.sent).toBe(true);

      smsc = await startSmsc({ ...ACCOUNT, port });
      const back = smsc;
      await expect
        .poll(() => back.messages().filter((m) => m.to === to).length, { timeout: MAIL_RETRY_FIRST_MS * 4 })
        .toBe(1);
      await t.ctx.outbox.flush();
      expect(back.messages().filter((m) => m.to === to)).toHaveLength(1);
    } finally {
      await t.close();
      await smsc?.close();
    }
  });
});
