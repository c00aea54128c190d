import type { Queryable } from '../db/client.ts';

/**
 * The notifications' SQL: the outbox (`notifications`, which every process shares), the parts
 * of a text the SMSC accepted and their receipts, and the numbers that sent STOP.
 */

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

/**
 * Claims up to 20 of a channel's due messages for this process (`SKIP LOCKED`: no other gets
 * them; a claim lapses after 5 minutes), in the order they were written (RETURNING promises
 * none): a case's "processing" never reaches the customer after the step that followed it.
 */
export const claimDue = (db: Queryable, channel: string): Promise<Queued[]> =>
  db.query<Queued>(
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

/** Handed over: its words are dropped, and its recipient and subject where the message asked to be forgotten. */
export const markSent = (db: Queryable, id: string): Promise<void> =>
  db
    .query(
      `UPDATE notifications SET sent_at = now(), body = '', subject = CASE WHEN forget_recipient THEN NULL ELSE subject END,
         recipient = CASE WHEN forget_recipient THEN '' ELSE recipient END, locked_until = NULL, last_error = NULL WHERE id = $1`,
      [id],
    )
    .then(() => undefined);

/** Given up after its last attempt: its words are dropped, and its recipient where the message asked to be forgotten. */
export const markFailed = (db: Queryable, id: string, reason: string): Promise<void> =>
  db
    .query(
      `UPDATE notifications SET failed_at = now(), body = '', recipient = CASE WHEN forget_recipient THEN '' ELSE recipient END,
         locked_until = NULL, last_error = $2 WHERE id = $1`,
      [id, reason],
    )
    .then(() => undefined);

/** Not handed over this time: tried again in `delayMs`. */
export const retryLater = (db: Queryable, id: string, reason: string, delayMs: number): Promise<void> =>
  db
    .query(
      `UPDATE notifications SET next_attempt_at = now() + $3::int * interval '1 millisecond', locked_until = NULL, last_error = $2 WHERE id = $1`,
      [id, reason, delayMs],
    )
    .then(() => undefined);

/** A message to hand over, and whom it is about: an account, a complaint, or a text it answers. */
export const insertNotification = (
  q: Queryable,
  m: {
    channel: string;
    recipient: string;
    subject: string | null;
    body: string;
    forgetRecipient: boolean;
    customerId: string | null;
    complaintId: string | null;
    smsId: string | null;
  },
): Promise<void> =>
  q
    .query(
      'INSERT INTO notifications (channel, recipient, subject, body, forget_recipient, customer_id, accusation_id, sms_message_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [m.channel, m.recipient, m.subject, m.body, m.forgetRecipient, m.customerId, m.complaintId, m.smsId],
    )
    .then(() => undefined);

/** The records of messages handed over or given up more than `days` ago. */
export const sweepHandedOver = (db: Queryable, days: number): Promise<void> =>
  db
    .query(
      "DELETE FROM notifications WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND created_at < now() - $1::int * interval '1 day'",
      [days],
    )
    .then(() => undefined);

/** True when the number sent STOP and not START since: the portal texts it nothing. */
export const isStopped = async (q: Queryable, msisdn: string): Promise<boolean> =>
  (await q.query('SELECT 1 FROM sms_stopped WHERE msisdn = $1', [msisdn])).length > 0;

export const stopNumber = (q: Queryable, msisdn: string): Promise<void> =>
  q.query('INSERT INTO sms_stopped (msisdn) VALUES ($1) ON CONFLICT DO NOTHING', [msisdn]).then(() => undefined);

export const startNumber = (q: Queryable, msisdn: string): Promise<void> =>
  q.query('DELETE FROM sms_stopped WHERE msisdn = $1', [msisdn]).then(() => undefined);

/** The parts of a message the SMSC has accepted already (a retry sends only the others). */
export const acceptedParts = async (db: Queryable, notificationId: string): Promise<Set<number>> =>
  new Set(
    (await db.query<{ seq: number }>('SELECT seq FROM sms_parts WHERE notification_id = $1', [notificationId])).map(
      (r) => Number(r.seq),
    ),
  );

export const recordPart = (db: Queryable, notificationId: string, seq: number, messageId: string): Promise<void> =>
  db
    .query('INSERT INTO sms_parts (notification_id, seq, message_id) VALUES ($1, $2, $3)', [
      notificationId,
      seq,
      messageId,
    ])
    .then(() => undefined);

/** A part's receipt; the message counts as delivered once every part of it was delivered. */
export async function recordReceipt(db: Queryable, messageId: string, stat: string): Promise<void> {
  const [part] = await db.query<{ notification_id: string }>(
    'UPDATE sms_parts SET receipt = $2, receipt_at = now() WHERE message_id = $1 RETURNING notification_id',
    [messageId, stat],
  );
  if (part)
    await db.query(
      `UPDATE notifications SET delivered_at = now() WHERE id = $1 AND delivered_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM sms_parts WHERE notification_id = $1 AND receipt IS DISTINCT FROM 'DELIVRD')`,
      [part.notification_id],
    );
}
