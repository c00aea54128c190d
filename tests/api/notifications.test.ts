import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseSummary, NotificationPreferences } from '../../contract/entities.ts';
import { OTP_MAX_ATTEMPTS } from '../../contract/limits.ts';
import { answerComplaint } from '../../server/feedback/complaints.ts';
import { phoneKey } from '../../contract/phone.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  claimsOf,
  expectError,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  openCaseList,
  startApp,
  unzip,
} from '../support/api.ts';
import { startSmsc } from '../support/smsc.ts';
import { moveAs, acceptor } from '../support/staff.ts';

type Customer = Awaited<ReturnType<typeof newCustomer>>;

describe.each(BACKENDS)(
  'SMS notifications, the phone proved by a code, and the customer’s choices, on %s',
  (backend) => {
    let t: TestApp;
    let smsc: Awaited<ReturnType<typeof startSmsc>>;
    let open: CaseList;
    beforeAll(async () => {
      smsc = await startSmsc({ systemId: 'bureau', password: 'pw' });
      t = await startApp(backend, {
        env: { SMPP_URL: smsc.url, SMS_SENDER: 'HousingBur' },
        rules: { 'account:phoneCode': { max: 3, windowMs: 60_000 } },
      });
      open = await openCaseList(t);
    });
    afterAll(async () => {
      await t?.close();
      await smsc?.close();
    });

    const prefs = async (c: Customer) =>
      json<NotificationPreferences>(await call(t, 'getNotificationPreferences', { token: c.token }));
    const save = (c: Customer, body: object) => call(t, 'updateNotificationPreferences', { token: c.token, body });
    const smsTo = async (c: Customer) => {
      await t.ctx.outbox.flush();
      return smsc.messages().filter((m) => m.to === phoneKey(c.phone));
    };
    /** Asks a code, reads it from the SMS the SMSC received. */
    const askCode = async (c: Customer) => {
      const res = await call(t, 'sendPhoneCode', { token: c.token });
      expect(res.statusCode, res.body).toBe(200);
      const code = /\b(\d{6})\b/.exec((await smsTo(c)).at(-1)?.text ?? '')?.[1];
      if (!code) throw new Error('no code arrived');
      return code;
    };
    const verify = (c: Customer, code: string) => call(t, 'verifyPhoneCode', { token: c.token, body: { code } });
    const verified = async (c: Customer) => {
      const res = await verify(c, await askCode(c));
      expect(res.statusCode, res.body).toBe(200);
    };
    const newCase = async (c: Customer) =>
      json<{ case: CaseSummary }>(
        await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
      ).case;

    it('starts with e-mail only, in the registration’s language; SMS needs a verified number; some channel is needed', async () => {
      const c = await newCustomer(t);
      expect(await prefs(c)).toEqual({
        email: true,
        sms: false,
        language: 'En',
        phone: c.phone,
        phone_verified: false,
        sms_stopped: false,
        sms_number: null,
      });
      expectError(await save(c, { email: false, sms: true, language: 'Am' }), 409, 'phoneNotVerified');
      expectError(await save(c, { email: false, sms: false, language: 'Am' }), 400, 'noChannel');
      expectError(await save(c, { email: true, sms: false, language: 'Xx' }), 400, 'validation');
      const ok = await save(c, { email: true, sms: false, language: 'Or' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(json<{ preferences: NotificationPreferences }>(ok).preferences.language).toBe('Or');
      // Another customer's token reads its own preferences, never these.
      const other = await newCustomer(t);
      expect((await prefs(other)).language).toBe('En');
    });

    it('the phone code: sent by SMS in the customer’s language, wrong codes refused, a new code replaces the old, five tries at most', async () => {
      const c = await newCustomer(t);
      expect((await save(c, { email: true, sms: false, language: 'Am' })).statusCode).toBe(200);
      const first = await askCode(c);
      const [sms] = await smsTo(c);
      expect(sms).toMatchObject({ from: 'HousingBur', dataCoding: 8 });
      expect(sms?.text).toContain('ኮድዎ');
      const second = await askCode(c);
      if (second !== first) expectError(await verify(c, first), 400, 'phoneCodeInvalid');
      for (let i = 1; i < OTP_MAX_ATTEMPTS; i++)
        expectError(await verify(c, second === '000000' ? '111111' : '000000'), 400, 'phoneCodeInvalid');
      // Tries are spent: even the right code no longer works.
      expectError(await verify(c, second), 400, 'phoneCodeInvalid');
      // An expired code does not work either.
      const third = await askCode(c);
      await t.ctx.db.query("UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE customer_id = $1", [
        c.id,
      ]);
      expectError(await verify(c, third), 400, 'phoneCodeInvalid');
      // Three codes to this number in the window: the fourth is refused, whoever asks.
      const more = await call(t, 'sendPhoneCode', { token: c.token });
      expect(more.statusCode).toBe(429);
      expect(Number(more.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('SMS only: a status change arrives as an Amharic SMS with the case number and its link, and no mail', async () => {
      const c = await newCustomer(t);
      await verified(c);
      expect((await prefs(c)).phone_verified).toBe(true);
      expect((await save(c, { email: false, sms: true, language: 'Am' })).statusCode).toBe(200);
      const k = await newCase(c);
      const mailsBefore = (await mailsTo(t, c.email)).length;
      const smsBefore = (await smsTo(c)).length;
      await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
      const sms = (await smsTo(c)).slice(smsBefore);
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ dataCoding: 8 });
      expect(sms[0]?.text).toBe(`ጉዳይ ${k.case_number}፦ በሂደት ላይ። http://portal.test/dashboard/case/${k._id}`);
      expect((await mailsTo(t, c.email)).length).toBe(mailsBefore);
    });

    it('both: every change goes by both; e-mail only: no SMS; in English, GSM 7-bit', async () => {
      const c = await newCustomer(t);
      await verified(c);
      expect((await save(c, { email: true, sms: true, language: 'En' })).statusCode).toBe(200);
      const k = await newCase(c);
      const mails = (await mailsTo(t, c.email)).length;
      const texts = (await smsTo(c)).length;
      await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
      expect((await mailsTo(t, c.email)).length).toBe(mails + 1);
      const [sms] = (await smsTo(c)).slice(texts);
      expect(sms).toMatchObject({ dataCoding: 0 });
      expect(sms?.text).toMatch(new RegExp(`^Case ${k.case_number}: `));

      expect((await save(c, { email: true, sms: false, language: 'En' })).statusCode).toBe(200);
      await moveAs(t.ctx, k.case_number, { to: 'info_requested', note: 'Send the deed' });
      expect((await smsTo(c)).length).toBe(texts + 1);
      expect((await mailsTo(t, c.email)).length).toBe(mails + 2);
    });

    it('a number that is no longer the one on file is not written to: mail goes instead', async () => {
      const c = await newCustomer(t);
      await verified(c);
      expect((await save(c, { email: false, sms: true, language: 'Am' })).statusCode).toBe(200);
      await t.ctx.db.query("UPDATE customers SET phone = '0922000000' WHERE id = $1", [c.id]);
      expect(await prefs(c)).toMatchObject({ sms: true, phone_verified: false });
      const k = await newCase(c);
      const mails = (await mailsTo(t, c.email)).length;
      await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
      expect((await mailsTo(t, c.email)).length).toBe(mails + 1);
      expect(smsc.messages().filter((m) => m.to === phoneKey('0922000000'))).toEqual([]);
    });
    it('a complainant who asked is told by SMS, in their language, when the bureau answers; the number must be a mobile one', async () => {
      const complain = async (fields: Record<string, string>) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          subject: 'Queue at window 3',
          description: 'Two hours of waiting.',
          ...fields,
        }))
          form.append(k, v);
        return call(t, 'createAccusation', { form, ip: freshIp() });
      };
      expectError(await complain({ notify: 'Am' }), 400, 'validation');
      expect(json<{ fields: Record<string, string> }>(await complain({ notify: 'Am' })).fields).toEqual({
        phone: 'required',
      });
      expect(
        json<{ fields: Record<string, string> }>(await complain({ notify: 'Am', phone: '0111234567' })).fields,
      ).toEqual({ phone: 'invalid' });
      const phone = '0933000111';
      const asked = await complain({ notify: 'Am', phone, name: 'Tigist' });
      expect(asked.statusCode, asked.body).toBe(201);
      const code = json<{ tracking_code: string }>(asked).tracking_code;
      const silent = json<{ tracking_code: string }>(await complain({ phone })).tracking_code;
      await answerComplaint(t.ctx, silent, await acceptor(t.ctx), 'We have spoken to the staff.');
      await t.ctx.outbox.flush();
      expect(smsc.messages().filter((m) => m.to === phoneKey(phone))).toEqual([]);
      await answerComplaint(t.ctx, code, await acceptor(t.ctx), 'We have spoken to the staff.');
      await t.ctx.outbox.flush();
      const [sms, ...more] = smsc.messages().filter((m) => m.to === phoneKey(phone));
      expect(more).toEqual([]);
      expect(sms).toMatchObject({
        dataCoding: 8,
        text: `የቤቶች ቢሮ፦ ለቅሬታዎ ${code} ምላሽ ተሰጥቷል፦ «We have spoken to the staff.» http://portal.test/complaint/${code}`,
      });
      // The answer's first words, which its page (the link) shows anyone holding the code; nothing of the complaint.
      for (const secret of ['Tigist', 'Queue']) expect(sms?.text).not.toContain(secret);
    });

    it('every message is tied to the account or complaint it was for: a stranger’s SMS to a number is never in the archive of whoever proves it later, nor deleted with their account', async () => {
      const phone = `0944${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
      const form = new FormData();
      for (const [k, v] of Object.entries({
        subject: 'Noise at night',
        description: 'Every night.',
        phone,
        notify: 'Am',
      }))
        form.append(k, v);
      const code = json<{ tracking_code: string }>(
        await call(t, 'createAccusation', { form, ip: freshIp() }),
      ).tracking_code;
      await answerComplaint(t.ctx, code, await acceptor(t.ctx), 'We have spoken to the neighbours.');
      await t.ctx.outbox.flush();
      const complaintRows = async () =>
        t.ctx.db.query<{ id: string }>(
          'SELECT n.id FROM notifications n JOIN accusations a ON a.id = n.accusation_id WHERE a.tracking_code = $1',
          [code],
        );
      expect(await complaintRows()).toHaveLength(1);
      // A customer registers with the same number later, and proves it.
      const c = await newCustomer(t, { phone });
      await verified(c);
      const own = await t.ctx.db.query<{ channel: string }>(
        'SELECT channel FROM notifications WHERE customer_id = $1',
        [c.id],
      );
      expect(own.map((n) => n.channel).sort()).toEqual(['email', 'sms']);
      // Their archive lists their two messages (the code mail and the phone code), not the complainant's SMS to the same number.
      const { export_id } = json<{ export_id: string }>(await call(t, 'requestDataExport', { token: c.token }));
      const archive = await unzip(
        (await call(t, 'downloadDataExport', { params: { id: export_id }, token: c.token })).rawPayload,
      );
      const data = JSON.parse(archive.get('data.json')?.toString() ?? '{}') as { notifications: { channel: string }[] };
      expect(data.notifications.map((n) => n.channel).sort()).toEqual(['email', 'sms']);
      expect(
        (await call(t, 'deleteCustomerAccount', { token: c.token, body: { password: 'a-long-enough-password' } }))
          .statusCode,
      ).toBe(200);
      expect(await complaintRows()).toHaveLength(1);
      // Of theirs, only the confirmation of the deletion is left, its address erased once sent.
      await t.ctx.outbox.flush();
      expect(await t.ctx.db.query('SELECT recipient FROM notifications WHERE customer_id = $1', [c.id])).toEqual([
        { recipient: '' },
      ]);
    });

    it('messages go out in the order they were written, batch after batch: a step never reaches the customer before the one it followed', async () => {
      const c = await newCustomer(t);
      const { id } = claimsOf(c.token).user;
      await t.ctx.db.tx(async (q) => {
        for (let i = 0; i < 45; i++)
          await t.ctx.outbox.enqueue(
            'email',
            { to: c.email, subject: `step ${i}`, text: 'x', about: { customer: id } },
            q,
          );
      });
      await t.ctx.outbox.flush();
      const subjects = (await mailsTo(t, c.email)).map((m) => m.subject).filter((s) => s.startsWith('step '));
      expect(subjects).toEqual(Array.from({ length: 45 }, (_, i) => `step ${i}`));
    });
  },
);
