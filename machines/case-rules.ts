import type { Case } from '../contract/entities.ts';
import { DAY_MS } from '../contract/limits.ts';

/** The date a response is due: the latest extension, or submission plus the case type's time limit in days. */
export function expectedResponse(c: Case, timeLimitDays: number): string {
  const extended = c.schedule_program
    .map((p) => p.schedule.extended_date)
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  return extended ?? new Date(new Date(c.createdAt).getTime() + timeLimitDays * DAY_MS).toISOString();
}

/** The Rate service button (spec section 4): only a verified case that this customer has not rated. */
export const canRate = (c: Case): boolean => c.status === 'verified' && !c.rateCustomer;
