import { and, assign, setup } from 'xstate';
import { APPEAL_WINDOW_DAYS, DAY_MS, TEXT_LIMITS } from './limits.ts';
import type { LifecycleStatus } from './statuses.ts';
import type { CaseStepKind } from './case-steps.ts';
import { CASE_STEPS, CASE_STEP_KINDS } from './case-steps.ts';

export type { LifecycleStatus } from './statuses.ts';
export { LIFECYCLE_STATUSES } from './statuses.ts';

/**
 * The bureau's roles (spec section 6). Who may take which step of a case is the lifecycle's
 * guards' to say (docs/decisions/0038): case handlers take a case up, ask for information and
 * respond; team leaders verify, send back and reject, and decide appeals; an accusation
 * acceptor answers complaints; the others take no step of a case.
 */
export const STAFF_ROLES = [
  'accusation_acceptor',
  'team_leader',
  'case_handler',
  'archival_user',
  'ethics_user',
  'administrator',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who asks for a change: a staff member with their role, or a customer (the case's owner or not). */
export type Actor = { kind: 'staff'; id: string; role: string } | { kind: 'customer'; id: string };

/** Whether `by` is a staff member of `role`: the lifecycle's role guards, and the steps outside it (an appointment). */
export const actsAs = (by: Actor, role: StaffRole): boolean => by.kind === 'staff' && by.role === role;

export interface LifecycleContext {
  /** The customer whose case it is. */
  ownerId: string;
  /** When the case was last rejected (epoch ms), for the appeal window. */
  rejectedAt: number | null;
  /** A case is appealed once at most. */
  appealed: boolean;
  /** The staff member who wrote the response waiting for verification (four eyes: not its verifier). */
  respondedBy: string | null;
  /** The staff member who made the last rejection (four eyes: not the one who decides its appeal). */
  rejectedBy: string | null;
}

/**
 * Every event carries who asks and when (epoch ms), and what a staff member gives with it:
 * `reason`, the justification or note the customer reads; `response`, whether a response PDF
 * comes with it. The guards decide on all of them.
 */
type Asked = { by: Actor; at: number; reason?: string; response?: boolean };
export type LifecycleEvent =
  | ({ type: 'START' } & Asked)
  | ({ type: 'REQUEST_INFO' } & Asked)
  | ({ type: 'ANSWER_INFO' } & Asked)
  | ({ type: 'RESPOND' } & Asked)
  | ({ type: 'VERIFY' } & Asked)
  | ({ type: 'REOPEN' } & Asked)
  | ({ type: 'REJECT' } & Asked)
  | ({ type: 'WITHDRAW' } & Asked)
  | ({ type: 'APPEAL' } & Asked)
  | ({ type: 'OVERTURN' } & Asked)
  | ({ type: 'UPHOLD' } & Asked);

/** The last moment an appeal of a case rejected at `rejectedAt` is accepted. */
export const appealDeadline = (rejectedAt: number): number => rejectedAt + APPEAL_WINDOW_DAYS * DAY_MS;

/**
 * The life of a case, as one machine that the server and the staff command line go through
 * for every status change (server/cases/lifecycle.ts) and the SPA asks what a customer may
 * do next (`snapshot.can`). Pure: it decides and names the effects (`recordHistory`,
 * `mailCustomer`, ...); the server carries them out in the transaction of the change.
 */
/** The bureau may reject a case at any step before its answer is verified, and says why. */
const reject = {
  guard: 'leaderWithReason',
  target: 'rejected',
  actions: ['recordRejection', 'recordHistory', 'mailCustomer'],
} as const;

export const caseLifecycleMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as LifecycleContext,
    input: {} as Partial<LifecycleContext> & { ownerId: string },
    events: {} as LifecycleEvent,
  },
  actions: {
    /** A history entry: from, to, who, when and the note given. */
    recordHistory: () => undefined,
    /** A mail to the customer, in their language, saying what changed. */
    mailCustomer: () => undefined,
    /** The rejection's date, from which the appeal window runs. */
    recordRejection: assign({ rejectedAt: ({ event }) => event.at, rejectedBy: ({ event }) => event.by.id }),
    /** Who responded: another team leader verifies it. */
    recordResponse: assign({ respondedBy: ({ event }) => event.by.id }),
    /** The case's one appeal is used. */
    recordAppeal: assign({ appealed: true }),
  },
  guards: {
    byCaseHandler: ({ event }) => actsAs(event.by, 'case_handler'),
    byTeamLeader: ({ event }) => actsAs(event.by, 'team_leader'),
    byOwner: ({ event, context }) => event.by.kind === 'customer' && event.by.id === context.ownerId,
    /** Four eyes: the one who responded does not verify their own response. */
    notTheResponder: ({ context, event }) => event.by.id !== context.respondedBy,
    /** Four eyes: the one who rejected does not decide the appeal against their rejection. */
    notTheRejecter: ({ context, event }) => event.by.id !== context.rejectedBy,
    /** A reason is given: a rejection's justification, what a request for information asks, an appeal's decision. */
    reasoned: ({ event }) => !!event.reason?.trim(),
    /** The reason or note fits what the customer reads on a phone. */
    reasonFits: ({ event }) => (event.reason?.trim().length ?? 0) <= TEXT_LIMITS.justification,
    /** A response PDF comes with it. */
    withResponse: ({ event }) => event.response === true,
    // Each step's conditions, one guard each inside and([...]), so that a refusal names the one that failed.
    handlerStep: and(['byCaseHandler', 'reasonFits']),
    handlerWithReason: and(['byCaseHandler', 'reasoned', 'reasonFits']),
    handlerWithResponse: and(['byCaseHandler', 'withResponse', 'reasonFits']),
    leaderStep: and(['byTeamLeader', 'reasonFits']),
    leaderWithReason: and(['byTeamLeader', 'reasoned', 'reasonFits']),
    leaderVerifies: and(['byTeamLeader', 'notTheResponder', 'reasonFits']),
    leaderDecidesAppeal: and(['byTeamLeader', 'notTheRejecter', 'reasoned', 'reasonFits']),
    notAppealed: ({ context }) => !context.appealed,
    withinAppealWindow: ({ context, event }) =>
      context.rejectedAt !== null && event.at <= appealDeadline(context.rejectedAt),
    /** Each condition a guard of its own, so that a refused appeal says which one failed (the path catalogue). */
    appealOpen: and(['byOwner', 'notAppealed', 'withinAppealWindow']),
  },
}).createMachine({
  id: 'caseLifecycle',
  context: ({ input }) => ({
    ownerId: input.ownerId,
    rejectedAt: input.rejectedAt ?? null,
    appealed: input.appealed ?? false,
    respondedBy: input.respondedBy ?? null,
    rejectedBy: input.rejectedBy ?? null,
  }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        START: { guard: 'handlerStep', target: 'ongoing', actions: ['recordHistory', 'mailCustomer'] },
        REJECT: reject,
        WITHDRAW: { guard: 'byOwner', target: 'withdrawn', actions: ['recordHistory', 'mailCustomer'] },
      },
    },
    ongoing: {
      on: {
        REQUEST_INFO: {
          guard: 'handlerWithReason',
          target: 'info_requested',
          actions: ['recordHistory', 'mailCustomer'],
        },
        // The response is the customer's once verified: until then their case still reads
        // "processing", and a mail or SMS saying so again would tell them nothing (issue 51).
        RESPOND: {
          guard: 'handlerWithResponse',
          target: 'responded',
          actions: ['recordResponse', 'recordHistory'],
        },
        REJECT: reject,
      },
    },
    info_requested: {
      on: {
        ANSWER_INFO: { guard: 'byOwner', target: 'ongoing', actions: ['recordHistory', 'mailCustomer'] },
        WITHDRAW: { guard: 'byOwner', target: 'withdrawn', actions: ['recordHistory', 'mailCustomer'] },
        REJECT: reject,
      },
    },
    responded: {
      on: {
        VERIFY: { guard: 'leaderVerifies', target: 'verified', actions: ['recordHistory', 'mailCustomer'] },
        // Back to processing from a response not verified: the customer's case read "processing" all along.
        REOPEN: { guard: 'leaderStep', target: 'ongoing', actions: ['recordHistory'] },
        REJECT: reject,
      },
    },
    verified: { type: 'final' },
    rejected: {
      on: {
        APPEAL: { guard: 'appealOpen', target: 'appealed', actions: ['recordAppeal', 'recordHistory', 'mailCustomer'] },
      },
    },
    appealed: {
      on: {
        OVERTURN: { guard: 'leaderDecidesAppeal', target: 'ongoing', actions: ['recordHistory', 'mailCustomer'] },
        UPHOLD: { guard: 'leaderDecidesAppeal', target: 'rejected', actions: ['recordHistory', 'mailCustomer'] },
      },
    },
    withdrawn: { type: 'final' },
  },
});

/** Each customer's step of the contract's table is an event of this lifecycle (a check of types alone). */
type StepsAreEvents<T extends Record<CaseStepKind, { event: LifecycleEvent['type'] }>> = T;
export type CheckedCaseSteps = StepsAreEvents<typeof CASE_STEPS>;

/**
 * The steps the owner of a case may take on it at `at` (what the case page offers, what an
 * SMS asks for), asked of the lifecycle itself: the server decides the same way when the step
 * is sent. With them, the last day of the appeal window while an appeal is open.
 */
export function ownerOutlook(
  c: { status: LifecycleStatus; rejected_date: string | null; appealed_date: string | null },
  at: number,
): { steps: CaseStepKind[]; appealUntil: number | null } {
  const steps = openSteps({ status: c.status, rejected_date: c.rejected_date, appealed: c.appealed_date !== null }, at);
  const appealUntil = steps.includes('appeal') && c.rejected_date ? appealDeadline(Date.parse(c.rejected_date)) : null;
  return { steps, appealUntil };
}

/** The steps the owner of a case may take on it at `at`, asked of the lifecycle itself. */
export function openSteps(
  c: { status: LifecycleStatus; rejected_date: string | null; appealed: boolean },
  at: number,
): CaseStepKind[] {
  const owner: Actor = { kind: 'customer', id: 'owner' };
  const snapshot = caseLifecycleMachine.resolveState({
    value: c.status,
    context: {
      ownerId: owner.id,
      rejectedAt: c.rejected_date ? Date.parse(c.rejected_date) : null,
      appealed: c.appealed,
      respondedBy: null,
      rejectedBy: null,
    },
  });
  return CASE_STEP_KINDS.filter((kind) => snapshot.can({ type: CASE_STEPS[kind].event, by: owner, at }));
}
