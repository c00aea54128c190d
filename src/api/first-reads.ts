import type { EndpointName } from '../../contract/endpoints.ts';
import { DASHBOARD_CASES_QUERY, FIRST_READS_FRESH_MS } from '../../contract/dashboard.ts';
import type { DashboardFirst } from '../../contract/customers/answers.ts';
import type { CallArgs, ResponseOf } from './client.ts';
import { call, sessionToken, urlOf } from './client.ts';

/**
 * What the login's answer brought for the dashboard (its customer, counts and cases), kept
 * for the session it opened, by the address of the read each one answers. The dashboard's
 * reads take it instead of calling, once each and while it is fresh: the dashboard shows
 * without a round trip of its own after the login (issue 35).
 */
let kept: { token: string; at: number; answers: Map<string, unknown> } | null = null;

export function keepFirstReads(first: DashboardFirst, token: string): void {
  kept = {
    token,
    at: Date.now(),
    answers: new Map<string, unknown>([
      [urlOf('getCustomerUser', { params: { id: first.customer._id } }), first.customer],
      [urlOf('getCaseStatistics'), first.statistics],
      [urlOf('getCases', { query: DASHBOARD_CASES_QUERY }), first.cases],
    ]),
  };
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
  const token = sessionToken();
  // Another session's, or stale: dropped, never shown.
  if (kept && (kept.token !== token || Date.now() - kept.at >= FIRST_READS_FRESH_MS)) kept = null;
  const answer = kept?.answers.get(url);
  if (answer === undefined || !kept || !token) return undefined;
  kept.answers.delete(url);
  if (!kept.answers.size) kept = null;
  void import('./copies.ts').then((c) => c.save(url, args[0]?.body, answer, token));
  return answer as ResponseOf<K>;
}

/** A read: what the login brought for it (`takeFirst`), else the call. */
export function readFirst<K extends EndpointName>(name: K, ...args: CallArgs<K>): Promise<ResponseOf<K>> {
  const answer = takeFirst(name, ...args);
  return answer === undefined ? call(name, ...args) : Promise.resolve(answer);
}
