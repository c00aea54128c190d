import { randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { CaseSummary } from '../../contract/entities.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../contract/endpoints.ts';
import type { CreateCaseFields } from '../../contract/cases/requests.ts';
import { CaseForm } from '../../contract/cases/requests.ts';
import type { FieldErrorCode } from '../../contract/rules.ts';
import { answerProblem, isOpenDivision, isOpenRequest } from '../../contract/rules.ts';
import type { Staged } from '../adapters/storage.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { badRequest } from '../runtime/errors.ts';
import { message } from '../texts/messages.ts';
import { getCaseList } from '../reference/catalogue.ts';
import { isUuid } from '../db/sql.ts';
import { divisionState, insertCase, nextCaseNumber, ownsCase, summaryOf, summaryOfKey } from './repository.ts';

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
  const division = isUuid(fields.division) ? await divisionState(ctx.db, fields.division) : undefined;
  if (!division || !isOpenDivision(division)) throw badRequest('divisionUnavailable', { division: 'invalid' });
  const caseList = await getCaseList(ctx.db, fields.caselist).catch(() => undefined);
  if (!caseList || !isOpenRequest(caseList, fields.division)) {
    throw badRequest('caseListUnavailable', { caselist: 'invalid' });
  }
  const answers = checkAnswers(fields.form, caseList.questions);
  const related = fields.related_case_id || null;
  if (related) {
    const own = isUuid(related) && (await ownsCase(ctx.db, related, customerId));
    if (!own) throw badRequest('relatedCaseInvalid', { related_case_id: 'invalid' });
  }
  return { answers, related };
}

/** The case an earlier try with the same idempotency key created, if any. */
async function caseOfKey(
  q: Queryable,
  customerId: string,
  key: string | undefined,
): Promise<(Messages & { case: CaseSummary }) | null> {
  if (!key) return null;
  const summary = await summaryOfKey(q, customerId, key);
  if (!summary) return null;
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
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
    throw badRequest('validation', { [IDEMPOTENCY_HEADER]: 'invalid' });
  const earlier = await caseOfKey(ctx.db, customerId, key);
  if (earlier) return earlier;
  const checked = await checkApplication(ctx, customerId, fields);
  const id = randomUUID();
  try {
    const summary = await ctx.storage.keep(attachment, async (q) => {
      const caseNumber = await nextCaseNumber(q, ctx.config.caseNumberPrefix);
      await insertCase(q, {
        id,
        caseNumber,
        customerId,
        division: fields.division,
        caseList: fields.caselist,
        related: checked.related,
        remark: fields.remark?.trim() || null,
        attachment: attachment?.name ?? null,
        attachmentName: attachment?.sentAs ?? null,
        key,
        answers: checked.answers,
      });
      return summaryOf(q, id);
    });
    return { ...message('caseCreated', { case_number: summary.case_number }), case: summary };
  } catch (error) {
    const sameKey = (error as { code?: string }).code === '23505' ? await caseOfKey(ctx.db, customerId, key) : null;
    if (sameKey) return sameKey;
    throw error;
  }
}
