import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helper.ts';
import { call, freshIp, json, registrationForm, startApp } from './helper.ts';

describe('mail over a real SMTP server', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string; subject: string; text: string }[] = [];
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, done) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ to: session.envelope.rcptTo[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
            arrived();
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startApp('pglite', { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Bureau <no-reply@bureau.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
    expect(mail?.subject).toMatch(/^የማረጋገጫ ኮድዎ፦ \d{6}$/);
    const otp = /(\d{6})/.exec(mail?.text ?? '')?.[1] as string;
    const verified = await call(t, 'validateCustomerOtp', { body: { email, otp } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json(verified).Message_am).toBe('ኢሜይልዎ ተረጋግጧል። አሁን መግባት ይችላሉ።');
    const login = await call(t, 'loginCustomerUser', { body: { email, password: 'a-long-enough-password' }, ip: freshIp() });
    expect(login.statusCode).toBe(200);
  });
});
