import type { CaseHistoryEntry, CaseStatus } from '../../contract/entities.ts';
import type { Queryable } from '../db/client.ts';
import { SMS_RECORD_MAX_CHARS } from '../config/tuning.ts';

/** The SQL of texts to and from the bureau's number: the record of each, and whose number it is (STOP and START: server/notify/repository.ts). */

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

/** The language of the customer who holds this number (proved it last), if one does. */
export const languageOfNumber = async (q: Queryable, msisdn: string): Promise<string | undefined> =>
  (
    await q.query<{ preferred_language: string }>(
      `SELECT c.preferred_language FROM phone_proofs p JOIN customers c ON c.id = p.customer_id
       WHERE p.msisdn = $1 AND p.ended_at IS NULL AND c.deleted_at IS NULL`,
      [msisdn],
    )
  )[0]?.preferred_language;

/**
 * Which texts from and to the bureau's number are a customer's: those of each number they
 * proved, while they held it (from the proof until another account proved it, or they moved).
 */
const HELD_TEXTS = `FROM sms_messages s JOIN phone_proofs p ON p.msisdn = s.msisdn
  WHERE p.customer_id = $1 AND s.created_at >= p.proven_at AND (p.ended_at IS NULL OR s.created_at < p.ended_at)`;

/** A customer's texts with the bureau's number (`HELD_TEXTS`), oldest first (their data archive). */
export const textsOfCustomer = (q: Queryable, customerId: string) =>
  q.query<{ direction: string; text: string; created_at: Date }>(
    `SELECT s.direction, s.text, s.created_at ${HELD_TEXTS} ORDER BY s.created_at, s.id`,
    [customerId],
  );

/** Erases a customer's texts with the bureau's number (`HELD_TEXTS`) and the record of the numbers they held. */
export async function eraseTextsOf(q: Queryable, customerId: string): Promise<void> {
  await q.query(`DELETE FROM sms_messages WHERE id IN (SELECT s.id ${HELD_TEXTS})`, [customerId]);
  await q.query('DELETE FROM phone_proofs WHERE customer_id = $1', [customerId]);
}

/** The numbers a customer proved, and when they held them (their data archive). */
export const proofsOf = (q: Queryable, customerId: string) =>
  q.query<{ msisdn: string; proven_at: Date; ended_at: Date | null }>(
    'SELECT msisdn, proven_at, ended_at FROM phone_proofs WHERE customer_id = $1 ORDER BY proven_at',
    [customerId],
  );

/** Forgets texts older than `days` days (the sweep). */
export const sweepMessages = (q: Queryable, days: number): Promise<void> =>
  q
    .query(`DELETE FROM sms_messages WHERE created_at < now() - $1::int * interval '1 day'`, [days])
    .then(() => undefined);

/** A case's steps as its history recorded them, oldest first: the answer to a text says the last one's day and the bureau's question. */
export const caseSteps = (q: Queryable, caseId: string) =>
  q.query<{ created_at: Date; to_status: CaseStatus; note: string | null; action: CaseHistoryEntry['action'] }>(
    'SELECT created_at, to_status, note, action FROM case_history WHERE case_id = $1 ORDER BY created_at, id',
    [caseId],
  );
