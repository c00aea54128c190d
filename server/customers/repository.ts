import type { CustomerField } from '../../contract/customer-fields.ts';
import { CUSTOMER_FIELD_NAMES } from '../../contract/customer-fields.ts';
import type { Customer } from '../../contract/entities.ts';
import type { Queryable } from '../db/client.ts';
import { isUuid } from '../db/sql.ts';
import { IDEMPOTENCY_KEY_DAYS } from '../config/tuning.ts';

/**
 * The customers domain's SQL and row mapping, and nothing else: accounts, their
 * registrations and e-mail codes, reset links and revoked tokens (the notification choices and
 * the phone number: `phone/repository.ts`). Every function takes the database or the caller's
 * transaction.
 */

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A customer's row: each field of the table (contract/customer-fields.ts), a column of its name, and the account's own. */
export type CustomerRow = Record<Exclude<CustomerField, 'gender'>, string> & {
  id: string;
  password_hash: string;
  gender: 'Male' | 'Female';
  picture: string | null;
  status: 'active' | 'inactive';
  email_verified: boolean;
  preferred_language: string;
  token_version: number;
  registration_id: string;
  /** When the pending registration was last made; when a verified account was made. */
  created_at: Date;
};

export const toCustomer = (r: CustomerRow): Customer => ({
  _id: r.id,
  ...(Object.fromEntries(CUSTOMER_FIELD_NAMES.map((f) => [f, r[f]])) as Pick<CustomerRow, CustomerField>),
  status: r.status,
  picture: r.picture,
  preferred_language: r.preferred_language,
});

export const findByEmail = async (db: Queryable, email: string): Promise<CustomerRow | undefined> =>
  (await db.query<CustomerRow>('SELECT * FROM customers WHERE email = $1', [normalizeEmail(email)]))[0];

export const findById = async (db: Queryable, id: string): Promise<CustomerRow | undefined> =>
  (await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]))[0];

/** The customer's fields a registration writes (the e-mail is the row's key, written once). */
export type RegisteredField = Exclude<CustomerField, 'email'>;
export const REGISTERED_FIELDS = CUSTOMER_FIELD_NAMES.filter((f): f is RegisteredField => f !== 'email');

/** What a registration writes: the customer's fields (contract/customer-fields.ts) and the account's own. */
export type Registration = Record<RegisteredField, string> & {
  preferred_language: string;
  password_hash: string;
  picture: string | null;
  registration_id: string;
};

/** The columns a registration writes, by name: one per field of the table, then the account's. */
const REGISTRATION_COLUMNS = [
  ...REGISTERED_FIELDS,
  'preferred_language',
  'password_hash',
  'picture',
  'registration_id',
] as const satisfies readonly (keyof Registration)[];
const registrationValues = (r: Registration) => REGISTRATION_COLUMNS.map((column) => r[column]);
const n = REGISTRATION_COLUMNS.length;
const REPLACE_PENDING = `UPDATE customers SET ${REGISTRATION_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ')},
  created_at = now() WHERE id = $${n + 1}`;
const INSERT_CUSTOMER = `INSERT INTO customers (${REGISTRATION_COLUMNS.join(', ')}, id, email)
  VALUES (${[...REGISTRATION_COLUMNS, 'id', 'email'].map((_, i) => `$${i + 1}`).join(', ')})
  ON CONFLICT (email) DO NOTHING RETURNING id`;

/** The pending (unverified) registration of an e-mail, locked for the caller's transaction. */
export const lockPending = async (
  q: Queryable,
  email: string,
): Promise<{ id: string; picture: string | null; registration_id: string } | undefined> =>
  (
    await q.query<{ id: string; picture: string | null; registration_id: string }>(
      'SELECT id, picture, registration_id FROM customers WHERE email = $1 AND NOT email_verified FOR UPDATE',
      [email],
    )
  )[0];

/** A registration a newer one replaced: its handle is then told so, for a week (migration 022). */
export const noteReplaced = (q: Queryable, customerId: string, registrationId: string): Promise<void> =>
  q
    .query('INSERT INTO replaced_registrations (registration_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      registrationId,
      customerId,
    ])
    .then(() => undefined);

/** Whether `registrationId` is a registration of this account that a newer one replaced. */
export const wasReplaced = async (q: Queryable, customerId: string, registrationId: string): Promise<boolean> =>
  isUuid(registrationId) &&
  (
    await q.query('SELECT 1 FROM replaced_registrations WHERE customer_id = $1 AND registration_id = $2', [
      customerId,
      registrationId,
    ])
  ).length > 0;

/** Forgets the replaced registrations older than `days` days (a verification forgets its account's at once). */
export const forgetReplaced = (q: Queryable, days: number): Promise<void> =>
  q
    .query(`DELETE FROM replaced_registrations WHERE replaced_at < now() - $1::int * interval '1 day'`, [days])
    .then(() => undefined);

export async function replacePending(q: Queryable, id: string, r: Registration): Promise<void> {
  await q.query(REPLACE_PENDING, [...registrationValues(r), id]);
}

/**
 * A new email's registration; false when the email has a row already (one committed meanwhile:
 * the insert waits for a registration in flight to end rather than failing on it).
 */
export async function insertCustomer(q: Queryable, id: string, email: string, r: Registration): Promise<boolean> {
  const inserted = await q.query(INSERT_CUSTOMER, [...registrationValues(r), id, email]);
  return inserted.length > 0;
}

/** One code per account: a new one replaces the last, with its tries at zero. */
export async function putOtp(q: Queryable, customerId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await q.query(
    `INSERT INTO otp_codes (customer_id, code_hash, expires_at, attempts) VALUES ($1, $2, $3, 0)
     ON CONFLICT (customer_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
    [customerId, codeHash, expiresAt],
  );
}

/** Counts a try atomically and answers the live code's hash, or nothing past the tries or the time. */
export const tryOtp = async (q: Queryable, customerId: string, maxAttempts: number): Promise<string | undefined> =>
  (
    await q.query<{ code_hash: string }>(
      `UPDATE otp_codes SET attempts = attempts + 1
       WHERE customer_id = $1 AND attempts < $2 AND expires_at > now() RETURNING code_hash`,
      [customerId, maxAttempts],
    )
  )[0]?.code_hash;

/**
 * Verified only while the registration is still the one the code was sent for; its code goes.
 * Its owner proved it is theirs, so the phone they gave in it is theirs to unmask a case with.
 */
export async function markVerified(q: Queryable, customerId: string, registrationId: string): Promise<boolean> {
  const done = await q.query(
    `UPDATE customers SET email_verified = true, phone_owned_since = now()
     WHERE id = $1 AND registration_id = $2 AND NOT email_verified RETURNING id`,
    [customerId, registrationId],
  );
  if (done.length > 0) {
    await q.query('DELETE FROM otp_codes WHERE customer_id = $1', [customerId]);
    await q.query('DELETE FROM replaced_registrations WHERE customer_id = $1', [customerId]);
  }
  return done.length > 0;
}

/** A newer reset link cancels the older ones. */
export async function putResetToken(
  q: Queryable,
  id: string,
  customerId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await q.query('DELETE FROM reset_tokens WHERE customer_id = $1', [customerId]);
  await q.query('INSERT INTO reset_tokens (id, customer_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
    id,
    customerId,
    tokenHash,
    expiresAt,
  ]);
}

/** Uses a live reset link once and sets the new password: every session ends, the mailbox is proven. */
export async function useResetToken(
  q: Queryable,
  customerId: string,
  tokenHash: string,
  passwordHash: string,
): Promise<boolean> {
  const used = await q.query<{ id: string }>(
    `UPDATE reset_tokens SET used_at = now()
     WHERE customer_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
    [customerId, tokenHash],
  );
  if (used.length === 0) return false;
  await q.query('DELETE FROM reset_tokens WHERE customer_id = $1', [customerId]);
  await q.query(
    'UPDATE customers SET password_hash = $1, token_version = token_version + 1, email_verified = true WHERE id = $2',
    [passwordHash, customerId],
  );
  return true;
}

/** Revokes a token until it expires; answers whether this call revoked it (false: it already was). */
export const revokeToken = async (q: Queryable, jti: string, exp: number): Promise<boolean> =>
  (
    await q.query(
      'INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING RETURNING jti',
      [jti, exp],
    )
  ).length > 0;

/** Registrations never verified after `days` days, without cases: deleted; answers their pictures. */
export const deleteUnverified = async (q: Queryable, days: number): Promise<{ picture: string | null }[]> =>
  q.query<{ picture: string | null }>(
    `DELETE FROM customers WHERE NOT email_verified AND deleted_at IS NULL AND created_at < now() - $1::int * interval '1 day'
       AND NOT EXISTS (SELECT 1 FROM cases WHERE customer_id = customers.id) RETURNING picture`,
    [days],
  );

/** Revoked tokens past their expiry, reset links past theirs and idempotency keys past IDEMPOTENCY_KEY_DAYS. */
export async function deleteExpiredTokens(q: Queryable): Promise<void> {
  await q.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  await q.query('DELETE FROM reset_tokens WHERE expires_at < now()');
  await q.query("DELETE FROM idempotency_keys WHERE created_at < now() - $1::int * interval '1 day'", [
    IDEMPOTENCY_KEY_DAYS,
  ]);
}
