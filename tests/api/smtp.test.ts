import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Received, TestApp } from '../support/api.ts';
import { call, freshIp, json, registrationForm, smtpServer, startApp } from '../support/api.ts';

describe('mail over a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  const received: Received[] = [];
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    smtp = await smtpServer(0, (mail) => {
      received.push(mail);
      arrived();
    });
    t = await startApp('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Bureau <no-reply@bureau.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the OTP in the customer’s language; the code from the message verifies the email', async () => {
    const form = registrationForm({ preferred_language: 'Am' });
    const email = String(form.get('email'));
    const delivered = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const reg = await call(t, 'createCustomerUser', { form, ip: freshIp() });
    expect(reg.statusCode, reg.body).toBe(201);
    await delivered;
    const mail = received.find((m) => m.to === email);
    // The code is in the text only: a subject shows on a lock screen and stays in the outbox's record.
    expect(mail?.subject).toBe('የማረጋገጫ ኮድዎ');
    const otp = /(\d{6})/.exec(mail?.text ?? '')?.[1] as string;
    const { registration } = json<{ registration: string }>(reg);
    const verified = await call(t, 'validateCustomerOtp', { body: { email, otp, registration } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json(verified).Message_am).toBe('ኢሜይልዎ ተረጋግጧል። አሁን መግባት ይችላሉ።');
    const login = await call(t, 'loginCustomerUser', {
      body: { email, password: 'a-long-enough-password' },
      ip: freshIp(),
    });
    expect(login.statusCode).toBe(200);
  });
});
