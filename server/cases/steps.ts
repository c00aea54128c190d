import type { Messages } from '../../contract/common.ts';
import type { CaseStepKind } from '../../contract/case-steps.ts';
import { CASE_STEPS } from '../../contract/case-steps.ts';
import type { Case, CaseHistoryEntry } from '../../contract/entities.ts';
import { APPEAL_WINDOW_DAYS } from '../../contract/limits.ts';
import { caseLinkHref } from '../../contract/linked.ts';
import { caseDetailHref } from '../../contract/paths.ts';
import { isClosed } from '../../contract/case-rules.ts';
import type { Staged } from '../adapters/storage.ts';
import type { Context } from '../context.ts';
import { AppError, notFound } from '../runtime/errors.ts';
import type { MessageKey } from '../texts/messages.ts';
import { message } from '../texts/messages.ts';
import { tell } from '../notify/tell.ts';
import { isUuid } from '../db/sql.ts';
import { statusMail, statusSms } from '../notify/templates.ts';
import { decide, lifeOf } from './lifecycle.ts';
import { caseHistory, lockCase, recordStep } from './repository.ts';
import { plainCase } from './reader/reader.ts';
import { appointmentCancelled, loadCaseById } from './reader/repository.ts';

/** What each of the customer's steps (contract/case-steps.ts) answers when it is taken: every kind has one. */
const ANSWERS = {
  answer: 'infoAnswered',
  withdraw: 'caseWithdrawn',
  appeal: 'caseAppealed',
} as const satisfies Record<CaseStepKind, MessageKey>;

/**
 * A step of the customer on their own case, through the case lifecycle: another customer's
 * case answers 404 (as if it did not exist), a step the lifecycle refuses 409 with
 * `Message_*` and changes nothing. The status, the history entry (with the text and the
 * file) and the customer's mail are written in one transaction. The answer carries the case
 * and its history as the owner now reads them, so that the case page shows them without
 * reading the case again.
 */
export async function takeStep(
  ctx: Context,
  customerId: string,
  caseId: string,
  step: CaseStepKind,
  text: string | undefined,
  file: Staged | undefined,
): Promise<Messages & { case: Case; history: CaseHistoryEntry[] }> {
  if (!isUuid(caseId)) throw notFound('caseNotFound');
  const caseNumber = await ctx.storage.keep(file, async (q) => {
    const c = await lockCase(q, caseId);
    if (!c || c.customer_id !== customerId) throw notFound('caseNotFound');
    const event = CASE_STEPS[step].event;
    const decision = decide(lifeOf(c), { type: event, by: { kind: 'customer', id: customerId }, at: Date.now() });
    if (!decision) {
      const late = event === 'APPEAL' && c.status === 'rejected';
      throw late
        ? new AppError(409, 'appealClosed', { values: { days: APPEAL_WINDOW_DAYS } })
        : new AppError(409, 'stepRefused');
    }
    const history = decision.effects.has('recordHistory')
      ? { customerId, note: text?.trim() || null, attachment: file?.name ?? null, attachmentName: file?.sentAs ?? null }
      : null;
    // Read before the step: once closed, the appointment no longer counts as one ahead.
    const cancelled = isClosed(decision.to) ? await appointmentCancelled(q, c) : null;
    await recordStep(q, c, decision.to, history);
    if (decision.effects.has('mailCustomer')) {
      // A mail's link names the case's number too (ADR 0034); an SMS names it in its words.
      const mailUrl = `${ctx.config.publicUrl}${caseLinkHref(c.id, c.case_number, c.case_list_id)}`;
      const url = `${ctx.config.publicUrl}${caseDetailHref(c.id)}`;
      await tell(ctx, q, c, {
        mail: (to, lang) => statusMail(to, lang, c.case_number, decision.to, mailUrl, null, cancelled),
        sms: (lang) => statusSms(lang, c.case_number, decision.to, url),
      });
    }
    return c.case_number;
  });
  const [now, history] = await Promise.all([loadCaseById(ctx.db, caseId), caseHistory(ctx, customerId, caseId)]);
  if (!now) throw notFound('caseNotFound');
  return { ...message(ANSWERS[step], { case_number: caseNumber }), case: plainCase(now), history };
}
