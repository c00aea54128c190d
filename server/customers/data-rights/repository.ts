import { CUSTOMER_FIELD_NAMES, PERSONAL_CUSTOMER_FIELDS } from '../../../contract/customer-fields.ts';
import type { LifecycleStatus } from '../../../contract/case-lifecycle.machine.ts';
import type { Queryable } from '../../db/client.ts';
import { eraseTextsOf } from '../../sms/repository.ts';
import { eraseSessionsOf } from '../../ussd/repository.ts';
import { HELD_NUMBER } from '../../db/sql.ts';

/** The data rights' SQL: what the archive holds, the archives themselves, the audit and the erasure. */

type Audited = 'export_requested' | 'export_downloaded' | 'account_deleted';
/** Who used which right and when: the account's id, the action, the time; nothing personal. */
export const audit = (q: Queryable, subject: string, action: Audited) =>
  q.query('INSERT INTO data_rights_audit (subject, action) VALUES ($1, $2)', [subject, action]).then(() => undefined);

export type ProfileRow = Record<string, unknown> & {
  email: string;
  phone: string;
  picture: string | null;
  /** The key of the number the account holds (ADR 0029). */
  phone_proven: string | null;
};

/** The profile as the archive shows it: without the password's hash. */
export const profileOf = async (q: Queryable, customerId: string): Promise<ProfileRow | undefined> =>
  (
    await q.query<ProfileRow>(
      `SELECT id, ${CUSTOMER_FIELD_NAMES.join(', ')}, email_verified,
              picture, status, preferred_language, notify_email, notify_sms, ${HELD_NUMBER('customers')} AS phone_proven,
              created_at
       FROM customers WHERE id = $1 AND deleted_at IS NULL`,
      [customerId],
    )
  )[0];

export type CaseRow = Record<string, unknown> & {
  id: string;
  status: LifecycleStatus;
  attachment: string | null;
  attachment_name?: string | null;
  response_justification: string | null;
  response_attachment: string | null;
};

export const casesOf = (q: Queryable, customerId: string): Promise<CaseRow[]> =>
  q.query<CaseRow>(
    `SELECT c.id, c.case_number, c.status, d.name_en AS division, d.name_am AS division_am, l.case_name_en AS case_request,
            l.case_name_am AS case_request_am, c.remark, c.attachment, c.attachment_name,
            (SELECT r.case_number FROM cases r WHERE r.id = c.related_case_id) AS related_case_number,
            c.created_at, c.ongoing_date, c.responded_date, c.verified_date, c.rejected_date, c.appealed_at,
            c.rejection_justification, c.response_justification, c.response_attachment
     FROM cases c JOIN divisions d ON d.id = c.division_id JOIN case_lists l ON l.id = c.case_list_id
     WHERE c.customer_id = $1 ORDER BY c.created_at, c.id`,
    [customerId],
  );

export type HistoryRow = Record<string, unknown> & {
  attachment: string | null;
  attachment_name?: string | null;
  note: string | null;
  by: string;
  action: string;
  to_status: string;
};

/** A case's answers, history (staff named by role only: "the bureau"), appointments and the customer's rating. */
export async function detailsOf(q: Queryable, caseId: string, customerId: string) {
  const answers = await q.query(
    `SELECT qn.name_en AS question, a.answer FROM case_answers a JOIN questions qn ON qn.id = a.question_id WHERE a.case_id = $1 ORDER BY a.position`,
    [caseId],
  );
  const history = await q.query<HistoryRow>(
    `SELECT created_at AS at, action, from_status, to_status, CASE WHEN actor_customer_id IS NOT NULL THEN 'you' ELSE 'the bureau' END AS by, note, attachment,
            attachment_name
     FROM case_history WHERE case_id = $1 ORDER BY created_at, id`,
    [caseId],
  );
  const schedules = await q.query(
    'SELECT scheduled_date, extended_date, created_at FROM case_schedules WHERE case_id = $1 ORDER BY created_at',
    [caseId],
  );
  const ratings = await q.query('SELECT rate_num, created_at FROM ratings WHERE case_id = $1 AND customer_id = $2', [
    caseId,
    customerId,
  ]);
  return { answers, history, schedules, rating: ratings[0] ?? null };
}

/** The messages sent for this account: never another person's to the same number or address. */
export const notificationsOf = (q: Queryable, customerId: string) =>
  q.query(
    `SELECT channel, subject, created_at, sent_at, delivered_at, failed_at FROM notifications WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );

/** A new archive replaces any of the customer's; answers the files of those it replaced. */
export async function replaceExport(
  q: Queryable,
  id: string,
  customerId: string,
  file: string,
  hours: number,
): Promise<{ file: string }[]> {
  const replaced = await q.query<{ file: string }>('DELETE FROM data_exports WHERE customer_id = $1 RETURNING file', [
    customerId,
  ]);
  await q.query(
    `INSERT INTO data_exports (id, customer_id, file, expires_at) VALUES ($1, $2, $3, now() + $4::int * interval '1 hour')`,
    [id, customerId, file, hours],
  );
  return replaced;
}

/** Takes a live archive once, for its owner only (two downloads at once: one gets it). */
export const takeExport = async (q: Queryable, id: string, customerId: string): Promise<{ file: string } | undefined> =>
  (
    await q.query<{ file: string }>(
      `UPDATE data_exports SET downloaded_at = now()
       WHERE id::text = $1 AND customer_id = $2 AND downloaded_at IS NULL AND expires_at > now() RETURNING file`,
      [id, customerId],
    )
  )[0];

/** Archives past their hours, or downloaded: deleted; answers their files. */
export const deleteSpentExports = (q: Queryable): Promise<{ file: string }[]> =>
  q.query<{ file: string }>(
    'DELETE FROM data_exports WHERE expires_at < now() OR downloaded_at IS NOT NULL RETURNING file',
  );

export interface DeletedAccount {
  password_hash: string;
  email: string;
  phone: string;
  picture: string | null;
  preferred_language: string;
}

export const accountOf = async (q: Queryable, customerId: string): Promise<DeletedAccount | undefined> =>
  (
    await q.query<DeletedAccount>(
      'SELECT password_hash, email, phone, picture, preferred_language FROM customers WHERE id = $1 AND deleted_at IS NULL',
      [customerId],
    )
  )[0];

/** The files the customer gave: their applications' attachments and what they attached to their steps. */
export async function filesGivenBy(q: Queryable, customerId: string): Promise<string[]> {
  const cases = await q.query<{ attachment: string }>(
    'SELECT attachment FROM cases WHERE customer_id = $1 AND attachment IS NOT NULL',
    [customerId],
  );
  const steps = await q.query<{ attachment: string }>(
    'SELECT attachment FROM case_history WHERE actor_customer_id = $1 AND attachment IS NOT NULL',
    [customerId],
  );
  return [...cases, ...steps].map((r) => r.attachment);
}

/** Every personal field of the table blanked; the e-mail, the row's unique key, becomes one that cannot be anyone's. */
const ERASED_FIELDS = PERSONAL_CUSTOMER_FIELDS.map((f) =>
  f === 'email' ? `email = 'deleted-' || id || '@deleted.invalid'` : `${f} = ''`,
).join(', ');

/**
 * Erases the person (ADR 0019): what they wrote, their codes, keys, archives and messages go;
 * the account keeps no personal field; what the bureau decided stays. Answers the archives' files.
 */
export async function eraseCustomer(q: Queryable, customerId: string): Promise<{ file: string }[]> {
  const exports = await q.query<{ file: string }>('DELETE FROM data_exports WHERE customer_id = $1 RETURNING file', [
    customerId,
  ]);
  await q.query('UPDATE cases SET remark = NULL, attachment = NULL, attachment_name = NULL WHERE customer_id = $1', [
    customerId,
  ]);
  await q.query("UPDATE case_answers SET answer = '' WHERE case_id IN (SELECT id FROM cases WHERE customer_id = $1)", [
    customerId,
  ]);
  await q.query(
    'UPDATE case_history SET note = NULL, attachment = NULL, attachment_name = NULL WHERE actor_customer_id = $1',
    [customerId],
  );
  for (const table of ['otp_codes', 'phone_codes', 'reset_tokens', 'idempotency_keys'])
    await q.query(`DELETE FROM ${table} WHERE customer_id = $1`, [customerId]);
  await q.query('DELETE FROM notifications WHERE customer_id = $1', [customerId]);
  // The texts between the bureau's number and the numbers they proved, while they held them: each whole number, never
  // another country's with the same last digits, nor what someone else sent from it (a STOP stays: the number's wish).
  // Their USSD sessions likewise (issue 56), while the record of the numbers they held still says which.
  await eraseSessionsOf(q, customerId);
  await eraseTextsOf(q, customerId);
  await q.query(
    `UPDATE customers SET ${ERASED_FIELDS}, password_hash = '', picture = NULL, status = 'inactive',
       email_verified = false, phone_owned_since = NULL, notify_email = false, notify_sms = false, token_version = token_version + 1, deleted_at = now()
     WHERE id = $1`,
    [customerId],
  );
  return exports;
}
