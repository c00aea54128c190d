import type { Queryable } from '../db/client.ts';
import { SMS_RECORD_MAX_CHARS } from '../tuning.ts';

/** The SQL of texts to and from the bureau's number: the record of each, STOP and START, and whose number it is. */

/**
 * An incoming text, what it asked (`unread` when it met silence) and how it was answered
 * (`replied`; `limited`: past the number's or the portal's limit; `unreachable`: a number the
 * operator account does not reach); its id is what the answer belongs to.
 */
export const recordIncoming = async (
  q: Queryable,
  msisdn: string,
  text: string,
  command: string,
  outcome: 'replied' | 'limited' | 'unreachable',
): Promise<string> =>
  String(
    (
      await q.query<{ id: string }>(
        `INSERT INTO sms_messages (msisdn, direction, text, command, outcome) VALUES ($1, 'in', $2, $3, $4) RETURNING id`,
        [msisdn, text.slice(0, SMS_RECORD_MAX_CHARS), command, outcome],
      )
    )[0]?.id,
  );

export const recordAnswer = (q: Queryable, msisdn: string, text: string, answers: string): Promise<void> =>
  q
    .query(`INSERT INTO sms_messages (msisdn, direction, text, answers) VALUES ($1, 'out', $2, $3)`, [
      msisdn,
      text,
      answers,
    ])
    .then(() => undefined);

/** True when the number sent STOP and not START since. */
export const isStopped = async (q: Queryable, msisdn: string): Promise<boolean> =>
  (await q.query('SELECT 1 FROM sms_stopped WHERE msisdn = $1', [msisdn])).length > 0;

export const stopNumber = (q: Queryable, msisdn: string): Promise<void> =>
  q.query('INSERT INTO sms_stopped (msisdn) VALUES ($1) ON CONFLICT DO NOTHING', [msisdn]).then(() => undefined);

export const startNumber = (q: Queryable, msisdn: string): Promise<void> =>
  q.query('DELETE FROM sms_stopped WHERE msisdn = $1', [msisdn]).then(() => undefined);

/** The language of the customer who proved this number (their latest account), if any did. */
export const languageOfNumber = async (q: Queryable, msisdn: string): Promise<string | undefined> =>
  (
    await q.query<{ preferred_language: string }>(
      `SELECT preferred_language FROM customers WHERE deleted_at IS NULL AND phone_proven = $1
       ORDER BY phone_proven_at DESC LIMIT 1`,
      [msisdn],
    )
  )[0]?.preferred_language;

/** The texts from and to a number since `since` (when the customer proved it), oldest first (a data archive). */
export const messagesOfNumber = (q: Queryable, msisdn: string, since: Date) =>
  q.query<{ direction: string; text: string; created_at: Date }>(
    'SELECT direction, text, created_at FROM sms_messages WHERE msisdn = $1 AND created_at >= $2 ORDER BY created_at, id',
    [msisdn, since],
  );

/** Forgets texts older than `days` days (the sweep). */
export const sweepMessages = (q: Queryable, days: number): Promise<void> =>
  q
    .query(`DELETE FROM sms_messages WHERE created_at < now() - $1::int * interval '1 day'`, [days])
    .then(() => undefined);
