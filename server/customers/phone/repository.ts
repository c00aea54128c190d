import type { Queryable } from '../../db/client.ts';
import { HELD_NUMBER } from '../../db/sql.ts';

/**
 * The SQL of the customer's notification choices and phone number (issue 22, issue 48): the
 * choices, the codes sent to a number, and the number an account holds (`phone_proofs`).
 */

export interface PreferencesRow {
  notify_email: boolean;
  notify_sms: boolean;
  preferred_language: string;
  phone: string;
  /** The key (contract/phone.ts) of the number this account holds, proven with a code sent to it; SMS go only there. */
  phone_proven: string | null;
  email: string;
}

const PREFERENCES = `notify_email, notify_sms, preferred_language, phone, ${HELD_NUMBER('customers')} AS phone_proven, email`;

export const preferencesOf = async (q: Queryable, customerId: string): Promise<PreferencesRow | undefined> =>
  (await q.query<PreferencesRow>(`SELECT ${PREFERENCES} FROM customers WHERE id = $1`, [customerId]))[0];

export const saveChoices = async (
  q: Queryable,
  customerId: string,
  wanted: { email: boolean; sms: boolean; language: string },
): Promise<PreferencesRow | undefined> =>
  (
    await q.query<PreferencesRow>(
      `UPDATE customers SET notify_email = $2, notify_sms = $3, preferred_language = $4 WHERE id = $1 RETURNING ${PREFERENCES}`,
      [customerId, wanted.email, wanted.sms, wanted.language],
    )
  )[0];

/** One phone code per account, for the number it was sent to. */
export async function putPhoneCode(
  q: Queryable,
  customerId: string,
  phone: string,
  codeHash: string,
  minutes: number,
): Promise<void> {
  await q.query(
    `INSERT INTO phone_codes (customer_id, phone, code_hash, expires_at, attempts) VALUES ($1, $2, $3, now() + $4::int * interval '1 minute', 0)
     ON CONFLICT (customer_id) DO UPDATE SET phone = excluded.phone, code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
    [customerId, phone, codeHash, minutes],
  );
}

/** Counts a try atomically and answers the live phone code, or nothing past the tries or the time. */
export const tryPhoneCode = async (
  q: Queryable,
  customerId: string,
  maxAttempts: number,
): Promise<{ code_hash: string; phone: string } | undefined> =>
  (
    await q.query<{ code_hash: string; phone: string }>(
      `UPDATE phone_codes SET attempts = attempts + 1
       WHERE customer_id = $1 AND attempts < $2 AND expires_at > now() RETURNING code_hash, phone`,
      [customerId, maxAttempts],
    )
  )[0];

/**
 * The number the code went to is proven, and is the number on file from now on (the one on
 * file, or a new one the customer gave); its code goes. One account at a time holds a number
 * (ADR 0029): another account that held this one no longer does, nor does its phone unmask its
 * cases (the number is someone else's now); this account's earlier number is no longer its.
 * A proven number is the owner's own: it unmasks their cases.
 */
export async function markPhoneProven(
  q: Queryable,
  customerId: string,
  phone: string,
  key: string,
): Promise<PreferencesRow | undefined> {
  // Two accounts proving one number at once take their turns.
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('phone:' || $1))`, [key]);
  await q.query('DELETE FROM phone_codes WHERE customer_id = $1', [customerId]);
  await q.query(
    `UPDATE customers SET phone_owned_since = NULL
     WHERE id IN (SELECT customer_id FROM phone_proofs WHERE msisdn = $2 AND ended_at IS NULL AND customer_id <> $1)`,
    [customerId, key],
  );
  await q.query(
    `UPDATE phone_proofs SET ended_at = now()
     WHERE ended_at IS NULL AND (msisdn = $2) <> (customer_id = $1)`,
    [customerId, key],
  );
  await q.query(
    `INSERT INTO phone_proofs (customer_id, msisdn) SELECT $1, $2
     WHERE NOT EXISTS (SELECT 1 FROM phone_proofs WHERE customer_id = $1 AND msisdn = $2 AND ended_at IS NULL)`,
    [customerId, key],
  );
  return (
    await q.query<PreferencesRow>(
      `UPDATE customers SET phone = $2, phone_owned_since = now() WHERE id = $1 RETURNING ${PREFERENCES}`,
      [customerId, phone],
    )
  )[0];
}
