/** A division's, a case type's or an account's standing (Division, CaseList, Customer in entities.ts). */
export const ACTIVE = 'active';
export const INACTIVE = 'inactive';

/**
 * Every status a case can have: the states of the case lifecycle (case-lifecycle.machine.ts),
 * kept apart so that the entities need not load the machine. The spec's five (pending,
 * ongoing, responded, verified, rejected) keep their meaning; `info_requested`, `appealed`
 * and `withdrawn` are added beside them (docs/decisions/0014).
 */
export const LIFECYCLE_STATUSES = [
  'pending',
  'ongoing',
  'info_requested',
  'responded',
  'verified',
  'rejected',
  'appealed',
  'withdrawn',
] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
