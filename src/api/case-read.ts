import type { CaseRead } from '../../machines/case-outlook.ts';
import type { CasePageInput } from '../../machines/case-page.machine.ts';
import { ApiError, call } from './client.ts';
import { readFirst } from './first-reads.ts';

/**
 * The customer's case by its number (from navigation state) or, opened directly, from their
 * cases by id, with its type (whose questions name the answers), its rating and its history.
 * Opened from a list, which names the case's type, the four reads go at once: one round trip;
 * after a login a case's link led to, none, the login's answer brought them (src/api/first-reads.ts).
 * Signed in, every one of these reads is copied for the session (src/api/copies.ts), so that
 * the case reads again offline.
 */
export async function readCase({ id, caseNumber, caseListId }: CasePageInput): Promise<CaseRead> {
  const typeOf = (listId: string) => readFirst('getCaseListById', { params: { id: listId } });
  const [found, named, ratings, history] = await Promise.all([
    (caseNumber
      ? readFirst('getCaseByNumber', { body: { casenum: caseNumber } })
      : call('getAllCases').then((all) => all.find((c) => c._id === id))
    ).then((c) => {
      if (!c || c._id !== id) throw new ApiError(404, null);
      return c;
    }),
    caseListId ? typeOf(caseListId) : null,
    // A part the case reads without: its failure leaves the rest of the page readable.
    readFirst('getRatingByCase', { params: { caseId: id } }).catch(() => null),
    readFirst('getCaseHistory', { query: { case_id: id } }),
  ]);
  // Opened directly (or named wrongly), the type is read once the case names it.
  const caseList = named?._id === found.caselist._id ? named : await typeOf(found.caselist._id);
  return { found, caseList, ratings, history, readAt: Date.now() };
}
