import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Queryable } from '../db/client.ts';
import type { About, ChannelDriver, Forget } from './outbox.ts';
import type { Queued } from './repository.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The address is erased from the outbox once the mail is sent (an account's deletion). */
  forgetRecipient?: boolean;
}

export interface Mailer {
  /** Queues a mail for `about` in the notifications outbox (server/notify/outbox.ts), in the caller's transaction when `q` is one. */
  send(mail: Mail, about: About, q?: Queryable): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/**
 * Writes a file under another name, then renames it into place: whoever reads it meanwhile
 * (another process, a test) finds the whole file or none, never half of it.
 */
export function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.part`, text);
  renameSync(`${file}.part`, file);
}

/**
 * The mail channel: SMTP when `smtpUrl` is set; otherwise a development outbox that prints
 * each message to the console and keeps it as a JSON file under `<dataDir>/outbox`.
 */
export function mailChannel(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  print?: boolean;
}): ChannelDriver & { kind: Mailer['kind'] } {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      deliver: async (m) => {
        await smtp.sendMail({ from: options.from, to: m.recipient, subject: m.subject ?? '', text: m.body });
      },
    };
  }
  const { keep, forget } = devOutbox(path.join(options.dataDir, 'outbox'), options.print !== false);
  return {
    kind: 'outbox',
    deliver: async (m) => {
      const mail: Mail = { to: m.recipient, subject: m.subject ?? '', text: m.body };
      keep('mail', m, { from: options.from, ...mail }, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    },
    forget,
  };
}

/**
 * A development outbox: each message a JSON file (written whole) in `folder`, named by time,
 * process and sequence, with the account or complaint it is for, and printed to the console
 * unless `print` is false (production). `forget` removes the messages of an account written
 * before a moment (its deletion: not the confirmation that follows it).
 */
export function devOutbox(
  folder: string,
  print: boolean,
): {
  keep: (kind: string, message: Queued, record: { to: string } & Record<string, unknown>, shown: string) => void;
  forget: Forget;
} {
  let sequence = 0;
  return {
    keep: (kind, message, record, shown) => {
      mkdirSync(folder, { recursive: true });
      const at = new Date().toISOString();
      const file = path.join(
        folder,
        `${at.replace(/[:.]/g, '-')}-${process.pid}-${String(++sequence).padStart(6, '0')}.json`,
      );
      writeWhole(
        file,
        JSON.stringify({ at, ...record, customer: message.customer_id, complaint: message.accusation_id }, null, 2),
      );
      if (print) console.warn(`\n--- ${kind} (development outbox: ${file}) ---\n${shown}\n---\n`);
    },
    forget: async (customerId, before) => {
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const file = path.join(folder, name);
        const record = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { customer?: string; at?: string };
        if (record.customer === customerId && Date.parse(record.at ?? '') < before.getTime())
          await rm(file, { force: true });
      }
    },
  };
}
