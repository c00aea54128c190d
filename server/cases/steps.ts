import { randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { LifecycleEvent, LifecycleStatus } from '../../contract/case-lifecycle.machine.ts';
import type { CaseSummary } from '../../contract/entities.ts';
import { APPEAL_WINDOW_DAYS } from '../../contract/limits.ts';
import { caseDetailHref } from '../../contract/paths.ts';
import type { Staged } from '../adapters/storage.ts';
import type { Context } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import type { MessageKey } from '../messages.ts';
import { message } from '../messages.ts';
import type { Reach } from '../notify/tell.ts';
import { REACH_COLUMNS, tell } from '../notify/tell.ts';
import { isUuid } from '../db/sql.ts';
import { statusMail, statusSms } from '../notify/templates.ts';
import { decide } from './lifecycle.ts';
import type { Row } from './rows.ts';
import { SUMMARY_SQL, toSummary } from './rows.ts';

/** The steps a customer takes on their own case, and what each answers when it is taken. */
const STEPS = {
  ANSWER_INFO: 'infoAnswered',
  WITHDRAW: 'caseWithdrawn',
  APPEAL: 'caseAppealed',
} as const satisfies Partial<Record<LifecycleEvent['type'], MessageKey>>;
export type Step = keyof typeof STEPS;

interface Locked extends Reach {
  id: string;
  case_number: string;
  status: LifecycleStatus;
  customer_id: string;
  rejected_date: Date | null;
  appealed_at: Date | null;
}

/**
 * A step of the customer on their own case, through the case lifecycle: another customer's
 * case answers 404 (as if it did not exist), a step the lifecycle refuses 409 with
 * `Message_*` and changes nothing. The status, the history entry (with the text and the
 * file) and the customer's mail are written in one transaction.
 */
export async function takeStep(
  ctx: Context,
  customerId: string,
  caseId: string,
  step: Step,
  text: string | undefined,
  file: Staged | undefined,
): Promise<Messages & { case: CaseSummary }> {
  if (!isUuid(caseId)) throw notFound('caseNotFound');
  const summary = await ctx.storage.keep(file, async (q) => {
    const [c] = await q.query<Locked>(
      `SELECT c.id, c.case_number, c.status, c.customer_id, c.rejected_date, c.appealed_at, ${REACH_COLUMNS}
         FROM cases c JOIN customers cu ON cu.id = c.customer_id WHERE c.id = $1 FOR UPDATE OF c`,
      [caseId],
    );
    if (!c || c.customer_id !== customerId) throw notFound('caseNotFound');
    const life = { status: c.status, ownerId: c.customer_id, rejectedAt: c.rejected_date, appealedAt: c.appealed_at };
    const decision = decide(life, { type: step, by: { kind: 'customer', id: customerId }, at: Date.now() });
    if (!decision) {
      const late = step === 'APPEAL' && c.status === 'rejected';
      throw late ? new AppError(409, 'appealClosed', { values: { days: APPEAL_WINDOW_DAYS } }) : new AppError(409, 'stepRefused');
    }
    await q.query(`UPDATE cases SET status = $2, appealed_at = CASE WHEN $2 = 'appealed' THEN now() ELSE appealed_at END WHERE id = $1`, [c.id, decision.to]);
    const note = text?.trim() || null;
    if (decision.effects.has('recordHistory'))
      await q.query(
        `INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_customer_id, note, attachment) VALUES ($1, $2, 'status', $3, $4, $5, $6, $7)`,
        [randomUUID(), c.id, c.status, decision.to, customerId, note, file?.name ?? null],
      );
    if (decision.effects.has('mailCustomer')) {
      const url = `${ctx.config.publicUrl}${caseDetailHref(c.id)}`;
      await tell(ctx, q, c, {
        mail: (to, lang) => statusMail(to, lang, c.case_number, decision.to, url),
        sms: (lang) => statusSms(lang, c.case_number, decision.to, url),
      });
    }
    const [row] = await q.query(`${SUMMARY_SQL} WHERE c.id = $1`, [c.id]);
    return toSummary(row as Row);
  });
  return { ...message(STEPS[step], { case_number: summary.case_number }), case: summary };
}
