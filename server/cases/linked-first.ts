import type { LinkedCaseFirst } from '../../contract/customers/answers.ts';
import type { Context } from '../context.ts';
import { getProfile } from '../customers/sessions.ts';
import { ratingsOfCase } from '../feedback/ratings.ts';
import { getCaseList } from '../reference/catalogue.ts';
import { caseHistory } from './repository.ts';
import { caseById } from './visibility.ts';

/**
 * The case a link led a login to, as its page reads it: the customer (the dashboard's bar
 * names them), the case, its type, its rating and its history, each as its own read answers
 * the owner (get_customer_user, get_case_by_casenum, get_case_list/:id, get_rating_bycase,
 * get_case_history). Only the customer's own case: anything else (another customer's case,
 * no case, not an id) brings nothing, and the page then reads as it always does.
 */
export async function linkedCaseFirst(
  ctx: Context,
  customerId: string,
  caseId: string,
): Promise<LinkedCaseFirst | undefined> {
  // Not an id, or no case: caseById refuses it (404), and nothing is brought.
  const viewed = await caseById(ctx, caseId, customerId, undefined).catch(() => null);
  if (viewed?.owner !== customerId) return undefined;
  const [customer, caselist, rating, history] = await Promise.all([
    getProfile(ctx, customerId, customerId),
    getCaseList(ctx.db, viewed.case.caselist._id),
    ratingsOfCase(ctx, customerId, caseId),
    caseHistory(ctx, customerId, caseId),
  ]);
  return { customer, case: viewed.case, caselist, rating, history };
}
