import { randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { Rating } from '../../contract/entities.ts';
import type { Context } from '../context.ts';
import { AppError, conflict, notFound } from '../runtime/errors.ts';
import { message } from '../texts/messages.ts';
import { isUuid } from '../db/sql.ts';
import { insertRating, ownCaseStatus, ratingsOfOwnCase } from './repository.ts';

/** One rating per customer per case, for the customer's own verified cases only. */
export async function rateCase(
  ctx: Context,
  customerId: string,
  caseId: string,
  rateNum: number,
): Promise<Messages & { rating: Rating }> {
  if (!isUuid(caseId)) throw notFound('caseNotFound');
  const status = await ownCaseStatus(ctx.db, caseId, customerId);
  if (!status) throw notFound('caseNotFound');
  if (status !== 'verified') throw new AppError(409, 'notRatable');
  const rating = await insertRating(ctx.db, randomUUID(), caseId, customerId, rateNum);
  if (!rating) throw conflict('alreadyRated');
  return { ...message('ratingCreated'), rating };
}

/** The ratings of one of the caller's own cases; another's case answers 404, as if it did not exist. */
export async function ratingsOfCase(ctx: Context, customerId: string, caseId: string): Promise<Rating[]> {
  if (!isUuid(caseId)) throw notFound('caseNotFound');
  const ratings = await ratingsOfOwnCase(ctx.db, caseId, customerId);
  if (!ratings) throw notFound('caseNotFound');
  return ratings;
}
