import { ownerOutlook } from '../contract/case-lifecycle.machine.ts';
import type { Case, CaseHistoryEntry, CaseList, EnumValue, Rating } from '../contract/entities.ts';
import {
  appointmentOf,
  bureauQuestion,
  canRate,
  closedOn,
  dueDate,
  expectsResponse,
  isClosed,
} from '../contract/case-rules.ts';

/** A case as its page reads it: the case, its type (whose questions name the answers), its rating and its history. */
export interface CaseRead {
  found: Case;
  caseList: CaseList;
  /** Null when the rating could not be read: the rest of the case still shows. */
  ratings: Rating[] | null;
  history: CaseHistoryEntry[];
  /** When it was read: what the customer may do is decided as of then (the appeal window). */
  readAt: number;
}

/**
 * What the case page says beyond the case itself, as the lifecycle and the contract's rules
 * decide it when the case was read: the steps the owner may take, until when an appeal is
 * open and why the case was rejected, the bureau's question, whether it can be rated (and
 * the rating so far), when an answer is due, and the appointment ahead.
 */
export function caseOutlook({ found, caseList, ratings, history, readAt }: CaseRead) {
  const { steps, appealUntil } = ownerOutlook(found, readAt);
  const appealable = steps.includes('appeal');
  return {
    steps,
    /** The last day of the appeal window (epoch ms), while an appeal is offered. */
    appealUntil,
    /** The bureau's decision on the appeal, once taken. */
    appeal: found.appeal_decision,
    /** The bureau's reason for a rejection: beside the offer to appeal it, and beside the appeal's decision that upheld it. */
    rejectedWhy:
      appealable || (found.status === 'rejected' && found.appeal_decision?.upheld)
        ? found.rejection_justification
        : null,
    /** The bureau's question, while it waits for the answer. */
    asked: bureauQuestion(found.status, history),
    /** Rateable: the rating so far (null: none), or 'unavailable' when it could not be read. */
    rating: canRate(found) ? (ratings ? { current: ratings[0]?.rateNum ?? null } : ('unavailable' as const)) : null,
    /** The stars this customer gave, once rated (issue 51: the page says it); null otherwise or when unread. */
    rated: found.rateCustomer ? (ratings?.find((r) => r._id === found.rateCustomer?._id)?.rateNum ?? null) : null,
    /** When an answer is due (ISO), while one is expected. */
    expected: expectsResponse(found)
      ? dueDate(
          found.createdAt,
          caseList.time_limit,
          found.schedule_program.map((p) => p.schedule.extended_date),
        ).toISOString()
      : null,
    /** When and how a closed case closed (the response verified, the rejection, the withdrawal), instead of when one is due. */
    closed: isClosed(found.status)
      ? {
          status: found.status,
          on: closedOn(found, history.findLast((e) => e.to_status === found.status)?.createdAt ?? null),
        }
      : null,
    /**
     * The latest appointment, told near the top: its day, the day it replaced, and cancelled
     * once the case closed; while it is not, it is offered as a calendar file. Null: none ahead.
     */
    appointment: appointmentOf(found, readAt),
    /** The select answers' values, by their ids. */
    enumValues: new Map<string, EnumValue>(
      caseList.questions.flatMap((q) => q.enumValues.map((v) => [v._id, v] as const)),
    ),
  };
}
