import type { Rating } from '../../contract/entities.ts';
import type { ComplaintStatus } from '../../contract/feedback/answers.ts';
import type { Queryable } from '../db/client.ts';

/** The feedback domain's SQL and row mapping: complaints (the `accusations` table) and ratings. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface ComplaintRow {
  id: string;
  tracking_code: string;
  status: ComplaintStatus['status'];
  subject: string;
  created_at: Date;
  reviewed_at: Date | null;
  answered_at: Date | null;
  answer: string | null;
  answer_file: string | null;
  /** The language the complainant asked to be told in by SMS; null: not asked. */
  notify_lang: string | null;
}

/** A complaint as anyone holding its code sees it: its state and the answer, nothing of the complainant. */
export const toComplaintStatus = (row: ComplaintRow): ComplaintStatus => ({
  tracking_code: row.tracking_code,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  reviewed_at: iso(row.reviewed_at),
  answered_at: iso(row.answered_at),
  answer: row.answer,
  answer_file: row.answer_file,
});

export interface NewComplaint {
  id: string;
  tracking_code: string;
  name: string | null;
  phone: string | null;
  subject: string;
  description: string;
  accused_organizational_part: string | null;
  attachment: string | null;
  idempotency_key: string | null;
  notify_lang: string | null;
}

export async function insertComplaint(q: Queryable, c: NewComplaint): Promise<void> {
  await q.query(
    `INSERT INTO accusations (id, tracking_code, name, phone, subject, description, accused_organizational_part, attachment, idempotency_key, notify_lang)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      c.id,
      c.tracking_code,
      c.name,
      c.phone,
      c.subject,
      c.description,
      c.accused_organizational_part,
      c.attachment,
      c.idempotency_key,
      c.notify_lang,
    ],
  );
}

/** The tracking code an earlier complaint with this idempotency key got, if any. */
export const codeOfKey = async (q: Queryable, key: string): Promise<string | null> =>
  (
    await q.query<{ tracking_code: string }>('SELECT tracking_code FROM accusations WHERE idempotency_key = $1', [key])
  )[0]?.tracking_code ?? null;

export const complaintOfCode = async (q: Queryable, code: string): Promise<ComplaintRow | undefined> =>
  (await q.query<ComplaintRow>('SELECT * FROM accusations WHERE tracking_code = $1', [code]))[0];

/** The latest complaints (at most 200), of one status or all. */
export const latestComplaints = (q: Queryable, status?: string) =>
  q.query<Pick<ComplaintRow, 'tracking_code' | 'status' | 'created_at' | 'subject'>>(
    `SELECT tracking_code, status, created_at, subject FROM accusations ${status ? 'WHERE status = $1' : ''} ORDER BY created_at DESC LIMIT 200`,
    status ? [status] : [],
  );

/** A received complaint taken up; false when there is none of that code still received. */
export const markUnderReview = async (q: Queryable, code: string, staffId: string): Promise<boolean> =>
  (
    await q.query(
      `UPDATE accusations SET status = 'under_review', reviewed_at = now(), reviewed_by = $2
       WHERE tracking_code = $1 AND status = 'received' RETURNING id`,
      [code, staffId],
    )
  ).length > 0;

/** Answers a complaint not yet answered; answers whom to tell, or nothing when there is none to answer. */
export const markAnswered = async (q: Queryable, code: string, text: string, file: string | null, staffId: string) =>
  (
    await q.query<{ id: string; tracking_code: string; phone: string | null; notify_lang: string | null }>(
      `UPDATE accusations SET status = 'answered', answered_at = now(), answered_by = $4, answer = $2, answer_file = $3,
              reviewed_at = COALESCE(reviewed_at, now()), reviewed_by = COALESCE(reviewed_by, $4)
       WHERE tracking_code = $1 AND status <> 'answered' RETURNING id, tracking_code, phone, notify_lang`,
      [code, text, file, staffId],
    )
  )[0];

const toRating = (r: Record<string, unknown>): Rating => ({
  _id: String(r.id),
  rateNum: Number(r.rate_num),
  rateCase: String(r.case_id),
  createdAt: (r.created_at as Date).toISOString(),
});

/** The status of a case of this customer's (nothing for another's). */
export const ownCaseStatus = async (q: Queryable, caseId: string, customerId: string): Promise<string | undefined> =>
  (
    await q.query<{ status: string }>('SELECT status FROM cases WHERE id = $1 AND customer_id = $2', [
      caseId,
      customerId,
    ])
  )[0]?.status;

/** One rating per customer per case: nothing when there is one already. */
export const insertRating = async (
  q: Queryable,
  id: string,
  caseId: string,
  customerId: string,
  rateNum: number,
): Promise<Rating | undefined> => {
  const [row] = await q.query(
    `INSERT INTO ratings (id, case_id, customer_id, rate_num) VALUES ($1, $2, $3, $4)
     ON CONFLICT (case_id, customer_id) DO NOTHING RETURNING *`,
    [id, caseId, customerId, rateNum],
  );
  return row ? toRating(row) : undefined;
};

/** The ratings of one of the customer's cases; null when the case is not theirs. */
export async function ratingsOfOwnCase(q: Queryable, caseId: string, customerId: string): Promise<Rating[] | null> {
  const rows = await q.query(
    `SELECT c.id AS owned, r.* FROM cases c LEFT JOIN ratings r ON r.case_id = c.id
     WHERE c.id = $1 AND c.customer_id = $2 ORDER BY r.created_at`,
    [caseId, customerId],
  );
  if (rows.length === 0) return null;
  return rows.filter((r) => r.id != null).map(toRating);
}
