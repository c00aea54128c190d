import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { MAIL_MAX_ATTEMPTS, MAIL_POLL_MS, MAIL_RETRY_FIRST_MS, MAIL_RETRY_MAX_MS } from '../tuning.ts';
import type { Db, Queryable } from '../db/client.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Queues a message in the database, in the caller's transaction when `q` is one: what
   * caused the mail and the mail itself are kept together. Sending happens apart from the
   * request and never fails it; while SMTP fails the message is retried.
   */
  send(mail: Mail, q?: Queryable): Promise<void>;
  /** Hands over every message due now, once (tests, shutdown); failures wait for their retry. */
  flush(): Promise<void>;
  /** Stops looking for mail (the process is ending). */
  stop(): void;
  readonly kind: 'smtp' | 'outbox';
}

type Transport = (mail: Mail) => Promise<void>;

/** The delay before attempt `attempts + 1`: doubled each time, from MAIL_RETRY_FIRST_MS up to MAIL_RETRY_MAX_MS. */
export const retryDelayMs = (attempts: number): number => Math.min(MAIL_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);

/**
 * Writes a file under another name, then renames it into place: whoever reads it meanwhile
 * (another process, a test) finds the whole file or none, never half of it.
 */
export function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.part`, text);
  renameSync(`${file}.part`, file);
}

/**
 * SMTP when `smtpUrl` is set; otherwise a development outbox that prints each message to
 * the console and keeps it as a JSON file under `<dataDir>/outbox`. Either way the mail goes
 * through the `mail_queue` table, which every server process sending from it shares.
 */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string; dataDir: string; log: Logger; print?: boolean }): Mailer {
  const { db, log } = options;
  let transport: Transport;
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    transport = async (mail) => {
      await smtp.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    };
  } else {
    const outbox = path.join(options.dataDir, 'outbox');
    let sequence = 0;
    transport = async (mail) => {
      mkdirSync(outbox, { recursive: true });
      const at = new Date().toISOString();
      const file = path.join(outbox, `${at.replace(/[:.]/g, '-')}-${process.pid}-${String(++sequence).padStart(6, '0')}.json`);
      writeWhole(file, JSON.stringify({ at, from: options.from, ...mail }, null, 2));
      if (options.print !== false)
        console.warn(`\n--- mail (development outbox: ${file}) ---\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n---\n`);
    };
  }

  /** Claims a batch of due messages (no other process gets them), sends them, records how it went. */
  async function deliverBatch(): Promise<number> {
    const batch = await db.query<{ id: string; recipient: string; subject: string; body: string; attempts: number }>(
      `UPDATE mail_queue SET attempts = attempts + 1, locked_until = now() + interval '5 minutes'
       WHERE id IN (
         SELECT id FROM mail_queue
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, recipient, subject, body, attempts`,
    );
    for (const m of batch) {
      try {
        await transport({ to: m.recipient, subject: m.subject, text: m.body });
        await db.query(`UPDATE mail_queue SET sent_at = now(), body = '', locked_until = NULL, last_error = NULL WHERE id = $1`, [m.id]);
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        const giveUp = m.attempts >= MAIL_MAX_ATTEMPTS;
        log.warn({ mail: m.id, attempts: m.attempts, err: reason }, giveUp ? 'mail given up' : 'mail not sent; will retry');
        await db.query(
          giveUp
            ? `UPDATE mail_queue SET failed_at = now(), body = '', locked_until = NULL, last_error = $2 WHERE id = $1`
            : `UPDATE mail_queue SET next_attempt_at = now() + $3::int * interval '1 millisecond', locked_until = NULL, last_error = $2 WHERE id = $1`,
          giveUp ? [m.id, reason] : [m.id, reason, retryDelayMs(m.attempts)],
        );
      }
    }
    return batch.length;
  }

  let running: Promise<void> | undefined;
  let stopped = false;
  /** One delivery run at a time per process; a run goes on while there are due messages. */
  const deliver = (): Promise<void> => {
    running ??= (async () => {
      try {
        while (!stopped && (await deliverBatch()) > 0);
      } catch (error) {
        // The database is away: the next tick tries again.
        log.warn({ err: error }, 'mail queue not reachable');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const tick = setInterval(() => void deliver(), MAIL_POLL_MS);
  tick.unref();

  return {
    kind: options.smtpUrl ? 'smtp' : 'outbox',
    async send(mail, q) {
      await (q ?? db).query('INSERT INTO mail_queue (recipient, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
      // Outside a transaction the message can go at once; inside one, the next tick takes it.
      if (!q || q === db) void deliver();
    },
    async flush() {
      await running;
      await deliver();
    },
    stop() {
      stopped = true;
      clearInterval(tick);
    },
  };
}
