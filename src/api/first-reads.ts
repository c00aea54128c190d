import type { EndpointName } from '../../contract/endpoints.ts';
import { DASHBOARD_CASES_QUERY, FIRST_READS_FRESH_MS } from '../../contract/dashboard.ts';
import type { LoginResult } from '../../contract/customers/answers.ts';
import type { CallArgs, ResponseOf } from './client.ts';
import { call, sessionToken, urlOf } from './client.ts';

/**
 * What the login's answer brought, kept for the session it opened, by the read each part
 * answers (its address, and its body for a read sent as a POST): the customer, and for the
 * dashboard its counts and cases (issue 35), for a case's link its case, type, rating and
 * history (ADR 0040). Those screens' reads take it instead of calling, once each and while it is
 * fresh: they show without a round trip of their own after the login.
 */
let kept: { token: string; at: number; answers: Map<string, unknown> } | null = null;

/** A read's key: its address, and its body when it has one. */
const keyOf = (url: string, body: unknown) => (body === undefined ? url : `${url} ${JSON.stringify(body)}`);

export function keepFirstReads({ dashboard, linked }: Pick<LoginResult, 'dashboard' | 'linked'>, token: string): void {
  const answers = new Map<string, unknown>();
  if (dashboard) {
    answers.set(urlOf('getCaseStatistics'), dashboard.statistics);
    answers.set(urlOf('getCases', { query: DASHBOARD_CASES_QUERY }), dashboard.cases);
  }
  const customer = dashboard?.customer ?? linked?.customer;
  if (customer) answers.set(urlOf('getCustomerUser', { params: { id: customer._id } }), customer);
  if (linked) {
    // As src/api/case-read.ts reads the case: by its number, its type by id, its rating and history by the case's id.
    const id = linked.case._id;
    const byNumber = { casenum: linked.case.case_number };
    answers.set(keyOf(urlOf('getCaseByNumber', { body: byNumber }), byNumber), linked.case);
    answers.set(urlOf('getCaseListById', { params: { id: linked.caselist._id } }), linked.caselist);
    answers.set(urlOf('getRatingByCase', { params: { caseId: id } }), linked.rating);
    answers.set(urlOf('getCaseHistory', { query: { case_id: id } }), linked.history);
  }
  if (!answers.size) return;
  kept = { token, at: Date.now(), answers };
  // Nothing of the customer stays in the tab's memory longer than it can serve.
  const these = kept;
  setTimeout(() => {
    if (kept === these) kept = null;
  }, FIRST_READS_FRESH_MS);
}

/**
 * What the login brought for a read, taken (once: a second take finds nothing), if it is this
 * session's and fresh; copied for the session as the call's answer would be, to show offline.
 */
export function takeFirst<K extends EndpointName>(name: K, ...args: CallArgs<K>): ResponseOf<K> | undefined {
  const url = urlOf(name, ...args);
  const key = keyOf(url, args[0]?.body);
  const token = sessionToken();
  // Another session's, or stale: dropped, never shown.
  if (kept && (kept.token !== token || Date.now() - kept.at >= FIRST_READS_FRESH_MS)) kept = null;
  const answer = kept?.answers.get(key);
  if (answer === undefined || !kept || !token) return undefined;
  kept.answers.delete(key);
  if (!kept.answers.size) kept = null;
  void import('./copies.ts').then((c) => c.save(url, args[0]?.body, answer, token));
  return answer as ResponseOf<K>;
}

/** A read: what the login brought for it (`takeFirst`), else the call. */
export function readFirst<K extends EndpointName>(name: K, ...args: CallArgs<K>): Promise<ResponseOf<K>> {
  const answer = takeFirst(name, ...args);
  return answer === undefined ? call(name, ...args) : Promise.resolve(answer);
}
