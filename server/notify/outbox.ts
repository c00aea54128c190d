import type { Logger } from 'pino';
import type { Db, Queryable } from '../db/client.ts';
import {
  MAIL_MAX_ATTEMPTS,
  MAIL_POLL_MS,
  MAIL_RETRY_FIRST_MS,
  MAIL_RETRY_MAX_MS,
  SENT_MESSAGE_DAYS,
} from '../tuning.ts';

/** The ways the portal reaches a person. */
export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Whom a message is for: a customer's account, a complaint (its complainant, who may have no
 * account), or a text sent to the bureau's number (the answer to it: the sender may be neither).
 */
export type About = { customer: string } | { complaint: string } | { sms: string };

/** A message as the outbox holds it until its channel has handed it over. */
export interface Queued {
  id: string;
  /** Whom it is for (the account, or the complaint). */
  customer_id: string | null;
  accusation_id: string | null;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/** Hands one message to its channel (SMTP, the SMSC, a development outbox); throws to be retried. */
export type Deliver = (message: Queued) => Promise<void>;

export interface Outbox {
  /**
   * Queues a message in the database, in the caller's transaction when `q` is one: what
   * caused it and the message are kept together. Sending happens apart from the request and
   * never fails it; while a channel fails, its messages are retried.
   */
  enqueue(
    channel: Channel,
    message: { to: string; subject?: string; text: string; forgetRecipient?: boolean; about: About },
    q?: Queryable,
  ): Promise<void>;
  /** Starts handing over a channel's due messages now (a message queued in a transaction just committed). */
  nudge(channel: Channel): void;
  /** Hands over every message due now on every channel, once (tests, shutdown); failures wait for their retry. */
  flush(): Promise<void>;
  /** Removes what every channel kept of the messages for an account handed over before `before` (its deletion). */
  forget: Forget;
  /** Deletes the records of messages sent or given up more than a week ago (the periodic sweep). */
  sweep(): Promise<void>;
  /** Stops looking for messages (the process is ending). */
  stop(): void;
  /** Stops, and closes what the channels hold open (the SMPP session). */
  close(): Promise<void>;
}

/** Removes what a channel kept of the messages for an account handed over before `before` (the development outbox's files). */
export type Forget = (customerId: string, before: Date) => Promise<void>;

/** A channel: how a message is handed over, what it keeps of the messages sent, and what to close at the end. */
export interface ChannelDriver {
  deliver: Deliver;
  forget?: Forget;
  close?: () => Promise<void>;
}

/** The delay before attempt `attempts + 1`: doubled each time, from MAIL_RETRY_FIRST_MS up to MAIL_RETRY_MAX_MS. */
export const retryDelayMs = (attempts: number, firstMs = MAIL_RETRY_FIRST_MS): number =>
  Math.min(firstMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);

/** How often the outbox looks for due messages, and its first retry's delay: shorter in a test that waits for a retry. */
export interface OutboxTiming {
  pollMs: number;
  retryFirstMs: number;
}

/**
 * One outbox for every channel, in the `notifications` table that every server process
 * shares. Each channel is claimed and delivered on its own (`SKIP LOCKED`, per channel), so a
 * channel that is down (SMTP away, the SMSC unbound) never holds back the other.
 */
export function createOutbox(options: {
  db: Db;
  log: Logger;
  channels: Record<Channel, ChannelDriver>;
  timing?: Partial<OutboxTiming>;
}): Outbox {
  const { db, log } = options;
  const { pollMs = MAIL_POLL_MS, retryFirstMs = MAIL_RETRY_FIRST_MS } = options.timing ?? {};

  /** Claims a batch of a channel's due messages (no other process gets them), sends them, records how it went. */
  async function deliverBatch(channel: Channel): Promise<number> {
    // Sent in the order they were written (RETURNING promises none): a case's "processing"
    // never reaches the customer after the step that followed it.
    const batch = await db.query<Queued>(
      `WITH claimed AS (
         UPDATE notifications SET attempts = attempts + 1, locked_until = now() + interval '5 minutes'
         WHERE id IN (
           SELECT id FROM notifications
           WHERE channel = $1 AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
           ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
         RETURNING id, customer_id, accusation_id, recipient, subject, body, attempts)
       SELECT * FROM claimed ORDER BY id`,
      [channel],
    );
    for (const m of batch) {
      try {
        await options.channels[channel].deliver(m);
        await db.query(
          `UPDATE notifications SET sent_at = now(), body = '', subject = CASE WHEN forget_recipient THEN NULL ELSE subject END,
             recipient = CASE WHEN forget_recipient THEN '' ELSE recipient END, locked_until = NULL, last_error = NULL WHERE id = $1`,
          [m.id],
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        const giveUp = m.attempts >= MAIL_MAX_ATTEMPTS;
        log.warn(
          { channel, notification: m.id, attempts: m.attempts, err: reason },
          giveUp ? 'message given up' : 'message not sent; will retry',
        );
        await db.query(
          giveUp
            ? `UPDATE notifications SET failed_at = now(), body = '', recipient = CASE WHEN forget_recipient THEN '' ELSE recipient END,
                 locked_until = NULL, last_error = $2 WHERE id = $1`
            : `UPDATE notifications SET next_attempt_at = now() + $3::int * interval '1 millisecond', locked_until = NULL, last_error = $2 WHERE id = $1`,
          giveUp ? [m.id, reason] : [m.id, reason, retryDelayMs(m.attempts, retryFirstMs)],
        );
      }
    }
    return batch.length;
  }

  const running = new Map<Channel, Promise<void>>();
  let stopped = false;
  /** One delivery run per channel at a time per process; a run goes on while the channel has due messages. */
  const deliver = (channel: Channel): Promise<void> => {
    let run = running.get(channel);
    if (!run) {
      run = (async () => {
        try {
          while (!stopped && (await deliverBatch(channel)) > 0);
        } catch (error) {
          // The database is away: the next tick tries again.
          log.warn({ err: error, channel }, 'notifications not reachable');
        } finally {
          running.delete(channel);
        }
      })();
      running.set(channel, run);
    }
    return run;
  };
  const deliverAll = () => Promise.all(CHANNELS.map(deliver)).then(() => undefined);
  const tick = setInterval(() => void deliverAll(), pollMs);
  tick.unref();

  return {
    async enqueue(channel, message, q) {
      await (q ?? db).query(
        'INSERT INTO notifications (channel, recipient, subject, body, forget_recipient, customer_id, accusation_id, sms_message_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          channel,
          message.to,
          message.subject ?? null,
          message.text,
          message.forgetRecipient === true,
          'customer' in message.about ? message.about.customer : null,
          'complaint' in message.about ? message.about.complaint : null,
          'sms' in message.about ? message.about.sms : null,
        ],
      );
      // Outside a transaction the message can go at once; inside one, the next tick takes it.
      if (!q || q === db) void deliver(channel);
    },
    nudge(channel) {
      void deliver(channel);
    },
    async flush() {
      await Promise.all(running.values());
      await deliverAll();
    },
    async forget(customerId, before) {
      await Promise.all(CHANNELS.map((c) => options.channels[c].forget?.(customerId, before)));
    },
    async sweep() {
      await db.query(
        "DELETE FROM notifications WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND created_at < now() - $1::int * interval '1 day'",
        [SENT_MESSAGE_DAYS],
      );
    },
    stop() {
      stopped = true;
      clearInterval(tick);
    },
    async close() {
      this.stop();
      await Promise.all(CHANNELS.map((c) => options.channels[c].close?.()));
    },
  };
}
