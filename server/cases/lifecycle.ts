import { transition } from 'xstate';
import type { Actor, LifecycleEvent, LifecycleStatus, StaffRole } from '../../contract/case-lifecycle.machine.ts';
import { STAFF_ROLES, caseLifecycleMachine } from '../../contract/case-lifecycle.machine.ts';
import { guardName, refusalReason } from '../../contract/refusal.ts';

/**
 * The bureau's response (its note and PDF) is the customer's only once a supervisor has
 * verified it (spec section 4): until then it is withheld everywhere (the case, its history,
 * the data archive, the served file, mail and SMS).
 */
export const responseShown = (status: LifecycleStatus): boolean => status === 'verified';

/** What the lifecycle needs to know of a stored case. */
export interface CaseLife {
  status: LifecycleStatus;
  ownerId: string;
  rejectedAt: Date | null;
  appealedAt: Date | null;
  /** Who wrote the response waiting for verification, and who made the last rejection (four eyes). */
  respondedBy: string | null;
  rejectedBy: string | null;
}

/**
 * The effects a change asks for, carried out by the caller: the lifecycle's named actions
 * that a transition hands out (`recordHistory`, `mailCustomer`). Its assigns (`recordResponse`,
 * `recordRejection`, `recordAppeal`) are named too but are the machine's own: they change its
 * context and never reach a caller.
 */
export type Effect = keyof typeof caseLifecycleMachine.implementations.actions;
const isEffect = (name: string): name is Effect => Object.hasOwn(caseLifecycleMachine.implementations.actions, name);

export interface Decision {
  to: LifecycleStatus;
  effects: Set<Effect>;
}

/** The columns of a stored case the lifecycle decides on (a locked row of server/cases/repository.ts). */
export interface LifeRow {
  status: LifecycleStatus;
  customer_id: string;
  rejected_date: Date | null;
  appealed_at: Date | null;
  /** Who wrote the response and who made the last rejection: the lifecycle's four eyes. */
  responded_by: string | null;
  rejected_by: string | null;
}

/** The life of a stored case, as its locked row gives it. */
export const lifeOf = (c: LifeRow): CaseLife => ({
  status: c.status,
  ownerId: c.customer_id,
  rejectedAt: c.rejected_date,
  appealedAt: c.appealed_at,
  respondedBy: c.responded_by,
  rejectedBy: c.rejected_by,
});

const snapshotOf = (c: CaseLife) =>
  caseLifecycleMachine.resolveState({
    value: c.status,
    context: {
      ownerId: c.ownerId,
      rejectedAt: c.rejectedAt?.getTime() ?? null,
      appealed: c.appealedAt !== null,
      respondedBy: c.respondedBy,
      rejectedBy: c.rejectedBy,
    },
  });

/** The status `event` moves the case to and the effects it asks for; null when the lifecycle refuses it. */
export function decide(c: CaseLife, event: LifecycleEvent): Decision | null {
  const snapshot = snapshotOf(c);
  if (!snapshot.can(event)) return null;
  const [next, actions] = transition(caseLifecycleMachine, snapshot, event);
  return { to: next.value as LifecycleStatus, effects: new Set(actions.map((a) => a.type).filter(isEffect)) };
}

/**
 * The event by which `by` would move the case to `to` from where it is (a staff member's
 * "ongoing" is START from pending, REOPEN from responded, OVERTURN from appealed), read from
 * the transitions of the machine's state, whatever their guards: `decide` says whether the
 * lifecycle takes it, `refusedBecause` why not. Null when no transition leads there. `given`:
 * what comes with it (the staff member's reason, a response PDF).
 */
export function eventTo(
  c: CaseLife,
  to: LifecycleStatus,
  by: Actor,
  at: number,
  given: { reason?: string; response?: boolean } = {},
): LifecycleEvent | null {
  const node = caseLifecycleMachine.root.states[c.status];
  for (const [type, list] of node?.transitions ?? [])
    if (list.some((t) => t.target?.some((target) => target.key === to)))
      return { type, by, at, ...given } as LifecycleEvent;
  return null;
}

/** Why the lifecycle refuses an event where the case is: the guard that does not hold (contract/refusal.ts). */
export const refusedBecause = (c: CaseLife, event: LifecycleEvent): string =>
  refusalReason(caseLifecycleMachine, snapshotOf(c), event);

/** Who may ask for a move: the case's owner, or a staff member of a role. */
export type Asker = 'customer' | StaffRole;

/** A transition out of a status, its guard, and every asker the lifecycle lets take it. */
export interface Move {
  type: LifecycleEvent['type'];
  to: LifecycleStatus;
  guard: string;
  who: Asker[];
}

/**
 * The transitions the lifecycle has out of a status, each with who may take it, asked of the
 * machine's own guards: each role, and the case's owner, asking with a reason and a PDF, within
 * the appeal window, where nothing in the case's history (who responded, who rejected) stands
 * in the way. What comes next for a refusal to say, and the evidence pack's roles table.
 */
export function movesOutOf(status: LifecycleStatus): Move[] {
  const at = Date.now();
  const snapshot = snapshotOf({
    status,
    ownerId: 'owner',
    rejectedAt: new Date(at),
    appealedAt: null,
    respondedBy: null,
    rejectedBy: null,
  });
  const askers: [Asker, Actor][] = [
    ...STAFF_ROLES.map((role): [Asker, Actor] => [role, { kind: 'staff', id: `a ${role}`, role }]),
    ['customer', { kind: 'customer', id: 'owner' }],
  ];
  return [...(caseLifecycleMachine.root.states[status]?.transitions ?? [])].flatMap(([type, list]) =>
    list.map((t) => ({
      type: type as LifecycleEvent['type'],
      to: (t.target?.[0]?.key ?? status) as LifecycleStatus,
      guard: guardName(t.guard) ?? '',
      who: askers
        .filter(([, by]) => snapshot.can({ type, by, at, reason: 'a reason', response: true } as LifecycleEvent))
        .map(([name]) => name),
    })),
  );
}

/** The moves out of a status that someone may take, each with the one who may (each step is one role's or the owner's). */
export const nextMoves = (status: LifecycleStatus): { type: LifecycleEvent['type']; by: Asker }[] =>
  movesOutOf(status).flatMap((m) => (m.who[0] ? [{ type: m.type, by: m.who[0] }] : []));

/** A role in the command line's words: "case handler". */
export const roleWords = (role: string): string => role.replaceAll('_', ' ');
/** A role with its article: "a case handler", "an accusation acceptor". */
export const aRole = (role: string): string => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${roleWords(role)}`;

/** The staff command each staff move of the lifecycle is, and the customer's moves in words. */
const STAFF_COMMANDS: Partial<Record<LifecycleEvent['type'], string>> = {
  START: 'ongoing',
  REOPEN: 'ongoing',
  REQUEST_INFO: 'request-info --reason "…"',
  RESPOND: 'respond --file response.pdf',
  VERIFY: 'verify',
  REJECT: 'reject --reason "…"',
  OVERTURN: 'appeal --overturn --reason "…"',
  UPHOLD: 'appeal --uphold --reason "…"',
};
const CUSTOMER_STEPS: Partial<Record<LifecycleEvent['type'], string>> = {
  ANSWER_INFO: 'answer the request',
  WITHDRAW: 'withdraw it',
  APPEAL: 'appeal the rejection',
};

/** Which step comes first from where the case is: the staff commands that move it, and what the customer may do on its page. */
export function whatComesNext(status: LifecycleStatus, caseNumber: string): string {
  const moves = nextMoves(status);
  const staff = new Set<string>();
  const customer: string[] = [];
  for (const m of moves) {
    const command = STAFF_COMMANDS[m.type];
    const step = CUSTOMER_STEPS[m.type];
    // `npm run staff -- appeal HDAB-… --overturn …`: the case number after the command's name.
    if (m.by !== 'customer' && command)
      staff.add(`npm run staff -- ${command.replace(/^(\S+)/, `$1 ${caseNumber}`)} --by EMAIL (${aRole(m.by)})`);
    if (m.by === 'customer' && step) customer.push(step);
  }
  if (staff.size === 0 && customer.length === 0) return `A ${status} case is closed: no step leads on from it.`;
  const parts = [
    ...(staff.size ? [`staff: ${[...staff].join('; ')}`] : []),
    ...(customer.length ? [`the customer, on the case page: ${customer.join(' or ')}`] : []),
  ];
  return `What comes next from ${status}: ${parts.join('. Or ')}.`;
}
