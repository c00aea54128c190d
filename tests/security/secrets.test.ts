import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, pathOf } from '../../contract/endpoints.ts';
import { paths } from '../../contract/paths.ts';
import { ConfigError, loadConfig } from '../../server/config/config.ts';
import { REDACTED, createLog, loggedUrl } from '../../server/runtime/log.ts';
import type { TestApp } from '../support/api.ts';
import { call, freshIp, otpFromOutbox, registrationForm, startApp } from '../support/api.ts';

/** Nothing secret reaches a log or a record that outlives its use (issue 32, items 5 and 6, and the login code's subject). */

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/portal-secrets-test', ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('production without a mail or SMS channel', () => {
  it('refuses to start without SMTP_URL or SMPP_URL, saying what to set, unless DEV_OUTBOX=true says the outbox is meant', () => {
    expect(problemsOf({})).toEqual([
      expect.stringMatching(
        /^SMTP_URL: required in production: without it, login codes and reset links are written to DATA_DIR\/outbox.*DEV_OUTBOX=true/,
      ),
      expect.stringMatching(/^SMPP_URL: required in production \(with SMS_SENDER\).*DEV_OUTBOX=true/),
    ]);
    expect(
      problemsOf({ SMTP_URL: 'smtp://mail:587', SMPP_URL: 'smpp://bureau:secret@smsc:2775', SMS_SENDER: 'HousingBur' }),
    ).toEqual([]);
    expect(problemsOf({ DEV_OUTBOX: 'true' })).toEqual([]);
    // Outside production the outbox is the default, and printed; in production never printed.
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/portal-secrets-test' }).outbox.print).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATA_DIR: '/tmp/portal-secrets-test',
        DEV_OUTBOX: 'true',
      }).outbox.print,
    ).toBe(false);
  });
});

describe('what the server writes down', () => {
  let t: TestApp;
  let lines = '';
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    });
    t = await startApp('pglite', {
      env: { NODE_ENV: 'production', DEV_OUTBOX: 'true' },
      log: createLog('info', sink),
      outboxAsConfigured: true,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an access log names no reset token, complaint code or served file, nor the bearer token', async () => {
    const id = '6f1c2a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00';
    const token = 'r3setT0kenThatMustNeverBeLogged0123456789abcd';
    const code = 'ACC-SECRETCODE1234';
    const file = 'RandomStoredName_0123456789.pdf';
    const bearer = 'eyJhbGciOiJIUzI1NiJ9.bearer-never-logged.sig';
    const urls = [
      paths.resetPassword.href(id, token),
      `${paths.complaint.href(code)}?from=mail`,
      `${API_PREFIX}${pathOf('getComplaintByCode', { code })}`,
      `/Media/CaseFiles/${file}`,
      `/Media/${file}`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
    await t.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}${pathOf('resetCustomerUser', { id, token })}`,
      payload: { password: 'a-long-enough-password' },
    });
    const logged = lines;
    for (const secret of [token, code, file, bearer, 'bearer-never-logged'])
      expect(logged, secret).not.toContain(secret);
    // The lines are there, with the secret parts replaced: the test read the right log.
    expect(logged).toContain(`"url":"/reset_password/${id}/${REDACTED}"`);
    expect(logged).toContain(`"url":"/complaint/${REDACTED}?from=mail"`);
    expect(logged).toContain(`"url":"/Media/CaseFiles/${REDACTED}"`);
    expect(logged).toContain(`"url":"${API_PREFIX}/customer_user_api/reset_customer_user/${id}/${REDACTED}"`);
    // Addresses without a secret are logged as they are.
    expect(loggedUrl('/dashboard/case/42?x=1')).toBe('/dashboard/case/42?x=1');
  });

  it('an address written another way is read as the server reads it: its secret is redacted too (issue 48)', async () => {
    const token = 'r3setT0kenWrittenAnotherWay0123456789abcdef';
    const id = '6f1c2a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00';
    const link = 'k=1900000000.6f1c2a9e.jti.0.macmacmacmacmacmacmac';
    for (const url of [
      `//reset_password/${id}/${token}`,
      `/RESET_PASSWORD/${id}/${token}`,
      `/reset%5Fpassword/${id}/${token}?a=b`,
      `/x/../reset_password/${id}/${token}`,
      `${API_PREFIX}//customer_user_api/reset_customer_user/${id}/${token}`,
      `/Complaint/ACC-WRITTENANOTHERWAY`,
      `/media/CaseFiles/WrittenAnotherWay.pdf`,
      `/Media/print-WrittenAnotherWay.pdf?${link}`,
      // A trailing slash, a broken escape, a backslash, an absolute request line, more segments.
      `/reset_password/${id}/${token}/`,
      `/reset%5Fpassword/${id}/${token}%`,
      `/complaint/ACC-WRITTENANOTHERWAY/`,
      `/complaint/ACC-WRITTENANOTHERWAY%2F`,
      `/complaint\\ACC-WRITTENANOTHERWAY`,
      `${API_PREFIX}/accusation_acceptor_api/get_accusation/ACC-WRITTENANOTHERWAY/`,
      `http://portal.example.et/Media/print-WrittenAnotherWay.pdf?${link}`,
      `http://portal.example.et/reset_password/${id}/${token}`,
      `/Media/CaseFiles/WrittenAnotherWay.pdf/`,
      `/reset_password/${id}/${token}/WrittenAnotherWay`,
    ]) {
      const logged = loggedUrl(url);
      for (const secret of [token, 'ACC-WRITTENANOTHERWAY', 'WrittenAnotherWay', link])
        expect(logged, url).not.toContain(secret);
      expect(logged, url).toContain(REDACTED);
    }
    expect(loggedUrl(`//reset_password/${id}/${token}`)).toBe(`/reset_password/${id}/${REDACTED}`);
    expect(loggedUrl(`/Media/CaseFiles/WrittenAnotherWay.pdf/?${link}`)).toBe(`/Media/CaseFiles/${REDACTED}`);
    // What carries no secret is kept as it came.
    expect(loggedUrl('/complaint')).toBe('/complaint');
    expect(loggedUrl('/checkstatus?x=%zz')).toBe('/checkstatus?x=%zz');
  });

  it('a database error’s values (a phone number, what someone typed) are not written with it (issue 56)', async () => {
    const t = await startApp('pglite');
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    try {
      // A real error of the embedded database, as a failed insert throws it: it carries its parameters.
      const error = await t.ctx.db
        .query('INSERT INTO ussd_sessions (msisdn, session_id, service_code, screen) VALUES ($1, $2, $3, $4)', [
          '251911223344',
          'a\u0000b',
          '*8123#',
          'menu',
        ])
        .catch((e: unknown) => e);
      expect(JSON.stringify(error)).toContain('251911223344');
      createLog('info', sink).warn({ err: error }, 'not recorded');
      expect(lines.join('')).toContain('not recorded');
      expect(lines.join('')).not.toContain('251911223344');
    } finally {
      await t.close();
    }
  });

  it('a login code is never printed in production, and stays out of the subject and, once sent, out of the record', async () => {
    const warn = vi.spyOn(console, 'warn');
    const log = vi.spyOn(console, 'log');
    try {
      const form = registrationForm();
      const email = String(form.get('email'));
      expect((await call(t, 'createCustomerUser', { form, ip: freshIp() })).statusCode).toBe(201);
      const code = await otpFromOutbox(t, email);
      const printed = [...warn.mock.calls, ...log.mock.calls].flat().join('\n');
      expect(printed).not.toContain(code);
      expect(printed).not.toContain(email);
      expect(lines).not.toContain(code);
      const [sent] = await t.ctx.db.query<{ subject: string; body: string; sent_at: Date | null }>(
        'SELECT subject, body, sent_at FROM notifications WHERE recipient = $1',
        [email],
      );
      expect(sent?.sent_at).not.toBeNull();
      expect(sent?.subject).toBe('Your verification code');
      expect(sent?.body).toBe('');
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });
});
