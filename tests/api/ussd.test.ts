import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseSummary, NotificationPreferences } from '../../contract/entities.ts';
import { formatDay } from '../../contract/dates.ts';
import { OPERATOR_PATHS, USSD_SECRET_HEADER } from '../../contract/endpoints.ts';
import { phoneKey } from '../../contract/phone.ts';
import { answerComplaint } from '../../server/feedback/complaints.ts';
import { say } from '../../server/texts/messages.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  startApp,
  uniquePhone,
} from '../support/api.ts';
import { provePhone, startSmsc } from '../support/smsc.ts';
import { acceptor, moveAs } from '../support/staff.ts';
import type { Gateway, PhoneScreen, PhoneSession } from '../support/ussd-gateway.ts';
import { TEST_USSD_SECRET, gatewayTo } from '../support/ussd-gateway.ts';

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** A screen without the choices to read on: what the answer says on it. */
const said = (screen: PhoneScreen, lang: 'am' | 'en') => screen.text.replace(`\n${say(lang, 'ussd.more')}`, '');

/** Presses 1 ("more") until the session ends: every screen of the answer, the first given. */
async function readAll(session: PhoneSession, first: PhoneScreen): Promise<PhoneScreen[]> {
  const screens = [first];
  while (!screens.at(-1)?.last) screens.push(await session.press('1'));
  return screens;
}

describe.each(BACKENDS)('USSD: the bureau’s menu on any phone, through a gateway, on %s', (backend) => {
  let t: TestApp;
  let smsc: Awaited<ReturnType<typeof startSmsc>>;
  let open: CaseList;
  let gateway: Gateway;
  beforeAll(async () => {
    smsc = await startSmsc({ systemId: 'bureau', password: 'pw' });
    t = await startApp(backend, {
      env: { SMPP_URL: smsc.url, SMS_SENDER: '8123', USSD_SECRET: TEST_USSD_SECRET, BUREAU_PHONE: '+251 11 551 2345' },
    });
    gateway = await gatewayTo(t);
    open = await openCaseList(t);
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
  /** What the SMS reader answers `text` from `phone`: the whole text, once its last part has come. */
  async function smsAnswer(phone: string, text: string): Promise<string> {
    const before = smsc.messages().length;
    const answers = () =>
      smsc
        .messages()
        .slice(before)
        .filter((m) => m.to === phoneKey(phone));
    await smsc.text(phoneKey(phone) ?? phone, text);
    await expect
      .poll(() => answers().filter((m) => m.parts.length === (m.parts[0]?.concat?.total ?? 1)).length)
      .toBe(1);
    expect(answers()).toHaveLength(1);
    return answers()[0]?.text ?? '';
  }

  it('the first screen is the menu in Amharic; 9 gives it in English; help says the bureau’s number, hours and address', async () => {
    const session = await gateway.dial(uniquePhone());
    expect(session.first).toEqual({ text: `የቤቶች ቢሮ\n${say('am', 'ussd.menu')}`, last: false });
    expect(session.first.text).toContain('9 English');
    const english = await session.press('9');
    expect(english).toEqual({
      text: 'Housing Bureau\n1 Follow a case\n2 Follow a complaint\n3 SMS on or off\n4 Help\n9 Amharic',
      last: false,
    });
    const help = await readAll(session, await session.press('4'));
    expect(help.map((s) => said(s, 'en')).join(' ')).toBe(
      'Housing Bureau. Call +251 11 551 2345. Open Monday to Friday, 8:30 to 17:30. Housing Development and Administration Bureau, Addis Ababa',
    );
    // In Amharic, the help is longer than a screen: it is read a screen at a time, and each fits.
    const amharic = await gateway.dial(uniquePhone());
    const pages = await readAll(amharic, await amharic.press('4'));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.slice(0, -1).every((p) => p.text.endsWith(say('am', 'ussd.more') ?? '-'))).toBe(true);
    expect(pages.map((s) => said(s, 'am')).join(' ')).toContain('+251 11 551 2345');
  });

  it('a case from the phone on file: the SMS answer, screen by screen; from another phone, what the public lookup shows', async () => {
    const c = await newCustomer(t, { preferred_language: 'En', firstname: 'Almaz' });
    await provePhone(t, smsc, c);
    const k = await newCase(c);
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, k.case_number, { to: 'info_requested', note: 'Send the deed' });
    const [, year, serial] = k.case_number.split('-') as [string, string, string];
    const session = await gateway.dial(c.phone);
    const [, yearScreen, numberScreen, answer] = await session.presses('9', '1', year, String(Number(serial)));
    expect(yearScreen?.text).toBe(`Follow a case. Type the year in its number (HDAB-${year}-...):\n0 Menu`);
    expect(numberScreen?.text).toBe(`Case HDAB-${year}-...: type its number (like 42):\n0 Menu`);
    const screens = await readAll(session, answer as PhoneScreen);
    const sms = await smsAnswer(c.phone, k.case_number);
    expect(sms).toBe(
      `Case ${k.case_number}: information requested since ${formatDay(new Date(), 'en')}. The bureau asks: "Send the deed" Answer at http://portal.test/dashboard/case/${k._id}`,
    );
    expect(screens.map((s) => said(s, 'en')).join(' ')).toBe(sms);
    // Another phone: the status and the day, never the owner's name, the next step or the case's page.
    const stranger = await gateway.dial(uniquePhone());
    const other = await readAll(stranger, (await stranger.presses('9', '1', year, serial)).at(-1) as PhoneScreen);
    const shown = other.map((s) => said(s, 'en')).join(' ');
    expect(shown).toBe(
      `Case ${k.case_number}: information requested since ${formatDay(new Date(), 'en')}. More goes only to the phone on file.`,
    );
    expect(shown).not.toContain('Almaz');
    expect(shown).not.toContain(k._id);
    // In Amharic, from the same phone: the answer in Amharic, every screen within what an Ethiopic screen holds.
    const amharic = await gateway.dial(c.phone);
    const am = await readAll(amharic, (await amharic.presses('1', year, serial)).at(-1) as PhoneScreen);
    expect(am[0]?.text).toContain(`ጉዳይ ${k.case_number}`);
    // A case no one has: said, and the session ends.
    const none = await gateway.dial(uniquePhone());
    expect((await none.presses('9', '1', year, '999999')).at(-1)).toEqual({
      text: `No case HDAB-${year}-999999. Check the number and dial *8123# again.`,
      last: true,
    });
  });

  it('a complaint by its code, typed in small letters without ACC: its state, then its answer', async () => {
    const form = new FormData();
    form.append('subject', 'Queue at window 3');
    form.append('description', 'Two hours of waiting.');
    const code = json<{ tracking_code: string }>(
      await call(t, 'createAccusation', { form, ip: freshIp() }),
    ).tracking_code;
    const typed = code.slice(4).toLowerCase();
    const ask = async () => {
      const session = await gateway.dial(uniquePhone());
      return readAll(session, (await session.presses('9', '2', typed)).at(-1) as PhoneScreen);
    };
    expect(await ask()).toEqual([{ text: `Complaint ${code}: received.`, last: true }]);
    // A code no complaint has: said, with how to try again.
    const none = await gateway.dial(uniquePhone());
    expect((await none.presses('9', '2', 'ABCDEFGH23456')).at(-1)).toEqual({
      text: 'No complaint ACC-ABCDEFGH23456. Check the code and dial *8123# again.',
      last: true,
    });
    await answerComplaint(t.ctx, code, await acceptor(t.ctx), 'We have spoken to the staff.');
    expect((await ask()).map((s) => said(s, 'en')).join(' ')).toBe(
      `Complaint ${code}: answered: "We have spoken to the staff." Read it all at http://portal.test/complaint/${code}`,
    );
  });

  it('SMS off and on for this number: the STOP and START of the SMS reader, shown on the profile', async () => {
    const c = await newCustomer(t);
    await provePhone(t, smsc, c);
    const off = await gateway.dial(c.phone);
    expect((await off.presses('3', '1')).at(-1)).toEqual({
      text: say('am', 'ussd.stopped', { code: '*8123#' }),
      last: true,
    });
    expect((await prefs(c)).sms_stopped).toBe(true);
    const on = await gateway.dial(c.phone);
    expect((await on.presses('9', '3', '2')).at(-1)).toEqual({
      text: 'Housing Bureau: SMS to this number are on again.',
      last: true,
    });
    expect((await prefs(c)).sms_stopped).toBe(false);
    // The gateway sends the first session's last request again: its screen again, and SMS stay on.
    expect(await off.retry()).toEqual({ text: say('am', 'ussd.stopped', { code: '*8123#' }), last: true });
    expect((await prefs(c)).sms_stopped).toBe(false);
    // Or an earlier screen of it, then its last again: the session stays ended, and changes nothing.
    expect((await off.retry('3')).text).toBe(say('am', 'ussd.texts'));
    expect((await off.retry('3*1')).last).toBe(true);
    expect((await prefs(c)).sms_stopped).toBe(false);
  });

  it('a wrong entry says so and asks again; 0 goes back to the menu; the third wrong entry ends the session', async () => {
    const session = await gateway.dial(uniquePhone());
    const [wrong, year, badYear, menu, last] = await session
      .presses('9', '7', '1', '19', '0', 'x')
      .then((s) => s.slice(1));
    expect(wrong).toEqual({
      text: 'Wrong entry, please try again.\n1 Follow a case\n2 Follow a complaint\n3 SMS on or off\n4 Help\n9 Amharic',
      last: false,
    });
    expect(year?.text).toMatch(/^Follow a case/);
    expect(badYear?.text).toMatch(/^Wrong entry, please try again\.\nFollow a case/);
    expect(menu?.text).toMatch(/^Housing Bureau\n1 Follow a case/);
    expect(last).toEqual({ text: 'Too many wrong entries. Please dial *8123# again.', last: true });
  });

  it('a session left unanswered is over: dialling again starts at the menu, and each session is recorded with its number', async () => {
    const phone = uniquePhone();
    const dropped = await gateway.dial(phone);
    await dropped.presses('1', '2019');
    // The gateway times the phone out and sends nothing more; the next dial is a new session.
    const again = await gateway.dial(phone);
    expect(again.first.text).toBe(`የቤቶች ቢሮ\n${say('am', 'ussd.menu')}`);
    // A control character is no keypad's: gone before the entries are read or recorded (PostgreSQL keeps no NUL).
    expect(await again.press('9\u0000')).toEqual({ text: `Housing Bureau\n${say('en', 'ussd.menu')}`, last: false });
    const rows = await t.ctx.db.query<{ session_id: string; inputs: string; screen: string }>(
      'SELECT session_id, inputs, screen FROM ussd_sessions WHERE msisdn = $1 ORDER BY id',
      [phoneKey(phone)],
    );
    expect(rows).toEqual([
      { session_id: dropped.sessionId, inputs: '1*2019', screen: 'caseNumber' },
      { session_id: again.sessionId, inputs: '9', screen: 'menu' },
    ]);
  });

  it('the gateway proves itself: no secret or a wrong one is refused, and a form missing a field is a 400', async () => {
    const post = (headers: Record<string, string>, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: OPERATOR_PATHS.ussd,
        headers,
        payload: new URLSearchParams(body).toString(),
      });
    const form = { sessionId: 's1', serviceCode: '*8123#', phoneNumber: '+251911000001', text: '' };
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    // The form is read only once the gateway has proved itself: an empty one is refused for the secret too.
    expect((await post(type, {})).statusCode).toBe(401);
    const refused = await post(type, form);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'gatewaySecret',
      Message_en: "The USSD gateway's secret is missing or wrong.",
    });
    expect((await post({ ...type, [USSD_SECRET_HEADER]: `${TEST_USSD_SECRET}x` }, form)).statusCode).toBe(401);
    const { phoneNumber: _, ...noPhone } = form;
    // A code that is no USSD code (the screens repeat it), a session id with a control character.
    for (const bad of [{ serviceCode: '*8123#'.repeat(5) }, { serviceCode: '*81\u000023#' }, { sessionId: 'a\u0000b' }])
      expect((await post({ ...type, [USSD_SECRET_HEADER]: TEST_USSD_SECRET }, { ...form, ...bad })).statusCode).toBe(
        400,
      );
    const missing = await post({ ...type, [USSD_SECRET_HEADER]: TEST_USSD_SECRET }, noPhone);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).not.toMatch(/at .*\.ts|SELECT|\/work\//);
  });
});

describe('USSD without USSD_SECRET', () => {
  it('is off: the callback does not exist', async () => {
    const t = await startApp('pglite');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: OPERATOR_PATHS.ussd,
        headers: { 'content-type': 'application/x-www-form-urlencoded', [USSD_SECRET_HEADER]: 'anything-at-all-123' },
        payload: 'sessionId=s&serviceCode=*8123%23&phoneNumber=%2B251911000001&text=',
      });
      expect(res.statusCode).toBe(404);
      // An empty form too: nothing says the callback is there.
      const empty = await t.app.inject({ method: 'POST', url: OPERATOR_PATHS.ussd, payload: '' });
      expect(empty.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
