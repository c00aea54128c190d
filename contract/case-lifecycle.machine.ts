import { and, assign, setup } from 'xstate';
import { APPEAL_WINDOW_DAYS, DAY_MS, TEXT_LIMITS } from './limits.ts';
import type { LifecycleStatus } from './statuses.ts';

export type { LifecycleStatus } from './statuses.ts';
export { LIFECYCLE_STATUSES } from './statuses.ts';

/** Who asks for a change: a staff member, or a customer (the case's owner or not). */
export interface Actor {
  kind: 'staff' | 'customer';
  id: string;
}

export interface LifecycleContext {
  /** The customer whose case it is. */
  ownerId: string;
  /** When the case was last rejected (epoch ms), for the appeal window. */
  rejectedAt: number | null;
  /** A case is appealed once at most. */
  appealed: boolean;
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
  guard: 'staffWithReason',
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
    recordRejection: assign({ rejectedAt: ({ event }) => event.at }),
    /** The case's one appeal is used. */
    recordAppeal: assign({ appealed: true }),
  },
  guards: {
    byStaff: ({ event }) => event.by.kind === 'staff',
    byOwner: ({ context, event }) => event.by.kind === 'customer' && event.by.id === context.ownerId,
    /** A reason is given: a rejection's justification, what a request for information asks, an appeal's decision. */
    reasoned: ({ event }) => !!event.reason?.trim(),
    /** The reason or note fits what the customer reads on a phone. */
    reasonFits: ({ event }) => (event.reason?.trim().length ?? 0) <= TEXT_LIMITS.justification,
    /** A response PDF comes with it. */
    withResponse: ({ event }) => event.response === true,
    /** A staff member's step, with a note that fits if one is given. */
    staffStep: and(['byStaff', 'reasonFits']),
    /** A staff member's step that must say why. */
    staffWithReason: and(['byStaff', 'reasoned', 'reasonFits']),
    /** A staff member's response, which must come with its PDF. */
    staffWithResponse: and(['byStaff', 'withResponse', 'reasonFits']),
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
  }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        START: { guard: 'staffStep', target: 'ongoing', actions: ['recordHistory', 'mailCustomer'] },
        REJECT: reject,
        WITHDRAW: { guard: 'byOwner', target: 'withdrawn', actions: ['recordHistory', 'mailCustomer'] },
      },
    },
    ongoing: {
      on: {
        REQUEST_INFO: {
          guard: 'staffWithReason',
          target: 'info_requested',
          actions: ['recordHistory', 'mailCustomer'],
        },
        // The response is the customer's once verified: until then their case still reads
        // "processing", and a mail or SMS saying so again would tell them nothing (issue 51).
        RESPOND: { guard: 'staffWithResponse', target: 'responded', actions: ['recordHistory'] },
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
        VERIFY: { guard: 'staffStep', target: 'verified', actions: ['recordHistory', 'mailCustomer'] },
        // Back to processing from a response not verified: the customer's case read "processing" all along.
        REOPEN: { guard: 'staffStep', target: 'ongoing', actions: ['recordHistory'] },
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
        OVERTURN: { guard: 'staffWithReason', target: 'ongoing', actions: ['recordHistory', 'mailCustomer'] },
        UPHOLD: { guard: 'staffWithReason', target: 'rejected', actions: ['recordHistory', 'mailCustomer'] },
      },
    },
    withdrawn: { type: 'final' },
  },
});

/** The step of the customer each kind of the SPA's step form is. */
const STEP_EVENTS = { answer: 'ANSWER_INFO', withdraw: 'WITHDRAW', appeal: 'APPEAL' } as const;

/**
 * The steps the owner of a case may take on it at `at` (what the case page offers), asked
 * of the lifecycle itself: the server decides the same way when the step is sent.
 */
export function openSteps(
  c: { status: LifecycleStatus; rejected_date: string | null; appealed: boolean },
  at: number,
): (keyof typeof STEP_EVENTS)[] {
  const owner: Actor = { kind: 'customer', id: 'owner' };
  const snapshot = caseLifecycleMachine.resolveState({
    value: c.status,
    context: {
      ownerId: owner.id,
      rejectedAt: c.rejected_date ? Date.parse(c.rejected_date) : null,
      appealed: c.appealed,
    },
  });
  return (Object.keys(STEP_EVENTS) as (keyof typeof STEP_EVENTS)[]).filter((kind) =>
    snapshot.can({ type: STEP_EVENTS[kind], by: owner, at }),
  );
}
