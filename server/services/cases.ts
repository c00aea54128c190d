import { randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import { LANGS } from '../../contract/common.ts';
import type { Case, CaseHistoryEntry, CaseStatistics, CaseStatus, CaseSummary, PersonName } from '../../contract/entities.ts';
import { CASE_PAGE_SIZE, DAY_MS, FIRST_PAGE, SORT_OLDEST, TEXT_LIMITS } from '../../contract/limits.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../contract/endpoints.ts';
import type { CaseListQuery, CreateCaseFields } from '../../contract/payloads.ts';
import { CaseForm } from '../../contract/payloads.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { badRequest, notFound, tooManyRequests } from '../errors.ts';
import { message } from '../messages.ts';
import type { Staged } from '../adapters/storage.ts';
import { ethiopianYear } from './ethiopian-calendar.ts';
import { getCaseList, isUuid, langCols } from './reference.ts';

type Row = Record<string, unknown>;

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
const langPick = (r: Row, prefix: string, from = prefix) => Object.fromEntries(LANGS.map((l) => [`${prefix}_${l}`, String(r[`${from}_${l}`] ?? '')]));

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

/** Checks the decoded form against the questions of the case type; answers in question order. */
function checkAnswers(
  raw: string,
  questions: Awaited<ReturnType<typeof getCaseList>>['questions'],
): { questionId: string; answer: string; position: number }[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    throw badRequest('invalidForm', { form: 'invalid' });
  }
  const parsed = CaseForm.safeParse(decoded);
  if (!parsed.success) throw badRequest('invalidForm', { form: 'invalid' });
  const given = new Map<string, string>();
  for (const entry of parsed.data) {
    const [id, value] = Object.entries(entry)[0] as [string, string | number];
    given.set(id, String(value).trim());
  }
  const problems: Record<string, string> = {};
  const known = new Set(questions.map((q) => q._id));
  for (const id of given.keys()) if (!known.has(id)) problems[id] = 'unknown';
  const answers: { questionId: string; answer: string; position: number }[] = [];
  questions.forEach((question, position) => {
    const answer = given.get(question._id) ?? '';
    if (answer === '') {
      if (question.isRequired === 'yes') problems[question._id] = 'required';
      return;
    }
    if (answer.length > TEXT_LIMITS.answer) problems[question._id] = 'too_long';
    else if (question.inputType === 'select' && !question.enumValues.some((v) => v._id === answer)) problems[question._id] = 'invalid';
    else if (question.inputType !== 'select' && question.dataType === 'number' && !/^-?\d+(\.\d+)?$/.test(answer)) problems[question._id] = 'not_a_number';
    else answers.push({ questionId: question._id, answer, position });
  });
  if (Object.keys(problems).length > 0) throw badRequest('invalidForm', problems);
  return answers;
}

const SUMMARY_SQL = `
  SELECT c.id, c.case_number, c.status, c.created_at, c.division_id, c.case_list_id,
         ${langCols('name', 'd.')}, ${LANGS.map((l) => `cl.case_name_${l}`).join(', ')}
  FROM cases c JOIN divisions d ON d.id = c.division_id JOIN case_lists cl ON cl.id = c.case_list_id`;

const toSummary = (r: Row): CaseSummary => ({
  _id: String(r.id),
  case_number: String(r.case_number),
  status: r.status as CaseStatus,
  createdAt: iso(r.created_at) ?? '',
  division: { _id: String(r.division_id), ...langPick(r, 'name') } as CaseSummary['division'],
  caselist: { _id: String(r.case_list_id), ...langPick(r, 'case_name') } as CaseSummary['caselist'],
});

/** Checks the division, case type, answers and related case; answers the validated answers. */
async function checkApplication(ctx: Context, customerId: string, fields: CreateCaseFields) {
  const division = isUuid(fields.division)
    ? (await ctx.db.query<{ status: string; special: string }>('SELECT status, special FROM divisions WHERE id = $1', [fields.division]))[0]
    : undefined;
  if (!division || division.status !== 'active' || division.special !== 'no') throw badRequest('divisionUnavailable', { division: 'invalid' });
  const caseList = await getCaseList(ctx.db, fields.caselist).catch(() => undefined);
  if (!caseList || caseList.status !== 'active' || caseList.division._id !== fields.division) {
    throw badRequest('caseListUnavailable', { caselist: 'invalid' });
  }
  const answers = checkAnswers(fields.form, caseList.questions);
  const related = fields.related_case_id || null;
  if (related) {
    const own = isUuid(related) && (await ctx.db.query('SELECT 1 FROM cases WHERE id = $1 AND customer_id = $2', [related, customerId])).length > 0;
    if (!own) throw badRequest('relatedCaseInvalid', { related_case_id: 'invalid' });
  }
  return { answers, related };
}

/** The case an earlier try with the same idempotency key created, if any. */
async function caseOfKey(q: Queryable, customerId: string, key: string | undefined): Promise<(Messages & { case: CaseSummary }) | null> {
  if (!key) return null;
  const [row] = await q.query(`${SUMMARY_SQL} JOIN idempotency_keys k ON k.case_id = c.id WHERE k.customer_id = $1 AND k.key = $2`, [customerId, key]);
  if (!row) return null;
  const summary = toSummary(row as Row);
  return { ...message('caseCreated', { case_number: summary.case_number }), case: summary };
}

/**
 * A new case, whole or not at all: rows, answers, history and attachment. With an
 * idempotency key, a retry of the same application (a dropped connection, a double submit)
 * answers the case the first try created, even when both arrive at once.
 */
export async function createCase(
  ctx: Context,
  customerId: string,
  fields: CreateCaseFields,
  attachment: Staged | undefined,
  key?: string,
): Promise<Messages & { case: CaseSummary }> {
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    await attachment?.discard();
    throw badRequest('validation', { [IDEMPOTENCY_HEADER]: 'invalid' });
  }
  const earlier = await caseOfKey(ctx.db, customerId, key);
  if (earlier) {
    await attachment?.discard();
    return earlier;
  }
  let checked: Awaited<ReturnType<typeof checkApplication>>;
  try {
    checked = await checkApplication(ctx, customerId, fields);
    await attachment?.commit();
  } catch (error) {
    await attachment?.discard();
    throw error;
  }
  const id = randomUUID();
  try {
    const summary = await ctx.db.tx(async (q) => {
      const caseNumber = await nextCaseNumber(q, ctx.config.caseNumberPrefix);
      await q.query(
        `INSERT INTO cases (id, case_number, customer_id, division_id, case_list_id, related_case_id, status, remark, attachment)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8)`,
        [id, caseNumber, customerId, fields.division, fields.caselist, checked.related, fields.remark?.trim() || null, attachment?.name ?? null],
      );
      // A concurrent try with the same key waits here for this one, then fails on the key.
      if (key) await q.query('INSERT INTO idempotency_keys (customer_id, key, case_id) VALUES ($1, $2, $3)', [customerId, key, id]);
      for (const a of checked.answers) {
        await q.query('INSERT INTO case_answers (case_id, question_id, position, answer) VALUES ($1, $2, $3, $4)', [id, a.questionId, a.position, a.answer]);
      }
      await q.query(
        `INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_customer_id) VALUES ($1, $2, 'created', NULL, 'pending', $3)`,
        [randomUUID(), id, customerId],
      );
      await attachment?.settle(q);
      const [row] = await q.query(`${SUMMARY_SQL} WHERE c.id = $1`, [id]);
      return toSummary(row as Row);
    });
    return { ...message('caseCreated', { case_number: summary.case_number }), case: summary };
  } catch (error) {
    if (attachment) await ctx.storage.remove('CaseFiles', attachment.name);
    const sameKey = (error as { code?: string }).code === '23505' ? await caseOfKey(ctx.db, customerId, key) : null;
    if (sameKey) return sameKey;
    throw error;
  }
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
  const rows = await ctx.db.query<{ status: CaseStatus; n: number }>('SELECT status, count(*)::int AS n FROM cases WHERE customer_id = $1 GROUP BY status', [
    customerId,
  ]);
  const n = (s: CaseStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  return {
    totalCases: rows.reduce((sum, r) => sum + r.n, 0),
    pendingCases: n('pending'),
    processingCases: n('ongoing') + n('responded'),
    respondedCases: n('verified'),
    rejectedCases: n('rejected'),
  };
}

const NAME_PARTS = ['firstname', 'middlename', 'lastname'] as const;
/** A person's name as `<alias>_firstname, ...`: columns of a row, or keys of a JSON object. */
const STAFF_NAME = (alias: string) => NAME_PARTS.map((p) => `${alias}.${p} AS ${alias}_${p}`).join(', ');
const jsonPerson = (alias: string) => NAME_PARTS.map((p) => `'${alias}_${p}', ${alias}.${p}`).join(', ');
const personOf = (r: Row, alias: string): PersonName | null =>
  r[`${alias}_firstname`] == null
    ? null
    : { firstname: String(r[`${alias}_firstname`]), middlename: String(r[`${alias}_middlename`]), lastname: String(r[`${alias}_lastname`]) };

/**
 * Late: not answered by the deadline (created + time limit in days, or the latest extension).
 * An open case that is not late yet turns late by the clock alone: `changesAt` says when.
 */
function lateness(r: Row, extendedUntil: Date | null): { late: 'yes' | 'no'; changesAt: number } {
  const created = r.created_at as Date;
  const deadline = (extendedUntil ?? new Date(created.getTime() + Number(r.time_limit) * DAY_MS)).getTime();
  const finished = (r.verified_date ?? r.rejected_date ?? r.responded_date ?? null) as Date | null;
  const late = (finished?.getTime() ?? Date.now()) > deadline;
  return { late: late ? 'yes' : 'no', changesAt: finished || late ? Infinity : deadline + 1 };
}

/** A timestamp inside a JSON aggregate: epoch milliseconds, whatever the session's time zone. */
const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::float8`;
const jsonName = (alias: string, prefix: string) => LANGS.map((l) => `'${prefix}_${l}', ${alias}.${prefix}_${l}`).join(', ');
const fromEpoch = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v) : null);

/** A case as its owner sees it, with its owner and when it changes by the clock alone. */
type Loaded = Case & { customer_id: string; changes_at: number };

/** The case without what only the server needs. */
const plainCase = ({ customer_id: _owner, changes_at: _changesAt, ...plain }: Loaded): Case => plain;

/** Until when a set of cases holds, but for a change in the database. */
const heldUntil = (cases: Loaded[]): number => cases.reduce((until, c) => Math.min(until, c.changes_at), Infinity);

/**
 * The full cases that match `where`, newest first, as their owner sees them. One statement:
 * the answers and the schedule come along as JSON arrays, so a case costs one round trip.
 */
async function loadCases(db: Queryable, where: string, params: unknown[]): Promise<Loaded[]> {
  const rows = await db.query(
    `SELECT c.*, cl.time_limit, ${langCols('name', 'd.')}, ${LANGS.map((l) => `cl.case_name_${l}`).join(', ')},
            r.case_number AS related_number, rt.id AS rating_id,
            cu.firstname AS cu_firstname, cu.middlename AS cu_middlename, cu.lastname AS cu_lastname, cu.subcity AS cu_subcity,
            cu.woreda AS cu_woreda, cu.house_number AS cu_house_number, cu.phone AS cu_phone,
            cu.house_phone_number AS cu_house_phone_number, cu.gender AS cu_gender,
            ${STAFF_NAME('rs')}, ${STAFF_NAME('rj')},
            (SELECT coalesce(json_agg(json_build_object('question_id', q.id, 'answer', a.answer, ${jsonName('q', 'name')}) ORDER BY a.position), '[]')
             FROM case_answers a JOIN questions q ON q.id = a.question_id WHERE a.case_id = c.id) AS answers,
            (SELECT coalesce(json_agg(json_build_object('scheduled_date', ${epochMs('s.scheduled_date')}, 'extended_date', ${epochMs('s.extended_date')},
                                                        ${jsonPerson('sb')}, ${jsonPerson('eb')}) ORDER BY s.created_at), '[]')
             FROM case_schedules s LEFT JOIN staff sb ON sb.id = s.scheduled_by LEFT JOIN staff eb ON eb.id = s.extended_by
             WHERE s.case_id = c.id) AS schedules
     FROM cases c
     JOIN divisions d ON d.id = c.division_id
     JOIN case_lists cl ON cl.id = c.case_list_id
     JOIN customers cu ON cu.id = c.customer_id
     LEFT JOIN cases r ON r.id = c.related_case_id
     LEFT JOIN ratings rt ON rt.case_id = c.id AND rt.customer_id = c.customer_id
     LEFT JOIN staff rs ON rs.id = c.responded_by
     LEFT JOIN staff rj ON rj.id = c.rejected_by
     WHERE ${where} ORDER BY c.created_at DESC, c.id DESC`,
    params,
  );
  return rows.map((r) => {
    const id = String(r.id);
    const mine = r.schedules as Row[];
    const answers = r.answers as Row[];
    const extensions = mine.map((s) => fromEpoch(s.extended_date)).filter((d): d is Date => d !== null);
    const extendedUntil = extensions.length ? new Date(Math.max(...extensions.map((d) => d.getTime()))) : null;
    const responded = r.status === 'verified' ? personOf(r, 'rs') : null;
    const { late, changesAt } = lateness(r, extendedUntil);
    return {
      _id: id,
      customer_id: String(r.customer_id),
      case_number: String(r.case_number),
      status: r.status as CaseStatus,
      masked: false,
      caselist: { _id: String(r.case_list_id), ...langPick(r, 'case_name') } as Case['caselist'],
      division: { _id: String(r.division_id), ...langPick(r, 'name') } as Case['division'],
      form: answers.map(
        (a) => ({ list_of_question: { question: { _id: String(a.question_id), ...langPick(a, 'name') }, answer: String(a.answer) } }) as Case['form'][number],
      ),
      related_case_id: r.related_case_id ? { _id: String(r.related_case_id), case_number: String(r.related_number) } : null,
      late,
      responded_by: responded,
      rejected_by: personOf(r, 'rj'),
      createdAt: iso(r.created_at) ?? '',
      ongoing_date: iso(r.ongoing_date),
      responded_date: iso(r.responded_date),
      verified_date: iso(r.verified_date),
      rejected_date: iso(r.rejected_date),
      rejection_justification: (r.rejection_justification as string | null) ?? null,
      remark: (r.remark as string | null) ?? null,
      attachment: (r.attachment as string | null) ?? null,
      // The response is the customer's only once a supervisor has verified it.
      response_justification:
        r.status === 'verified'
          ? { attachment: (r.response_attachment as string | null) ?? null, justification: (r.response_justification as string | null) ?? null }
          : null,
      schedule_program: mine.map((s) => ({
        schedule: {
          scheduled_by: personOf(s, 'sb'),
          scheduled_date: iso(fromEpoch(s.scheduled_date)),
          extended_by: personOf(s, 'eb'),
          extended_date: iso(fromEpoch(s.extended_date)),
        },
      })),
      rateCustomer: r.rating_id ? { _id: String(r.rating_id) } : null,
      customer_info: {
        firstname: String(r.cu_firstname),
        middlename: String(r.cu_middlename),
        lastname: String(r.cu_lastname),
        subcity: String(r.cu_subcity),
        woreda: String(r.cu_woreda),
        house_number: String(r.cu_house_number),
        phone_number: String(r.cu_phone),
        house_phone_number: String(r.cu_house_phone_number),
        gender: r.cu_gender as 'Male' | 'Female',
      },
      changes_at: changesAt,
    };
  });
}

/** The caller's every case, and until when that answer holds but for a change in the database. */
export async function allCases(ctx: Context, customerId: string): Promise<{ cases: Case[]; until: number }> {
  const cases = await loadCases(ctx.db, 'c.customer_id = $1', [customerId]);
  return { cases: cases.map(plainCase), until: heldUntil(cases) };
}

const initial = (s: string) => (s ? `${[...s][0]}.` : '');
const maskPhone = (p: string) => {
  const digits = p.replace(/\D/g, '');
  return digits.length <= 4 ? '*'.repeat(digits.length) : `${digits.slice(0, 2)}${'*'.repeat(digits.length - 4)}${digits.slice(-2)}`;
};
const digitsOf = (p: string) => p.replace(/\D/g, '').replace(/^251/, '0');

/**
 * What a visitor without proof of ownership sees: status, case information, schedule and
 * rejection; personal fields masked; answers, remark and attachments withheld.
 */
export function maskCase(c: Case): Case {
  const info = c.customer_info;
  return {
    ...c,
    masked: true,
    form: [],
    remark: null,
    attachment: null,
    response_justification: null,
    rateCustomer: null,
    // Another case of the same person would link the two: withheld.
    related_case_id: null,
    customer_info: {
      firstname: initial(info.firstname),
      middlename: initial(info.middlename),
      lastname: initial(info.lastname),
      subcity: info.subcity,
      woreda: '***',
      house_number: '***',
      phone_number: maskPhone(info.phone_number),
      house_phone_number: info.house_phone_number ? maskPhone(info.house_phone_number) : '',
      gender: null,
    },
  };
}

/**
 * A case as one viewer sees it. `keepUntil` is set when the answer depends on nothing but the
 * viewer's own data (their own case): until when it holds but for a change in the database.
 */
export interface Viewed {
  case: Case;
  keepUntil?: number;
}

/**
 * The owner (by token) or whoever knows the phone number on file sees everything. Wrong
 * phones are counted per case, whatever the client address: past the limit, phone checks
 * of that case answer 429 for the rest of the window, so the phone cannot be guessed.
 */
async function asSeenBy(ctx: Context, c: Loaded, viewerId: string | undefined, phone: string | undefined): Promise<Viewed> {
  const plain = plainCase(c);
  if (viewerId !== undefined && viewerId === c.customer_id) return { case: plain, keepUntil: c.changes_at };
  if (!phone?.trim()) return { case: maskCase(plain) };
  const rule = ctx.rules['account:phone'];
  const key = `account:phone:${c._id}`;
  const seen = await ctx.rates.peek(key);
  if (seen && seen.count >= rule.max) {
    throw tooManyRequests(seen.resetMs);
  }
  if (digitsOf(phone).length >= 6 && digitsOf(phone) === digitsOf(c.customer_info.phone_number)) return { case: plain };
  await ctx.rates.hit(key, rule.windowMs);
  return { case: maskCase(plain) };
}

export async function caseByNumber(ctx: Context, caseNumber: string, viewerId: string | undefined, phone: string | undefined): Promise<Viewed> {
  const [found] = await loadCases(ctx.db, 'c.case_number = $1', [caseNumber.trim().toUpperCase()]);
  if (!found) throw notFound('caseNotFound');
  return asSeenBy(ctx, found, viewerId, phone);
}

export async function caseById(ctx: Context, id: string, viewerId: string | undefined, phone: string | undefined): Promise<Viewed> {
  if (!isUuid(id)) throw notFound('caseNotFound');
  const [found] = await loadCases(ctx.db, 'c.id = $1', [id]);
  if (!found) throw notFound('caseNotFound');
  return asSeenBy(ctx, found, viewerId, phone);
}

export async function caseHistory(ctx: Context, customerId: string, caseId: string | undefined): Promise<CaseHistoryEntry[]> {
  if (caseId && !isUuid(caseId)) throw notFound('caseNotFound');
  const rows = await ctx.db.query(
    `SELECT h.*, c.case_number,
            COALESCE(s.firstname, cu.firstname) AS by_firstname, COALESCE(s.middlename, cu.middlename) AS by_middlename,
            COALESCE(s.lastname, cu.lastname) AS by_lastname
     FROM case_history h JOIN cases c ON c.id = h.case_id
     LEFT JOIN staff s ON s.id = h.actor_staff_id LEFT JOIN customers cu ON cu.id = h.actor_customer_id
     WHERE c.customer_id = $1 ${caseId ? 'AND c.id = $2' : ''}
     ORDER BY h.created_at, h.id`,
    caseId ? [customerId, caseId] : [customerId],
  );
  if (caseId && rows.length === 0) throw notFound('caseNotFound');
  return rows.map((r) => ({
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
    note: (r.note as string | null) ?? null,
    createdAt: iso(r.created_at) ?? '',
  }));
}
