import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseSummary, NotificationPreferences } from '../../contract/entities.ts';
import { formatDay } from '../../contract/dates.ts';
import { answerComplaint } from '../../server/feedback/complaints.ts';
import { phoneKey } from '../../contract/phone.ts';
import { MAIL_RETRY_FIRST_MS, SMPP_REBIND_MAX_MS, SMS_UCS2_SINGLE } from '../../server/config/tuning.ts';
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
  startApp,
  QUICK_OUTBOX,
  uniquePhone,
  unzip,
} from '../support/api.ts';
import type { ReceivedSms } from '../support/smsc.ts';
import { provePhone, startSmsc } from '../support/smsc.ts';
import { moveAs, acceptor } from '../support/staff.ts';

const ACCOUNT = { systemId: 'bureau', password: 's3cret' };
/** The bound: an answer leaves within 2 s of the text's arrival (loopback). */
const ANSWER_WITHIN_MS = 2000;
/** The flood test's limit per number and hour (the default is in server/config/rate-rules.ts). */
const FLOOD_MAX = 3;

/** A number as an Ethiopic numeral (under 10,000): 2018 is ፳፻፲፰, 42 is ፵፪. */
function ethiopic(n: number): string {
  const under100 = (k: number) =>
    (k >= 10 ? ('፲፳፴፵፶፷፸፹፺'[Math.floor(k / 10) - 1] ?? '') : '') + (k % 10 ? ('፩፪፫፬፭፮፯፰፱'[(k % 10) - 1] ?? '') : '');
  const hundreds = Math.floor(n / 100);
  return (hundreds ? `${hundreds === 1 ? '' : under100(hundreds)}፻` : '') + under100(n % 100);
}

type Customer = Awaited<ReturnType<typeof newCustomer>>;

describe.each(BACKENDS)('following a case by SMS: texts to the bureau’s number, on %s', (backend) => {
  let t: TestApp;
  let smsc: Awaited<ReturnType<typeof startSmsc>>;
  let open: CaseList;
  const logged: string[] = [];
  beforeAll(async () => {
    smsc = await startSmsc(ACCOUNT);
    const lines = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    t = await startApp(backend, {
      env: { SMPP_URL: smsc.url, SMS_SENDER: '8123' },
      rules: { 'sms:number': { max: FLOOD_MAX + 20, windowMs: 3_600_000 } },
      log: pino({ level: 'info' }, lines),
    });
    open = await openCaseList(t);
    // The portal binds at start, with nothing to send, to hear what phones text it.
    await smsc.bound();
  });
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  const newCase = async (c: Customer) =>
    json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
    ).case;
  const prefs = async (c: Customer) =>
    json<NotificationPreferences>(await call(t, 'getNotificationPreferences', { token: c.token }));
  const smsTo = (phone: string): ReceivedSms[] => smsc.messages().filter((m) => m.to === phoneKey(phone));
  /**
   * What the phone has received so far, to tell the texts that come after it: a text that came
   * before can arrive in the very millisecond of what follows, so a time cannot tell them apart.
   */
  const seenBy = (phone: string) => {
    const had = new Set(smsTo(phone).map((m) => m.parts[0]));
    return () => smsTo(phone).filter((m) => !had.has(m.parts[0]));
  };

  /** Texts the bureau from `phone` and waits for its one answer; checks it left within the bound. */
  async function ask(phone: string, text: string, parts = 1): Promise<ReceivedSms> {
    const fresh = seenBy(phone);
    const sentAt = await smsc.text(phoneKey(phone) ?? phone, text, parts);
    // Every part of it: the phone shows the text once the last part is there.
    const whole = () => fresh().filter((m) => m.parts.length === (m.parts[0]?.concat?.total ?? 1));
    await expect.poll(() => whole().length, { timeout: ANSWER_WITHIN_MS * 2 }).toBeGreaterThan(0);
    const [answer, ...more] = fresh();
    expect(more).toEqual([]);
    expect(Math.max(...(answer?.parts ?? []).map((p) => p.at)) - sentAt).toBeLessThan(ANSWER_WITHIN_MS);
    return answer as ReceivedSms;
  }
  const verified = (c: Customer) => provePhone(t, smsc, c);

  it('a case number from the phone on file: the status, the last step’s day and the next step, in the owner’s language; within 2 s', async () => {
    const c = await newCustomer(t);
    const k = await newCase(c);
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, k.case_number, { to: 'info_requested', note: 'Send the deed' });
    const today = formatDay(new Date(), 'en');
    const answer = await ask(c.phone, k.case_number);
    expect(answer).toMatchObject({ from: '8123', dataCoding: 0 });
    // What the bureau asked, in its own words.
    expect(answer.text).toBe(
      `Case ${k.case_number}: information requested since ${today}. The bureau asks: "Send the deed" Answer at http://portal.test/dashboard/case/${k._id}`,
    );
    // Without dashes, in small letters, with spaces and punctuation: the same case.
    const loose = await ask(c.phone, `  ${k.case_number.replace(/-/g, '').toLowerCase()} !`);
    expect(loose.text).toBe(answer.text);
  });

  it('the same case from another phone: what the public lookup shows, never a name or the case’s page', async () => {
    const c = await newCustomer(t, { firstname: 'Almaz' });
    const k = await newCase(c);
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    const stranger = uniquePhone();
    const answer = await ask(stranger, k.case_number);
    expect(answer.text).toBe(
      `Case ${k.case_number}: processing since ${formatDay(new Date(), 'en')}. More goes only to the phone on file.`,
    );
    expect(answer.text).not.toContain('Almaz');
    expect(answer.text).not.toContain(k._id);
  });

  it('in Amharic with Ethiopic numerals: the case is found and the answer is in Amharic', async () => {
    const c = await newCustomer(t, { preferred_language: 'Am' });
    const k = await newCase(c);
    const [prefix, year, serial] = k.case_number.split('-') as [string, string, string];
    const text = `${prefix} ${ethiopic(Number(year))} ${ethiopic(Number(serial))}`;
    expect(text).toMatch(/^[A-Z]+ [\u1369-\u137c]+ [\u1369-\u137c]+$/u);
    const answer = await ask(uniquePhone(), text);
    expect(answer.dataCoding).toBe(8);
    expect(answer.text).toBe(
      `ጉዳይ ${k.case_number}፦ በመጠባበቅ ላይ፣ ከ${formatDay(new Date(), 'am')} ጀምሮ። ዝርዝሩ የሚላከው በጉዳዩ ላይ ወዳለው ስልክ ብቻ ነው።`,
    );
    // A number that is no case says so, and loses nothing of what was typed: in Amharic, as nothing is known of the number.
    expect((await ask(uniquePhone(), `${prefix}-${year}-999999`)).text).toBe(
      `ጉዳይ ${prefix}-${year}-999999 አልተገኘም። ቁጥሩን አረጋግጠው እንደገና ይላኩ።`,
    );
  });

  it('a long Amharic answer arrives in concatenated parts the phone joins; a long text in parts is read whole', async () => {
    const c = await newCustomer(t);
    expect(
      (
        await call(t, 'updateNotificationPreferences', {
          token: c.token,
          body: { email: true, sms: false, language: 'Am' },
        })
      ).statusCode,
    ).toBe(200);
    const k = await newCase(c);
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, k.case_number, { to: 'rejected', justification: 'The deed is missing.' });
    const answer = await ask(c.phone, `እባክዎ ${k.case_number} ሁኔታው ምንድነው`, 2);
    expect(answer.text.length).toBeGreaterThan(SMS_UCS2_SINGLE);
    expect(answer.parts.length).toBeGreaterThan(1);
    expect(answer.parts.map((p) => p.concat?.seq)).toEqual(answer.parts.map((_, i) => i + 1));
    expect(answer.text).toMatch(
      new RegExp(`^ጉዳይ ${k.case_number}፦ ውድቅ ተደርጓል፣ .* ይግባኝ ማለት ይችላሉ፦ http://portal.test/dashboard/case/${k._id}$`),
    );
  });

  it('a complaint’s tracking code: its state, then that the answer waits on its page', async () => {
    const form = new FormData();
    form.append('subject', 'Queue at window 3');
    form.append('description', 'Two hours of waiting.');
    const code = json<{ tracking_code: string }>(
      await call(t, 'createAccusation', { form, ip: freshIp() }),
    ).tracking_code;
    const phone = uniquePhone();
    // Nothing known of the number or of the complaint's language: Amharic, whatever the text's letters.
    expect((await ask(phone, code.toLowerCase())).text).toBe(`ቅሬታ ${code}፦ ደርሷል።`);
    await answerComplaint(t.ctx, code, await acceptor(t.ctx), 'We have spoken to the staff.');
    expect((await ask(phone, code)).text).toBe(
      `ቅሬታ ${code}፦ ምላሽ ተሰጥቶታል፦ «We have spoken to the staff.» ሙሉውን እዚህ ይመልከቱ፦ http://portal.test/complaint/${code}`,
    );
    // A complaint whose complainant asked to be told in English is answered in English, from any phone.
    form.set('notify', 'En');
    form.set('phone', uniquePhone());
    const english = json<{ tracking_code: string }>(
      await call(t, 'createAccusation', { form, ip: freshIp() }),
    ).tracking_code;
    expect((await ask(uniquePhone(), english)).text).toBe(`Complaint ${english}: received.`);
  });

  it('STOP: no SMS from the bureau to the number, mail instead, the profile says so and no code goes; START: SMS again', async () => {
    const c = await newCustomer(t);
    await verified(c);
    expect(
      (
        await call(t, 'updateNotificationPreferences', {
          token: c.token,
          body: { email: false, sms: true, language: 'Am' },
        })
      ).statusCode,
    ).toBe(200);
    const k = await newCase(c);
    // The customer's language, not the text's letters: "stop" in Latin letters is answered in Amharic.
    expect((await ask(c.phone, 'stop')).text).toBe(
      'የቤቶች ቢሮ፦ ከእንግዲህ ወደዚህ ቁጥር አጭር መልእክት አይላክም። እንደገና ለማግኘት ጀምር ብለው ይላኩ።',
    );
    expect((await ask(c.phone, 'አቁም')).text).toBe('የቤቶች ቢሮ፦ ከእንግዲህ ወደዚህ ቁጥር አጭር መልእክት አይላክም። እንደገና ለማግኘት ጀምር ብለው ይላኩ።');
    expect(await prefs(c)).toMatchObject({ sms: true, sms_stopped: true, sms_number: '8123' });
    const mails = (await mailsTo(t, c.email)).length;
    const afterStop = seenBy(c.phone);
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await t.ctx.outbox.flush();
    expect(afterStop()).toEqual([]);
    expect((await mailsTo(t, c.email)).length).toBe(mails + 1);
    expectError(await call(t, 'sendPhoneCode', { token: c.token }), 409, 'smsStopped');
    // What the number asks itself is still answered.
    expect((await ask(c.phone, k.case_number)).text).toMatch(/^ጉዳይ /);

    expect((await ask(c.phone, 'Start')).text).toBe('የቤቶች ቢሮ፦ ወደዚህ ቁጥር አጭር መልእክት እንደገና ይላካል። ለማቆም አቁም ብለው ይላኩ።');
    expect((await prefs(c)).sms_stopped).toBe(false);
    const afterStart = seenBy(c.phone);
    await moveAs(t.ctx, k.case_number, { to: 'info_requested', note: 'Send the deed' });
    await t.ctx.outbox.flush();
    // The request itself says what the bureau asks.
    expect(afterStart().map((m) => m.text)).toEqual([
      `ጉዳይ ${k.case_number}፦ ቢሮው ይጠይቃል፦ «Send the deed» እዚህ ይመልሱ፦ http://portal.test/dashboard/case/${k._id}`,
    ]);
  });

  it('HELP in one SMS part, in English and in Amharic; gibberish gets a short help, never an error code', async () => {
    // A number nothing is known of is answered in Amharic, whatever it wrote.
    const phone = uniquePhone();
    const amharic = await ask(phone, 'help');
    expect(amharic.parts).toHaveLength(1);
    expect(amharic.text).toMatch(/^የቤቶች ቢሮ፦ የጉዳይ ቁጥር/);
    expect((await ask(phone, 'እርዳታ')).text).toBe(amharic.text);
    expect((await ask(phone, '?')).text).toBe(amharic.text);
    expect((await ask(phone, 'asdf qwerty 123')).text).toMatch(/^የቤቶች ቢሮ፦ እንደ HDAB-\d{4}-000042 ያለ/);
    // The number of a customer who reads English: English, one GSM part, whatever it wrote.
    const c = await newCustomer(t);
    await verified(c);
    const help = await ask(c.phone, 'እርዳታ');
    expect(help).toMatchObject({ dataCoding: 0 });
    expect(help.parts).toHaveLength(1);
    expect(help.text).toMatch(/^Housing Bureau: send a case number \(HDAB-\d{4}-000042\)/);
    const gibberish = await ask(c.phone, 'asdf qwerty 123');
    expect(gibberish.text).toMatch(/^Housing Bureau: send a case number like HDAB-\d{4}-000042, or HELP\.$/);
  });

  it('every text and its answer are recorded, the number masked in the logs; the proved number’s texts are in the data archive', async () => {
    const c = await newCustomer(t);
    await verified(c);
    const msisdn = phoneKey(c.phone) ?? '';
    await ask(c.phone, 'HELP');
    const rows = await t.ctx.db.query<{ direction: string; command: string | null; outcome: string | null }>(
      'SELECT direction, command, outcome FROM sms_messages WHERE msisdn = $1 ORDER BY id',
      [msisdn],
    );
    expect(rows).toEqual([
      { direction: 'in', command: 'help', outcome: 'replied' },
      { direction: 'out', command: null, outcome: null },
    ]);
    const lines = logged.filter((l) => l.includes('SMS to the bureau answered'));
    expect(lines.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(msisdn);
    expect(lines.at(-1)).toContain(`*********${msisdn.slice(-3)}`);

    const { export_id } = json<{ export_id: string }>(await call(t, 'requestDataExport', { token: c.token }));
    const archive = await unzip(
      (await call(t, 'downloadDataExport', { params: { id: export_id }, token: c.token })).rawPayload,
    );
    const data = JSON.parse(archive.get('data.json')?.toString() ?? '{}') as {
      sms: { direction: string; text: string }[];
    };
    expect(data.sms.map((m) => [m.direction, m.text.slice(0, 15)])).toEqual([
      ['in', 'HELP'],
      ['out', 'Housing Bureau:'],
    ]);
    // Erasing the account erases these texts too.
    expect(
      (await call(t, 'deleteCustomerAccount', { token: c.token, body: { password: 'a-long-enough-password' } }))
        .statusCode,
    ).toBe(200);
    expect(await t.ctx.db.query('SELECT 1 FROM sms_messages WHERE msisdn = $1', [msisdn])).toEqual([]);
  });
});

describe('a number that floods the bureau’s number', () => {
  it('gets silence past its limit; each text is still recorded and the metric counts it', async () => {
    const smsc = await startSmsc(ACCOUNT);
    const t = await startApp('pglite', {
      env: { SMPP_URL: smsc.url, SMS_SENDER: '8123' },
      rules: { 'sms:number': { max: FLOOD_MAX, windowMs: 3_600_000 } },
    });
    try {
      await smsc.bound();
      const flooder = '251911777001';
      for (let i = 0; i < FLOOD_MAX + 4; i++) await smsc.text(flooder, `spam ${i}`);
      // Another number is not held back by the flood.
      const other = '251911777002';
      await smsc.text(other, 'HELP');
      await expect.poll(() => smsc.messages().filter((m) => m.to === other).length).toBe(1);
      await t.ctx.outbox.flush();
      expect(smsc.messages().filter((m) => m.to === flooder)).toHaveLength(FLOOD_MAX);
      const outcomes = await t.ctx.db.query<{ outcome: string; n: number }>(
        `SELECT outcome, count(*)::int AS n FROM sms_messages WHERE msisdn = $1 AND direction = 'in' GROUP BY outcome ORDER BY outcome`,
        [flooder],
      );
      expect(outcomes).toEqual([
        { outcome: 'limited', n: 4 },
        { outcome: 'replied', n: FLOOD_MAX },
      ]);
      const metric = await t.ctx.metrics.registry.getSingleMetricAsString('portal_sms_received_total');
      // Past its limit a number's text is not even read (issue 48): recorded as unread.
      expect(metric).toContain('portal_sms_received_total{command="unread",outcome="limited"} 4');
      const limited = await t.ctx.metrics.registry.getSingleMetricAsString('portal_rate_limited_total');
      expect(limited).toContain('portal_rate_limited_total{rule="sms:number"} 4');
    } finally {
      await t.close();
      await smsc.close();
    }
  });
});

describe('the operator goes away while an answer is due', () => {
  it('the answer waits in the outbox and reaches the phone once when the operator is back', async () => {
    const first = await startSmsc(ACCOUNT);
    const t = await startApp('pglite', { env: { SMPP_URL: first.url, SMS_SENDER: '8123' }, outbox: QUICK_OUTBOX });
    let back: Awaited<ReturnType<typeof startSmsc>> | undefined;
    try {
      await first.bound();
      const phone = '251911777003';
      const gone = first.awayAtNextPart();
      await first.text(phone, 'HELP');
      await gone;
      expect(first.messages()).toEqual([]);
      back = await startSmsc({ ...ACCOUNT, port: first.port });
      const smsc = back;
      await expect
        .poll(() => smsc.messages().filter((m) => m.to === phone).length, {
          timeout: MAIL_RETRY_FIRST_MS * 2 + SMPP_REBIND_MAX_MS / 10,
        })
        .toBe(1);
      await t.ctx.outbox.flush();
      expect(smsc.messages().filter((m) => m.to === phone)).toHaveLength(1);
      // A number nothing is known of: Amharic.
      expect(smsc.messages()[0]?.text).toMatch(/^የቤቶች ቢሮ፦ የጉዳይ ቁጥር/);
    } finally {
      await t.close();
      await back?.close();
      await first.close();
    }
  });
});
