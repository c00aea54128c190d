import type { LifecycleStatus } from '../../contract/case-lifecycle.machine.ts';
import { randomUUID } from 'node:crypto';
import type { CaseHistoryEntry, CaseStatistics, CaseStatus, CaseSummary, Division } from '../../contract/entities.ts';
import { LANGS } from '../../contract/languages.ts';
import { CASE_PAGE_SIZE, FIRST_PAGE, SORT_OLDEST } from '../../contract/limits.ts';
import type { CaseListQuery } from '../../contract/cases/requests.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { notFound } from '../runtime/errors.ts';
import { ethiopianYear } from '../../contract/dates.ts';
import { isUuid, langCols } from '../db/sql.ts';
import type { Reach } from '../notify/tell.ts';
import { REACH_COLUMNS } from '../notify/tell.ts';
import type { LifeRow } from './lifecycle.ts';
import { responseShown } from './lifecycle.ts';
import { personName } from './person-name.ts';

/** The cases domain's SQL and row mapping: summaries, lists, statistics, history, case numbers, applications and the customer's steps. */

/** A row as the database driver gives it. */
export type Row = Record<string, unknown>;

export const langPick = (r: Row, prefix: string, from = prefix) =>
  Object.fromEntries(LANGS.map((l) => [`${prefix}_${l}`, String(r[`${from}_${l}`] ?? '')]));

export const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

export const SUMMARY_SQL = `
  SELECT c.id, c.case_number, c.status, c.created_at, c.division_id, c.case_list_id,
         ${langCols('name', 'd.')}, ${LANGS.map((l) => `cl.case_name_${l}`).join(', ')}
  FROM cases c JOIN divisions d ON d.id = c.division_id JOIN case_lists cl ON cl.id = c.case_list_id`;

export const toSummary = (r: Row): CaseSummary => ({
  _id: String(r.id),
  case_number: String(r.case_number),
  status: r.status as CaseStatus,
  createdAt: iso(r.created_at) ?? '',
  division: { _id: String(r.division_id), ...langPick(r, 'name') } as CaseSummary['division'],
  caselist: { _id: String(r.case_list_id), ...langPick(r, 'case_name') } as CaseSummary['caselist'],
});

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
  const order = (alias: string) =>
    oldestFirst ? `${alias}.created_at ASC, ${alias}.id ASC` : `${alias}.created_at DESC, ${alias}.id DESC`;
  const filter = where.join(' AND ');
  const count = `SELECT count(*)::int FROM cases c WHERE ${filter}`;
  // The page and the count in one statement (the count an uncorrelated subquery, run once
  // on the index); only a page past the end asks for the count alone.
  const rows = await ctx.db.query(
    `SELECT (${count}) AS total, s.* FROM (${SUMMARY_SQL} WHERE ${filter}
     ORDER BY ${order('c')} LIMIT ${CASE_PAGE_SIZE} OFFSET $${params.length + 1}) s ORDER BY ${order('s')}`,
    [...params, (page - 1) * CASE_PAGE_SIZE],
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : page === FIRST_PAGE
      ? 0
      : ((await ctx.db.query<{ count: number }>(count, params))[0]?.count ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / CASE_PAGE_SIZE));
  return { cases: rows.map(toSummary), currentPage: page, totalPages, totalCases: total };
}

export async function listOwnCaseNumbers(ctx: Context, customerId: string): Promise<CaseSummary[]> {
  const rows = await ctx.db.query(`${SUMMARY_SQL} WHERE c.customer_id = $1 ORDER BY c.created_at DESC, c.id DESC`, [
    customerId,
  ]);
  return rows.map(toSummary);
}

/** processing = ongoing + responded; responded = verified (spec section 4). */
export async function caseStatistics(ctx: Context, customerId: string): Promise<CaseStatistics> {
  const rows = await ctx.db.query<{ status: LifecycleStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM cases WHERE customer_id = $1 GROUP BY status',
    [customerId],
  );
  const n = (s: LifecycleStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  // ADR 0014: information requested and appealed count as processing; withdrawn has a tile
  // of its own beside the spec's five, so that the tiles add up to the total.
  return {
    totalCases: rows.reduce((sum, r) => sum + r.n, 0),
    pendingCases: n('pending'),
    processingCases: n('ongoing') + n('responded') + n('info_requested') + n('appealed'),
    respondedCases: n('verified'),
    rejectedCases: n('rejected'),
    withdrawnCases: n('withdrawn'),
  };
}

/** The statuses of the cases whose response is the file `name` (none: it is not a response). */
/**
 * Whose a served file is (a case's PDF, a step's PDF, the bureau's response, a profile
 * picture), by its stored name (128 random bits: one file); null when no row names it (a
 * print, a complaint's answer: those go out by link only).
 */
export async function ownerOfFile(ctx: Context, name: string): Promise<string | null> {
  const rows = await ctx.db.query<{ owner: string }>(
    `SELECT customer_id AS owner FROM cases WHERE attachment = $1 OR response_attachment = $1
     UNION ALL SELECT c.customer_id FROM case_history h JOIN cases c ON c.id = h.case_id WHERE h.attachment = $1
     UNION ALL SELECT id FROM customers WHERE picture = $1
     LIMIT 1`,
    [name],
  );
  return rows[0] ? String(rows[0].owner) : null;
}

export async function statusesOfResponseFile(ctx: Context, name: string): Promise<LifecycleStatus[]> {
  return (
    await ctx.db.query<{ status: LifecycleStatus }>('SELECT status FROM cases WHERE response_attachment = $1', [name])
  ).map((r) => r.status);
}

export async function caseHistory(
  ctx: Context,
  customerId: string,
  caseId: string | undefined,
): Promise<CaseHistoryEntry[]> {
  if (caseId && !isUuid(caseId)) throw notFound('caseNotFound');
  const rows = await ctx.db.query(
    `SELECT h.*, c.case_number, c.status AS case_status,
            COALESCE(s.firstname, cu.firstname) AS by_firstname, COALESCE(s.middlename, cu.middlename) AS by_middlename,
            s.firstname_am AS by_firstname_am, s.middlename_am AS by_middlename_am, s.lastname_am AS by_lastname_am,
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
    const withheld =
      r.to_status === 'responded' && r.action === 'status' && !responseShown(r.case_status as CaseStatus);
    return {
      _id: String(r.id),
      case: { _id: String(r.case_id), case_number: String(r.case_number) },
      from_status: (r.from_status as CaseStatus | null) ?? null,
      to_status: r.to_status as CaseStatus,
      action: r.action as CaseHistoryEntry['action'],
      by: { kind: r.actor_staff_id ? 'staff' : 'customer', ...personName((p) => r[`by_${p}`]) },
      note: withheld ? null : ((r.note as string | null) ?? null),
      attachment: withheld ? null : ((r.attachment as string | null) ?? null),
      createdAt: iso(r.created_at) ?? '',
    };
  });
}

/** A division's status, for the application's check; nothing when there is none. */
export const divisionState = async (
  q: Queryable,
  id: string,
): Promise<Pick<Division, 'status' | 'special'> | undefined> =>
  (await q.query<Pick<Division, 'status' | 'special'>>('SELECT status, special FROM divisions WHERE id = $1', [id]))[0];

/** Whether the case is the customer's own. */
export const ownsCase = async (q: Queryable, caseId: string, customerId: string): Promise<boolean> =>
  (await q.query('SELECT 1 FROM cases WHERE id = $1 AND customer_id = $2', [caseId, customerId])).length > 0;

/** The summary of the case an earlier application with this idempotency key created, if any. */
export const summaryOfKey = async (q: Queryable, customerId: string, key: string): Promise<CaseSummary | undefined> => {
  const [row] = await q.query(
    `${SUMMARY_SQL} JOIN idempotency_keys k ON k.case_id = c.id WHERE k.customer_id = $1 AND k.key = $2`,
    [customerId, key],
  );
  return row ? toSummary(row) : undefined;
};

export const summaryOf = async (q: Queryable, caseId: string): Promise<CaseSummary> =>
  toSummary((await q.query(`${SUMMARY_SQL} WHERE c.id = $1`, [caseId]))[0] as Row);

export interface NewCase {
  id: string;
  caseNumber: string;
  customerId: string;
  division: string;
  caseList: string;
  related: string | null;
  remark: string | null;
  attachment: string | null;
  /** The name the attachment was sent with (the data archive gives it back under it). */
  attachmentName: string | null;
  /** The idempotency key: a concurrent try with the same key waits for this one, then fails on it. */
  key: string | undefined;
  answers: { questionId: string; answer: string; position: number }[];
}

/** A new case with its answers, its key and its first history entry, in the caller's transaction. */
export async function insertCase(q: Queryable, c: NewCase): Promise<void> {
  await q.query(
    `INSERT INTO cases (id, case_number, customer_id, division_id, case_list_id, related_case_id, status, remark, attachment, attachment_name)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9)`,
    [c.id, c.caseNumber, c.customerId, c.division, c.caseList, c.related, c.remark, c.attachment, c.attachmentName],
  );
  if (c.key)
    await q.query('INSERT INTO idempotency_keys (customer_id, key, case_id) VALUES ($1, $2, $3)', [
      c.customerId,
      c.key,
      c.id,
    ]);
  for (const a of c.answers) {
    await q.query('INSERT INTO case_answers (case_id, question_id, position, answer) VALUES ($1, $2, $3, $4)', [
      c.id,
      a.questionId,
      a.position,
      a.answer,
    ]);
  }
  await q.query(
    `INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_customer_id) VALUES ($1, $2, 'created', NULL, 'pending', $3)`,
    [randomUUID(), c.id, c.customerId],
  );
}

/** A case as a step moves it: what the lifecycle decides on, and how to reach its owner. */
export interface LockedCase extends Reach, LifeRow {
  id: string;
  case_number: string;
  /** Its type: a mail's link names it, so the case page reads it with the case (ADR 0040). */
  case_list_id: string;
}

/** A case by id, locked for the caller's transaction, with how to reach its owner. */
export const lockCase = async (q: Queryable, caseId: string): Promise<LockedCase | undefined> =>
  (
    await q.query<LockedCase>(
      `SELECT c.id, c.case_number, c.case_list_id, c.status, c.customer_id, c.rejected_date, c.appealed_at, c.responded_by,
              c.rejected_by, ${REACH_COLUMNS}
       FROM cases c JOIN customers cu ON cu.id = c.customer_id WHERE c.id = $1 FOR UPDATE OF c`,
      [caseId],
    )
  )[0];

/** The customer's step: the new status, and the history entry with their text and file. */
export async function recordStep(
  q: Queryable,
  c: LockedCase,
  to: LifecycleStatus,
  history: { customerId: string; note: string | null; attachment: string | null; attachmentName: string | null } | null,
): Promise<void> {
  await q.query(
    `UPDATE cases SET status = $2, appealed_at = CASE WHEN $2 = 'appealed' THEN now() ELSE appealed_at END WHERE id = $1`,
    [c.id, to],
  );
  if (history)
    await q.query(
      `INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_customer_id, note, attachment, attachment_name)
       VALUES ($1, $2, 'status', $3, $4, $5, $6, $7, $8)`,
      [randomUUID(), c.id, c.status, to, history.customerId, history.note, history.attachment, history.attachmentName],
    );
}

/** The values (Amharic and English) of select answers, by their ids. */
export const enumValues = (q: Queryable, ids: string[]) =>
  q.query<Record<string, string>>('SELECT id, value_am, value_en FROM enum_values WHERE id = ANY($1::uuid[])', [ids]);

/** The language of a case's owner. */
export const ownerLanguage = async (q: Queryable, caseId: string): Promise<string | undefined> =>
  (
    await q.query<{ preferred_language: string }>(
      'SELECT cu.preferred_language FROM cases ca JOIN customers cu ON cu.id = ca.customer_id WHERE ca.id = $1',
      [caseId],
    )
  )[0]?.preferred_language;

/** How many times each status change was recorded since a moment (a creation counts as `created`). */
export const statusChangesSince = (q: Queryable, since: Date, created: string) =>
  q.query<{ from_status: string | null; to_status: string; n: number }>(
    `SELECT from_status, to_status, count(*)::int AS n FROM case_history
     WHERE created_at >= $1 AND (action = 'status' OR action = $2) GROUP BY from_status, to_status`,
    [since, created],
  );
