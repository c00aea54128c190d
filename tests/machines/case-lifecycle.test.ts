import { CASE_STEPS, CASE_STEP_KINDS } from '../../contract/case-steps.ts';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { Actor, LifecycleEvent, LifecycleStatus } from '../../contract/case-lifecycle.machine.ts';
import { LIFECYCLE_STATUSES, appealDeadline, caseLifecycleMachine } from '../../contract/case-lifecycle.machine.ts';
import { APPEAL_WINDOW_DAYS, DAY_MS, TEXT_LIMITS } from '../../contract/limits.ts';
import { testModel } from './model.ts';

const OWNER = 'owner-1';
const T0 = Date.UTC(2026, 10, 1);
const handler = { kind: 'staff', id: 'handler-1', role: 'case_handler' } as const;
const leader = { kind: 'staff', id: 'leader-1', role: 'team_leader' } as const;
const otherLeader = { kind: 'staff', id: 'leader-2', role: 'team_leader' } as const;
/** The case handler who responded, since made a team leader: four eyes still keep them from verifying it. */
const promoted = { kind: 'staff', id: handler.id, role: 'team_leader' } as const;
const acceptor = { kind: 'staff', id: 'acceptor-1', role: 'accusation_acceptor' } as const;
const owner = { kind: 'customer', id: OWNER } as const;
const stranger = { kind: 'customer', id: 'someone-else' } as const;
const TYPES = [
  'START',
  'REQUEST_INFO',
  'ANSWER_INFO',
  'RESPOND',
  'VERIFY',
  'REOPEN',
  'REJECT',
  'WITHDRAW',
  'APPEAL',
  'OVERTURN',
  'UPHOLD',
] as const;

/** The owner's events: the customer's steps of the contract's table (contract/case-steps.ts). */
const OWNER_EVENTS: string[] = CASE_STEP_KINDS.map((kind) => CASE_STEPS[kind].event);

const REASON = 'The plot number does not match the records.';
/**
 * Who asks, and what a staff member gives with a step: a reason and the PDF, nothing, or a
 * reason past its limit. `late`: also asked after the appeal window. `only`: the events an
 * asker plays, where more would only multiply the states (the second leader and the promoted
 * responder are there for four eyes; the acceptor, for a role no case step is for).
 */
const ASKERS: { by: Actor; reason?: string; response?: boolean; late: boolean; only?: string[] }[] = [
  { by: handler, reason: REASON, response: true, late: true },
  { by: handler, late: false },
  { by: handler, reason: 'x'.repeat(TEXT_LIMITS.justification + 1), response: true, late: false },
  { by: leader, reason: REASON, response: true, late: false },
  { by: leader, late: false, only: ['REJECT', 'OVERTURN', 'UPHOLD'] },
  { by: otherLeader, reason: REASON, response: true, late: false, only: ['VERIFY', 'OVERTURN', 'UPHOLD'] },
  { by: promoted, reason: REASON, response: true, late: false, only: ['VERIFY'] },
  { by: acceptor, reason: REASON, response: true, late: false, only: ['START', 'RESPOND', 'REJECT'] },
  { by: owner, late: true },
  { by: stranger, late: true },
];

/** Every event, by every asker; an appeal also late, where there is a rejection to be late after. */
const everyEvent = (lateAppeals = true): LifecycleEvent[] =>
  TYPES.flatMap((type) =>
    ASKERS.filter((a) => !a.only || a.only.includes(type)).flatMap(({ late, only: _, ...asked }) =>
      (type === 'APPEAL' ? [T0 + DAY_MS, ...(late && lateAppeals ? [appealDeadline(T0) + 1] : [])] : [T0]).map(
        (when) => ({ type, ...asked, at: when }) as LifecycleEvent,
      ),
    ),
  );

const at = (status: LifecycleStatus, context: { rejectedAt?: number; appealed?: boolean } = {}) =>
  caseLifecycleMachine.resolveState({
    value: status,
    context: {
      ownerId: OWNER,
      rejectedAt: context.rejectedAt ?? null,
      appealed: context.appealed ?? false,
      respondedBy: null,
      rejectedBy: null,
    },
  });

/** The words' asker of a staff member: their role, or the one of them four eyes are about. */
const STAFF_ASKERS: Record<string, string> = {
  [handler.id]: 'handler',
  [leader.id]: 'leader',
  [otherLeader.id]: 'otherLeader',
  [acceptor.id]: 'acceptor',
};

describe('case lifecycle machine', () => {
  it('covers every state and transition: staff move cases, the owner answers, withdraws and appeals', async () => {
    const report = await testModel(caseLifecycleMachine, {
      input: { ownerId: OWNER },
      start: 'owner',
      // A late appeal only where a rejection is what it is late after.
      events: (s) => everyEvent(s.matches('rejected')) as EventObject[],
      // Every move a status refuses is tried, must change nothing, and is listed with its reason.
      refusals: {
        asker: (e) => {
          const { by, at: when, reason } = e as LifecycleEvent;
          const member = by.kind === 'staff' && by.role !== 'case_handler' && by.id === handler.id ? 'promoted' : null;
          const given = reason === undefined ? 'Bare' : reason.length > TEXT_LIMITS.justification ? 'Long' : '';
          const staffAsks = member ?? `${STAFF_ASKERS[by.id]}${given}`;
          const who = by.kind === 'staff' ? staffAsks : by.id === OWNER ? 'owner' : 'stranger';
          return when > appealDeadline(T0) ? `${who}Late` : who;
        },
      },
    });
    expect(report.states).toEqual({ covered: LIFECYCLE_STATUSES.length, total: LIFECYCLE_STATUSES.length });
    // The statuses the contract lists are exactly the machine's states.
    expect(Object.keys(caseLifecycleMachine.root.states)).toEqual([...LIFECYCLE_STATUSES]);
  });

  it('another customer can change nothing; staff cannot act for the owner, nor the owner for staff', () => {
    for (const status of LIFECYCLE_STATUSES) {
      const snapshot = at(status, { rejectedAt: T0 });
      for (const event of everyEvent()) {
        if (event.by === stranger) expect(snapshot.can(event), `${status} ${event.type} by a stranger`).toBe(false);
        if (event.by.kind === 'staff' && OWNER_EVENTS.includes(event.type)) expect(snapshot.can(event)).toBe(false);
        if (event.by === owner && !OWNER_EVENTS.includes(event.type)) expect(snapshot.can(event)).toBe(false);
      }
    }
  });

  it(`an appeal is accepted once, within ${APPEAL_WINDOW_DAYS} days of the rejection`, () => {
    const appeal = (when: number) => ({ type: 'APPEAL', by: owner, at: when }) as const;
    expect(at('rejected', { rejectedAt: T0 }).can(appeal(appealDeadline(T0)))).toBe(true);
    expect(at('rejected', { rejectedAt: T0 }).can(appeal(appealDeadline(T0) + 1))).toBe(false);
    expect(at('rejected', { rejectedAt: T0, appealed: true }).can(appeal(T0 + DAY_MS))).toBe(false);
    expect(appealDeadline(T0) - T0).toBe(APPEAL_WINDOW_DAYS * DAY_MS);
  });

  it('withdrawn and verified cases are closed: nothing moves them', () => {
    for (const status of ['withdrawn', 'verified'] as const)
      for (const event of everyEvent()) expect(at(status, { rejectedAt: T0 }).can(event)).toBe(false);
  });
});
