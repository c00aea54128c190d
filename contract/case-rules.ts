import type { Case, CaseHistoryEntry } from './entities.ts';
import { DAY_MS, TEXT_LIMITS, maxLength } from './limits.ts';
import type { CaseStepKind } from './case-steps.ts';
import { CASE_STEPS } from './case-steps.ts';

/**
 * The rules of a filed case both halves apply: the case screens' machines to answer at once,
 * the server to decide and to tell (mail, SMS, the print). Kept apart from contract/rules.ts
 * so that they load with the case screens, not with the landing page.
 */

/** When a response is due: the latest extension, or submission plus the case type's time limit in days. */
export function dueDate(
  createdAt: Date | string,
  timeLimitDays: number,
  extensions: readonly (Date | string | null)[],
): Date {
  const latest = extensions.reduce<number | null>(
    (max, d) => (d ? Math.max(max ?? -Infinity, new Date(d).getTime()) : max),
    null,
  );
  return new Date(latest ?? new Date(createdAt).getTime() + timeLimitDays * DAY_MS);
}

/** A case the bureau closed or the customer withdrew: its appointments are cancelled (issue 38). */
export const isClosed = (status: Case['status']): boolean =>
  status === 'verified' || status === 'rejected' || status === 'withdrawn';

/**
 * The latest appointment as the case page tells it (issue 51): the day that counts (its
 * extended date when it was moved), the day it replaced, and whether it is cancelled (the
 * case closed); until a day after it, else null.
 */
export function appointmentOf(
  c: Pick<Case, 'schedule_program' | 'status'>,
  at: number,
): { day: Date; instead: Date | null; cancelled: boolean } | null {
  const latest = c.schedule_program.at(-1)?.schedule;
  const date = latest?.extended_date ?? latest?.scheduled_date;
  if (!date) return null;
  const day = new Date(date);
  if (day.getTime() < at - DAY_MS) return null;
  const instead = latest?.extended_date && latest.scheduled_date ? new Date(latest.scheduled_date) : null;
  return { day, instead, cancelled: isClosed(c.status) };
}

/**
 * The appointment the customer must come to (issue 38): the latest one, unless the case
 * closed. The case page offers it as a calendar file, the print and the SMS answers show it.
 */
export function upcomingAppointment(c: Pick<Case, 'schedule_program' | 'status'>, at: number): Date | null {
  const shown = appointmentOf(c, at);
  return shown && !shown.cancelled ? shown.day : null;
}

/**
 * When a closed case closed, as its page and its print say (issue 51): the response's
 * verification, the rejection, or (a withdrawal, or a date missing) when the case entered its
 * closing status (`enteredAt`, from its history). Null while it is open.
 */
export function closedOn(
  c: Pick<Case, 'status' | 'verified_date' | 'rejected_date'>,
  enteredAt: string | null,
): string | null {
  if (!isClosed(c.status)) return null;
  const own = c.status === 'verified' ? c.verified_date : c.status === 'rejected' ? c.rejected_date : null;
  return own ?? enteredAt;
}

/**
 * Whether a case's page says when a response is expected: not once it is closed (verified,
 * rejected, withdrawn: nothing is expected then; the page says when and how it closed).
 */
export const expectsResponse = (c: Pick<Case, 'status'>): boolean => !isClosed(c.status);

/**
 * The bureau's question while a case waits for the owner's answer: the note of its last
 * request; else null. An appointment set or moved meanwhile is a line of its own (its note the
 * day), not a question.
 */
export const bureauQuestion = (
  status: Case['status'],
  history: readonly Pick<CaseHistoryEntry, 'to_status' | 'note' | 'action'>[],
): string | null =>
  status === 'info_requested'
    ? (history.findLast((e) => e.to_status === 'info_requested' && e.action === 'status')?.note ?? null)
    : null;

/** The Rate service button (spec section 4): only a verified case that this customer has not rated. */
export const canRate = (c: Pick<Case, 'status' | 'rateCustomer'>): boolean =>
  c.status === 'verified' && !c.rateCustomer;

/** What is wrong with the text of a step: one its kind needs is missing (an answer, an appeal's reason), or it is too long. */
export function stepTextProblem(kind: CaseStepKind, text: string): 'required' | 'tooLong' | null {
  const trimmed = text.trim();
  if (!trimmed) return CASE_STEPS[kind].textNeeded ? 'required' : null;
  return trimmed.length > maxLength(TEXT_LIMITS.stepText) ? 'tooLong' : null;
}
