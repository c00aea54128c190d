import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseSummary } from '../../contract/entities.ts';
import { formatDay } from '../../contract/dates.ts';
import { reminderWindow, remindAppointments } from '../../server/cases/reminders/reminders.ts';
import { findStaff, scheduleCase } from '../../server/cases/staff/staff.ts';
import { phoneKey } from '../../contract/phone.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  openCaseList,
  startApp,
} from '../support/api.ts';
import { provePhone, startSmsc } from '../support/smsc.ts';
import { moveAs, HANDLER } from '../support/staff.ts';

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** A moment in Addis Ababa time (UTC+3): `at('2031-03-09 09:00')`. */
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+03:00`);
/** An appointment day as staff set it (`scheduleCase` takes the day). */
const day = (d: string) => new Date(d);

describe('the reminder window', () => {
  it('opens at the hour of the day before the appointment’s day (Addis Ababa time) and closes when the day begins', () => {
    const w = reminderWindow(day('2031-03-10'), 9);
    expect(new Date(w.from)).toEqual(at('2031-03-09 09:00'));
    expect(new Date(w.until)).toEqual(at('2031-03-10 00:00'));
    // An appointment late in the day (21:30 UTC is 00:30 the next day in Addis Ababa) belongs to that next day.
    expect(new Date(reminderWindow(new Date('2031-03-10T21:30:00Z'), 18).from)).toEqual(at('2031-03-10 18:00'));
  });
});

describe.each(BACKENDS)('appointments reminded the day before, with a controlled clock, on %s', (backend) => {
  let t: TestApp;
  let smsc: Awaited<ReturnType<typeof startSmsc>>;
  let open: CaseList;
  let staffId: string;
  beforeAll(async () => {
    smsc = await startSmsc({ systemId: 'bureau', password: 'pw' });
    t = await startApp(backend, { env: { SMPP_URL: smsc.url, SMS_SENDER: '8123', REMINDER_HOUR: '9' } });
    open = await openCaseList(t);
    staffId = (await findStaff(t.ctx, HANDLER)).id;
  });
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  const newCase = async (c: Customer) =>
    json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
    ).case;
  const reminders = async (c: Customer) => (await mailsTo(t, c.email)).filter((m) => /tomorrow/.test(m.subject));

  it('one reminder per date, in the customer’s language and calendar; none before the hour, none once the day has come', async () => {
    const c = await newCustomer(t);
    const k = await newCase(c);
    await scheduleCase(t.ctx, k.case_number, 'scheduled', day('2031-03-10'), staffId);
    const others = await newCustomer(t);
    const late = await newCase(others);
    await scheduleCase(t.ctx, late.case_number, 'scheduled', day('2031-03-09'), staffId);

    // 08:59 the day before: not yet. A date whose day has begun: never (the other case's 9 March).
    await remindAppointments(t.ctx, at('2031-03-09 08:59'));
    await t.ctx.outbox.flush();
    expect(await reminders(c)).toEqual([]);
    expect(await reminders(others)).toEqual([]);

    await remindAppointments(t.ctx, at('2031-03-09 09:00'));
    await remindAppointments(t.ctx, at('2031-03-09 15:00'));
    await t.ctx.outbox.flush();
    const sent = await reminders(c);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(
      `Your appointment for case ${k.case_number} is tomorrow, ${formatDay(day('2031-03-10'), 'en')}`,
    );
    expect(sent[0]?.text).toContain('Housing Development and Administration Bureau, Addis Ababa');
    expect(await reminders(others)).toEqual([]);
  });

  it('a moved date is reminded again; a cancelled one (the case closed) is not', async () => {
    const c = await newCustomer(t);
    const k = await newCase(c);
    await scheduleCase(t.ctx, k.case_number, 'scheduled', day('2031-04-10'), staffId);
    await remindAppointments(t.ctx, at('2031-04-09 10:00'));
    await scheduleCase(t.ctx, k.case_number, 'extended', day('2031-04-20'), staffId);
    // The old date is no appointment any more: at its hour again, nothing.
    await remindAppointments(t.ctx, at('2031-04-09 11:00'));
    await remindAppointments(t.ctx, at('2031-04-19 09:30'));
    await t.ctx.outbox.flush();
    const sent = await reminders(c);
    expect(sent.map((m) => m.text.match(/tomorrow, ([^,]+)/)?.[1])).toEqual([
      formatDay(day('2031-04-10'), 'en'),
      formatDay(day('2031-04-20'), 'en'),
    ]);

    const closed = await newCustomer(t);
    const gone = await newCase(closed);
    await scheduleCase(t.ctx, gone.case_number, 'scheduled', day('2031-05-10'), staffId);
    await moveAs(t.ctx, gone.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, gone.case_number, { to: 'rejected', justification: 'Duplicate of another case.' });
    expect(await remindAppointments(t.ctx, at('2031-05-09 12:00'))).toBe(0);
    await t.ctx.outbox.flush();
    expect(await reminders(closed)).toEqual([]);
  });

  it('a deleted account’s appointments are cancelled with it: no reminder, and nothing else told to its erased address (issue 48)', async () => {
    const c = await newCustomer(t);
    const k = await newCase(c);
    await scheduleCase(t.ctx, k.case_number, 'scheduled', day('2031-06-10'), staffId);
    expect(
      (await call(t, 'deleteCustomerAccount', { token: c.token, body: { password: 'a-long-enough-password' } }))
        .statusCode,
    ).toBe(200);
    expect(await remindAppointments(t.ctx, at('2031-06-09 10:00'))).toBe(0);
    // A staff step on the case the bureau keeps tells nobody either.
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await t.ctx.outbox.flush();
    const queued = await t.ctx.db.query<{ recipient: string }>(
      `SELECT recipient FROM notifications WHERE customer_id = $1 AND created_at > now() - interval '1 minute'`,
      [c.id],
    );
    expect(queued.filter((n) => n.recipient.includes('deleted'))).toEqual([]);
    expect(await t.ctx.db.query(`SELECT 1 FROM notifications WHERE recipient LIKE 'deleted-%'`)).toEqual([]);
  });

  it('by SMS in Amharic, in the Ethiopian calendar, to a customer who chose SMS', async () => {
    const c = await newCustomer(t);
    await provePhone(t, smsc, c);
    const to = phoneKey(c.phone);
    expect(
      (
        await call(t, 'updateNotificationPreferences', {
          token: c.token,
          body: { email: false, sms: true, language: 'Am' },
        })
      ).statusCode,
    ).toBe(200);
    const k = await newCase(c);
    await scheduleCase(t.ctx, k.case_number, 'scheduled', day('2031-06-10'), staffId);
    await t.ctx.outbox.flush();
    const before = smsc.messages().filter((m) => m.to === to).length;
    await remindAppointments(t.ctx, at('2031-06-09 09:00'));
    await t.ctx.outbox.flush();
    const sms = smsc
      .messages()
      .filter((m) => m.to === to)
      .slice(before);
    expect(sms.map((m) => m.text)).toEqual([
      `ጉዳይ ${k.case_number}፦ ቀጠሮዎ ነገ፣ ${formatDay(day('2031-06-10'), 'am')}፣ በየቤቶች ልማትና አስተዳደር ቢሮ፣ አዲስ አበባ ነው።`,
    ]);
    expect(await reminders(c)).toEqual([]);
  });
});

describe('the reminder hour and the bureau’s address are the configuration’s', () => {
  it('REMINDER_HOUR moves the reminder; BUREAU_ADDRESS is the place it names', async () => {
    const t = await startApp('pglite', { env: { REMINDER_HOUR: '18', BUREAU_ADDRESS: 'Bole Road, Building 7' } });
    try {
      const staffId = (await findStaff(t.ctx, HANDLER)).id;
      const c = await newCustomer(t);
      const k = json<{ case: CaseSummary }>(
        await call(t, 'createCase', { form: applicationFor(await openCaseList(t)), token: c.token, ip: freshIp() }),
      ).case;
      await scheduleCase(t.ctx, k.case_number, 'scheduled', day('2031-07-10'), staffId);
      expect(await remindAppointments(t.ctx, at('2031-07-09 17:59'))).toBe(0);
      expect(await remindAppointments(t.ctx, at('2031-07-09 18:00'))).toBe(1);
      await t.ctx.outbox.flush();
      const [mail] = (await mailsTo(t, c.email)).filter((m) => /tomorrow/.test(m.subject));
      expect(mail?.text).toContain('at Bole Road, Building 7.');
    } finally {
      await t.close();
    }
  });
});
