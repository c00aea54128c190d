import type { Logger } from 'pino';
import type { Db, Queryable } from '../db/client.ts';
import type { Queued } from './repository.ts';
import { claimDue, insertNotification, markFailed, markSent, retryLater, sweepHandedOver } from './repository.ts';
import {
  MAIL_MAX_ATTEMPTS,
  MAIL_POLL_MS,
  MAIL_RETRY_FIRST_MS,
  MAIL_RETRY_MAX_MS,
  SENT_MESSAGE_DAYS,
} from '../config/tuning.ts';

/** The ways the portal reaches a person. */
export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Whom a message is for: a customer's account, a complaint (its complainant, who may have no
 * account), or a text sent to the bureau's number (the answer to it: the sender may be neither).
 */
export type About = { customer: string } | { complaint: string } | { sms: string };

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
    const batch = await claimDue(db, channel);
    for (const m of batch) {
      try {
        await options.channels[channel].deliver(m);
        await markSent(db, m.id);
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        const giveUp = m.attempts >= MAIL_MAX_ATTEMPTS;
        log.warn(
          { channel, notification: m.id, attempts: m.attempts, err: reason },
          giveUp ? 'message given up' : 'message not sent; will retry',
        );
        await (giveUp
          ? markFailed(db, m.id, reason)
          : retryLater(db, m.id, reason, retryDelayMs(m.attempts, retryFirstMs)));
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
      await insertNotification(q ?? db, {
        channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.text,
        forgetRecipient: message.forgetRecipient === true,
        customerId: 'customer' in message.about ? message.about.customer : null,
        complaintId: 'complaint' in message.about ? message.about.complaint : null,
        smsId: 'sms' in message.about ? message.about.sms : null,
      });
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
      await sweepHandedOver(db, SENT_MESSAGE_DAYS);
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
