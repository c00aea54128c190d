import type { LifecycleStatus } from '../../contract/case-lifecycle.machine.ts';
import type { CaseHistoryEntry, CaseStatistics, CaseStatus, CaseSummary } from '../../contract/entities.ts';
import { CASE_PAGE_SIZE, FIRST_PAGE, SORT_OLDEST } from '../../contract/limits.ts';
import type { CaseListQuery } from '../../contract/payloads.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { notFound } from '../errors.ts';
import { ethiopianYear } from '../../contract/dates.ts';
import { isUuid } from '../db/sql.ts';
import { responseShown } from './lifecycle.ts';
import { SUMMARY_SQL, iso, toSummary } from './rows.ts';

/** The SQL of the case lists, statistics, history and case numbers of one customer. */

/** `{PREFIX}-{Ethiopian year}-{6-digit sequence}`, counted in the same transaction as the insert. */
export async function nextCaseNumber(q: Queryable, prefix: string, now = new Date()): Promise<string> {
  const year = ethiopianYear(now);
  const [row] = await q.query<{ last_value: number }>(
    `INSERT INTO case_number_counters (prefix, year, last_value) VALUES ($1, $2, 1)
     ON CONFLICT (prefix, year) DO UPDATE SET last_value = case_number_counters.last_value + 1
     RETURNING last_value`,
    [prefix, year],
  );
  return `${prefix}-${year}-${String(row?.last_value).padStart(6, '0')}`;
}

/** A page of the caller's own cases. Filters that could reach another customer are ignored. */
export async function listCases(ctx: Context, customerId: string, query: CaseListQuery) {
  const page = Math.max(FIRST_PAGE, Number(query.page || FIRST_PAGE));
  const oldestFirst = query.sort === String(SORT_OLDEST);
  const where = ['c.customer_id = $1'];
  const params: unknown[] = [customerId];
  if (query.status) {
    params.push(query.status);
    where.push(`c.status = $${params.length}`);
  }
  if (query.case_number?.trim()) {
    params.push(`%${query.case_number.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where.push(`c.case_number ILIKE $${params.length}`);
  }
  const order = (alias: string) => (oldestFirst ? `${alias}.created_at ASC, ${alias}.id ASC` : `${alias}.created_at DESC, ${alias}.id DESC`);
  const filter = where.join(' AND ');
  const count = `SELECT count(*)::int FROM cases c WHERE ${filter}`;
  // The page and the count in one statement (the count an uncorrelated subquery, run once
  // on the index); only a page past the end asks for the count alone.
  const rows = await ctx.db.query(
    `SELECT (${count}) AS total, s.* FROM (${SUMMARY_SQL} WHERE ${filter}
     ORDER BY ${order('c')} LIMIT ${CASE_PAGE_SIZE} OFFSET $${params.length + 1}) s ORDER BY ${order('s')}`,
    [...params, (page - 1) * CASE_PAGE_SIZE],
  );
  const total = rows[0] ? Number(rows[0].total) : page === FIRST_PAGE ? 0 : ((await ctx.db.query<{ count: number }>(count, params))[0]?.count ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / CASE_PAGE_SIZE));
  return { cases: rows.map(toSummary), currentPage: page, totalPages, totalCases: total };
}

export async function listOwnCaseNumbers(ctx: Context, customerId: string): Promise<CaseSummary[]> {
  const rows = await ctx.db.query(`${SUMMARY_SQL} WHERE c.customer_id = $1 ORDER BY c.created_at DESC, c.id DESC`, [customerId]);
  return rows.map(toSummary);
}

/** processing = ongoing + responded; responded = verified (spec section 4). */
export async function caseStatistics(ctx: Context, customerId: string): Promise<CaseStatistics> {
  const rows = await ctx.db.query<{ status: LifecycleStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM cases WHERE customer_id = $1 GROUP BY status',
    [customerId],
  );
  const n = (s: LifecycleStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  // The spec's five tiles; the statuses added beside the spec's count as ADR 0014 says:
  // information requested and appealed as processing, withdrawn in the total only.
  return {
    totalCases: rows.reduce((sum, r) => sum + r.n, 0),
    pendingCases: n('pending'),
    processingCases: n('ongoing') + n('responded') + n('info_requested') + n('appealed'),
    respondedCases: n('verified'),
    rejectedCases: n('rejected'),
  };
}

/** The statuses of the cases whose response is the file `name` (none: it is not a response). */
export async function statusesOfResponseFile(ctx: Context, name: string): Promise<LifecycleStatus[]> {
  return (await ctx.db.query<{ status: LifecycleStatus }>('SELECT status FROM cases WHERE response_attachment = $1', [name])).map((r) => r.status);
}

export async function caseHistory(ctx: Context, customerId: string, caseId: string | undefined): Promise<CaseHistoryEntry[]> {
  if (caseId && !isUuid(caseId)) throw notFound('caseNotFound');
  const rows = await ctx.db.query(
    `SELECT h.*, c.case_number, c.status AS case_status,
            COALESCE(s.firstname, cu.firstname) AS by_firstname, COALESCE(s.middlename, cu.middlename) AS by_middlename,
            COALESCE(s.lastname, cu.lastname) AS by_lastname
     FROM case_history h JOIN cases c ON c.id = h.case_id
     LEFT JOIN staff s ON s.id = h.actor_staff_id LEFT JOIN customers cu ON cu.id = h.actor_customer_id
     WHERE c.customer_id = $1 ${caseId ? 'AND c.id = $2' : ''}
     ORDER BY h.created_at, h.id`,
    caseId ? [customerId, caseId] : [customerId],
  );
  if (caseId && rows.length === 0) throw notFound('caseNotFound');
  return rows.map((r) => {
    // The response's entry keeps its note and file to itself until the response is verified.
    const withheld = r.to_status === 'responded' && r.action === 'status' && !responseShown(r.case_status as CaseStatus);
    return {
      _id: String(r.id),
      case: { _id: String(r.case_id), case_number: String(r.case_number) },
      from_status: (r.from_status as CaseStatus | null) ?? null,
      to_status: r.to_status as CaseStatus,
      action: r.action as CaseHistoryEntry['action'],
      by: {
        kind: r.actor_staff_id ? 'staff' : 'customer',
        firstname: String(r.by_firstname ?? ''),
        middlename: String(r.by_middlename ?? ''),
        lastname: String(r.by_lastname ?? ''),
      },
      note: withheld ? null : ((r.note as string | null) ?? null),
      attachment: withheld ? null : ((r.attachment as string | null) ?? null),
      createdAt: iso(r.created_at) ?? '',
    };
  });
}
