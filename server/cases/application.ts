import { randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { CaseSummary, Division } from '../../contract/entities.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../contract/endpoints.ts';
import type { CreateCaseFields } from '../../contract/payloads.ts';
import { CaseForm } from '../../contract/payloads.ts';
import type { FieldErrorCode } from '../../contract/rules.ts';
import { answerProblem, isOpenDivision, isOpenRequest } from '../../contract/rules.ts';
import type { Staged } from '../adapters/storage.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { badRequest } from '../errors.ts';
import { message } from '../messages.ts';
import { getCaseList } from '../reference/catalogue.ts';
import { isUuid } from '../db/sql.ts';
import { nextCaseNumber } from './repository.ts';
import type { Row } from './rows.ts';
import { SUMMARY_SQL, toSummary } from './rows.ts';

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
  const problems: Record<string, FieldErrorCode> = {};
  const known = new Set(questions.map((q) => q._id));
  for (const id of given.keys()) if (!known.has(id)) problems[id] = 'unknown';
  const answers: { questionId: string; answer: string; position: number }[] = [];
  questions.forEach((question, position) => {
    const answer = given.get(question._id) ?? '';
    const problem = answerProblem(question, answer);
    if (problem) problems[question._id] = problem;
    else if (answer !== '') answers.push({ questionId: question._id, answer, position });
  });
  if (Object.keys(problems).length > 0) throw badRequest('invalidForm', problems);
  return answers;
}

/** Checks the division, case type, answers and related case; answers the validated answers. */
async function checkApplication(ctx: Context, customerId: string, fields: CreateCaseFields) {
  const division = isUuid(fields.division)
    ? (await ctx.db.query<Pick<Division, 'status' | 'special'>>('SELECT status, special FROM divisions WHERE id = $1', [fields.division]))[0]
    : undefined;
  if (!division || !isOpenDivision(division)) throw badRequest('divisionUnavailable', { division: 'invalid' });
  const caseList = await getCaseList(ctx.db, fields.caselist).catch(() => undefined);
  if (!caseList || !isOpenRequest(caseList, fields.division)) {
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
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw badRequest('validation', { [IDEMPOTENCY_HEADER]: 'invalid' });
  const earlier = await caseOfKey(ctx.db, customerId, key);
  if (earlier) return earlier;
  const checked = await checkApplication(ctx, customerId, fields);
  const id = randomUUID();
  try {
    const summary = await ctx.storage.keep(attachment, async (q) => {
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
      const [row] = await q.query(`${SUMMARY_SQL} WHERE c.id = $1`, [id]);
      return toSummary(row as Row);
    });
    return { ...message('caseCreated', { case_number: summary.case_number }), case: summary };
  } catch (error) {
    const sameKey = (error as { code?: string }).code === '23505' ? await caseOfKey(ctx.db, customerId, key) : null;
    if (sameKey) return sameKey;
    throw error;
  }
}
