import type { CaseRead } from '../../machines/case-outlook.ts';
import type { CasePageInput } from '../../machines/case-page.machine.ts';
import { ApiError, call } from './client.ts';

/**
 * The customer's case by its number (from navigation state) or, opened directly, from their
 * cases by id; then the case type (with its questions, which name the answers), the rating
 * and the history in parallel. Signed in, every one of these reads is copied for the session
 * (src/api/copies.ts), so that the case reads again offline.
 */
export async function readCase({ id, caseNumber }: CasePageInput): Promise<CaseRead> {
  const found = caseNumber
    ? await call('getCaseByNumber', { body: { casenum: caseNumber } })
    : (await call('getAllCases')).find((c) => c._id === id);
  if (!found || found._id !== id) throw new ApiError(404, null);
  const [caseList, ratings, history] = await Promise.all([
    call('getCaseListById', { params: { id: found.caselist._id } }),
    // A part the case reads without: its failure leaves the rest of the page readable.
    call('getRatingByCase', { params: { caseId: id } }).catch(() => null),
    call('getCaseHistory', { query: { case_id: id } }),
  ]);
  return { found, caseList, ratings, history, readAt: Date.now() };
}
