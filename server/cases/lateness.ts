import { dueDate } from '../../contract/case-rules.ts';
import type { Row } from './repository.ts';

/**
 * Late: not answered by the deadline (created + time limit in days, or the latest extension).
 * An open case that is not late yet turns late by the clock alone: `changesAt` says when.
 */
export function lateness(r: Row, extendedUntil: Date | null): { late: 'yes' | 'no'; changesAt: number } {
  const deadline = dueDate(r.created_at as Date, Number(r.time_limit), [extendedUntil]).getTime();
  const finished = (r.verified_date ?? r.rejected_date ?? r.responded_date ?? null) as Date | null;
  const late = (finished?.getTime() ?? Date.now()) > deadline;
  return { late: late ? 'yes' : 'no', changesAt: finished || late ? Infinity : deadline + 1 };
}
