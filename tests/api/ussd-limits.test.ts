import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { phoneKey } from '../../contract/phone.ts';
import { say } from '../../server/texts/messages.ts';
import { SMS_RECORD_DAYS } from '../../server/config/tuning.ts';
import { sweepExpired } from '../../server/customers/housekeeping.ts';
import type { TestApp } from '../support/api.ts';
import {
  applicationFor,
  call,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  startApp,
  uniquePhone,
} from '../support/api.ts';
import type { Gateway } from '../support/ussd-gateway.ts';
import { TEST_USSD_SECRET, gatewayTo } from '../support/ussd-gateway.ts';

const HOUR = 3_600_000;
/** Screens one number may have an hour, and the whole portal a minute, in these tests. */
const PER_NUMBER = 3;
const PORTAL = 5;

describe('USSD limits, records and logs', () => {
  let t: TestApp;
  let gateway: Gateway;
  const logged: string[] = [];
  beforeAll(async () => {
    const lines = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    t = await startApp('pglite', {
      env: { USSD_SECRET: TEST_USSD_SECRET },
      rules: { 'ussd:number': { max: PER_NUMBER, windowMs: HOUR }, 'ussd:screens': { max: PORTAL, windowMs: 60_000 } },
      log: pino({ level: 'info' }, lines),
    });
    gateway = await gatewayTo(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('past its number’s limit (however the number is written) and past the portal’s, a session ends with “try again later” in Amharic and English', async () => {
    const phone = uniquePhone();
    const local = await gateway.dial(phone);
    await local.presses('9', '1');
    // The same number written internationally is the same number: its fourth screen is past the limit.
    const international = await gateway.dial(`+${phoneKey(phone)}`);
    const limited = `${say('am', 'ussd.limited')}\n${say('en', 'ussd.limited')}`;
    expect(international.first).toEqual({ text: limited, last: true });
    // Another number has two screens before the portal's cap (the limited one counted against its number only).
    const other = await gateway.dial(uniquePhone());
    await other.press('9');
    await expect(other.press('1')).resolves.toEqual({ text: limited, last: true });
    const metric = await t.ctx.metrics.registry.getSingleMetricAsString('portal_ussd_screens_total');
    expect(metric).toContain('portal_ussd_screens_total{screen="limited",outcome="limited"} 2');
    expect(metric).toContain('portal_ussd_screens_total{screen="caseYear",outcome="shown"} 1');
    const limitedRules = await t.ctx.metrics.registry.getSingleMetricAsString('portal_rate_limited_total');
    expect(limitedRules).toContain('rule="ussd:number"} 1');
    expect(limitedRules).toContain('rule="ussd:screens"} 1');
    // Each screen is logged with the number's last three digits only.
    const lines = logged.filter((l) => l.includes('USSD screen answered'));
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const l of lines) expect(l).not.toContain(phoneKey(phone));
    expect(lines.some((l) => l.includes(`"from":"*********${phone.slice(-3)}"`))).toBe(true);
  });
});

describe('USSD sessions kept like texts', () => {
  it('are forgotten by the sweep SMS_RECORD_DAYS days after their last screen, not before', async () => {
    const t = await startApp('pglite', { env: { USSD_SECRET: TEST_USSD_SECRET } });
    try {
      const gateway = await gatewayTo(t);
      const old = await gateway.dial(uniquePhone());
      const recent = await gateway.dial(uniquePhone());
      await t.ctx.db.query(
        `UPDATE ussd_sessions SET updated_at = now() - ($1::int * interval '1 day') - interval '1 minute' WHERE session_id = $2`,
        [SMS_RECORD_DAYS, old.sessionId],
      );
      await t.ctx.db.query(
        `UPDATE ussd_sessions SET updated_at = now() - ($1::int * interval '1 day') + interval '1 hour' WHERE session_id = $2`,
        [SMS_RECORD_DAYS, recent.sessionId],
      );
      await sweepExpired(t.ctx);
      const left = await t.ctx.db.query<{ session_id: string }>('SELECT session_id FROM ussd_sessions');
      expect(left.map((r) => r.session_id)).toEqual([recent.sessionId]);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('USSD while the database is slow', () => {
  let t: TestApp;
  let gateway: Gateway;
  beforeAll(async () => {
    t = await startApp('postgres', { env: { USSD_SECRET: TEST_USSD_SECRET } });
    gateway = await gatewayTo(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a case that cannot be read in time: the session ends with “try again later” within the gateway’s wait', async () => {
    const c = await newCustomer(t);
    const k = json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(await openCaseList(t)), token: c.token, ip: freshIp() }),
    ).case;
    const [, year, serial] = k.case_number.split('-') as [string, string, string];
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another connection holds the cases table: reading a case waits for it.
    const holder = t.ctx.db.tx(async (q) => {
      await q.query('LOCK TABLE cases IN ACCESS EXCLUSIVE MODE');
      locked();
      await released;
    });
    await isLocked;
    try {
      const session = await gateway.dial(uniquePhone());
      // The gateway's own check: the answer came within its wait.
      expect((await session.presses('9', '1', year, serial)).at(-1)).toEqual({
        text: say('en', 'ussd.unavailable'),
        last: true,
      });
    } finally {
      release();
      await holder;
    }
    const metric = await t.ctx.metrics.registry.getSingleMetricAsString('portal_ussd_screens_total');
    expect(metric).toContain('portal_ussd_screens_total{screen="answering",outcome="late"} 1');
    // Once the database answers again, so does the menu.
    const again = await gateway.dial(uniquePhone());
    const answer = (await again.presses('9', '1', year, serial)).at(-1);
    expect(answer?.text).toContain(k.case_number);
  });
});
