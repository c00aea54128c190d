import type { Queryable } from '../db/client.ts';

/** The SMS channel's SQL: the parts of a message the SMSC accepted, and their delivery receipts. */

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
