import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BureauContact } from '../../contract/reference/answers.ts';
import { renderManual } from '../../server/reference/manual.ts';
import type { TestApp } from '../support/api.ts';
import { call, json, startApp } from '../support/api.ts';
import { textRuns } from '../support/pdf-text.ts';

/** Issue 51 item 6: the portal says which number people can text, only when it knows one. */
describe.each([
  ['with SMS_NUMBER and BUREAU_ADDRESS', { SMS_NUMBER: '8123', BUREAU_ADDRESS: 'Bole, Block 4, Room 12' }, '8123'],
  ['without them', {}, null],
])('the bureau’s number and address %s', (_name, env, expected) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { env });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is answered to anyone, as configured', async () => {
    const res = await call(t, 'getBureauContact');
    expect(res.statusCode).toBe(200);
    expect(json<BureauContact>(res)).toEqual({
      sms_number: expected,
      address: expected
        ? { am: 'Bole, Block 4, Room 12', en: 'Bole, Block 4, Room 12' }
        : {
            am: 'የቤቶች ልማትና አስተዳደር ቢሮ፣ አዲስ አበባ',
            en: 'Housing Development and Administration Bureau, Addis Ababa',
          },
    });
  });

  it('the manual says what to send it, in Amharic and English, only when there is one', async () => {
    const text = (await textRuns(await renderManual(t.ctx.config.smsNumber))).map((r) => r.text).join(' ');
    if (expected) {
      expect(text).toContain('9. By SMS');
      expect(text).toContain('9. በአጭር መልእክት');
      expect(text).toContain(`Text STOP to ${expected}`);
    } else {
      expect(text).not.toContain('By SMS');
      expect(text).not.toContain('በአጭር መልእክት');
    }
  });
});
