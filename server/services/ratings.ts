import { randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { Rating } from '../../contract/entities.ts';
import type { Context } from '../context.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { message } from '../messages.ts';
import { isUuid } from './reference.ts';

const toRating = (r: Record<string, unknown>): Rating => ({
  _id: String(r.id),
  rateNum: Number(r.rate_num),
  rateCase: String(r.case_id),
  createdAt: (r.created_at as Date).toISOString(),
});

/** One rating per customer per case, for the customer's own verified cases only. */
export async function rateCase(ctx: Context, customerId: string, caseId: string, rateNum: number): Promise<Messages & { rating: Rating }> {
  if (!isUuid(caseId)) throw notFound('caseNotFound');
  const [found] = await ctx.db.query<{ status: string }>('SELECT status FROM cases WHERE id = $1 AND customer_id = $2', [caseId, customerId]);
  if (!found) throw notFound('caseNotFound');
  if (found.status !== 'verified') throw new AppError(409, 'notRatable');
  const rows = await ctx.db.query(
    `INSERT INTO ratings (id, case_id, customer_id, rate_num) VALUES ($1, $2, $3, $4)
     ON CONFLICT (case_id, customer_id) DO NOTHING RETURNING *`,
    [randomUUID(), caseId, customerId, rateNum],
  );
  if (!rows[0]) throw conflict('alreadyRated');
  return { ...message('ratingCreated'), rating: toRating(rows[0]) };
}

/** The ratings of one of the caller's own cases; another's case answers 404, as if it did not exist. */
export async function ratingsOfCase(ctx: Context, customerId: string, caseId: string): Promise<Rating[]> {
  if (!isUuid(caseId)) throw notFound('caseNotFound');
  const rows = await ctx.db.query(
    `SELECT c.id AS owned, r.* FROM cases c LEFT JOIN ratings r ON r.case_id = c.id
     WHERE c.id = $1 AND c.customer_id = $2 ORDER BY r.created_at`,
    [caseId, customerId],
  );
  if (rows.length === 0) throw notFound('caseNotFound');
  return rows.filter((r) => r.id != null).map(toRating);
}
