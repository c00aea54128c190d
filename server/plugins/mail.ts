import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues a message; sending never delays or fails the request that caused it. */
  send(mail: Mail): void;
  /** Resolves when every queued message has been handed over (tests, shutdown). */
  flush(): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/**
 * SMTP when `smtpUrl` is set; otherwise a development outbox that prints each message to
 * the console and keeps it as a JSON file under `<dataDir>/outbox`.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: Logger; print?: boolean }): Mailer {
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const p = work.catch((error: unknown) => options.log.error({ err: error }, 'mail not sent')).finally(() => pending.delete(p));
    pending.add(p);
  };
  const flush = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };

  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      send: (mail) => track(transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })),
      flush,
    };
  }

  const outbox = path.join(options.dataDir, 'outbox');
  let sequence = 0;
  return {
    kind: 'outbox',
    send(mail) {
      track(
        (async () => {
          mkdirSync(outbox, { recursive: true });
          const at = new Date().toISOString();
          const file = path.join(outbox, `${at.replace(/[:.]/g, '-')}-${process.pid}-${String(++sequence).padStart(6, '0')}.json`);
          writeFileSync(file, JSON.stringify({ at, from: options.from, ...mail }, null, 2));
          if (options.print !== false) {
            console.warn(`\n--- mail (development outbox: ${file}) ---\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n---\n`);
          }
        })(),
      );
    },
    flush,
  };
}
