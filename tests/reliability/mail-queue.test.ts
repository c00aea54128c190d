import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_RETRY_FIRST_MS } from '../../server/config/tuning.ts';
import { retryDelayMs } from '../../server/notify/outbox.ts';
import type { Received, TestApp } from '../support/api.ts';
import { BACKENDS, QUICK_OUTBOX, call, freshIp, registrationForm, smtpServer, startApp } from '../support/api.ts';

/** A loopback port nobody listens on (yet): SMTP is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(BACKENDS)('mail while SMTP is down, on %s', (backend) => {
  let t: TestApp;
  let port: number;
  let smtp: Awaited<ReturnType<typeof smtpServer>> | undefined;
  const received: Received[] = [];

  beforeAll(async () => {
    port = await closedPort();
    t = await startApp(backend, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, outbox: QUICK_OUTBOX });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const queue = (email: string) =>
    t.ctx.db.query<{ attempts: number; sent: boolean; body: string; last_error: string | null }>(
      'SELECT attempts, sent_at IS NOT NULL AS sent, body, last_error FROM notifications WHERE recipient = $1 ORDER BY id',
      [email],
    );

  it('registration succeeds and its code is queued; the customer can ask again; both go once SMTP is back', async () => {
    const form = registrationForm();
    const email = String(form.get('email'));
    const reg = await call(t, 'createCustomerUser', { form, ip: freshIp() });
    expect(reg.statusCode, reg.body).toBe(201);
    await t.ctx.outbox.flush();
    const [first] = await queue(email);
    expect(first).toMatchObject({ attempts: 1, sent: false });
    expect(first?.last_error).toMatch(/ECONNREFUSED/);

    // The customer asks for a new code: answered at once, queued too.
    expect((await call(t, 'resendCustomerOtp', { body: { email }, ip: freshIp() })).statusCode).toBe(200);
    await t.ctx.outbox.flush();
    expect(await queue(email)).toHaveLength(2);

    // SMTP comes back on the same address: the retries deliver both, the newest code works.
    smtp = await smtpServer(port, (mail) => received.push(mail));
    await expect
      .poll(() => received.filter((m) => m.to === email).length, { timeout: MAIL_RETRY_FIRST_MS * 4 })
      .toBe(2);
    // Each is marked sent once SMTP has taken it (just after the server saw it).
    await expect.poll(async () => (await queue(email)).every((r) => r.sent && r.body === '')).toBe(true);
    const otp = /(\d{6})/.exec(received.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1] ?? '';
    const password = 'a-long-enough-password';
    expect((await call(t, 'validateCustomerOtp', { body: { email, otp, password }, ip: freshIp() })).statusCode).toBe(
      200,
    );
  });

  it('retries later and later, up to an hour apart', () => {
    expect(retryDelayMs(1)).toBe(MAIL_RETRY_FIRST_MS);
    expect(retryDelayMs(2)).toBe(MAIL_RETRY_FIRST_MS * 2);
    expect(retryDelayMs(40)).toBe(60 * 60 * 1000);
  });
});
