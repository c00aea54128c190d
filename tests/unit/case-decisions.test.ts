import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Actor, LifecycleEvent, LifecycleStatus } from '../../contract/case-lifecycle.machine.ts';
import { LIFECYCLE_STATUSES, caseLifecycleMachine, openSteps } from '../../contract/case-lifecycle.machine.ts';
import { APPEAL_WINDOW_DAYS, DAY_MS } from '../../contract/limits.ts';
import type { CaseLife } from '../../server/cases/lifecycle.ts';
import {
  decide,
  eventTo,
  nextMoves,
  refusedBecause,
  responseShown,
  whatComesNext,
} from '../../server/cases/lifecycle.ts';
import { lateness } from '../../server/cases/lateness.ts';

const T0 = Date.UTC(2026, 10, 1);
const OWNER = 'owner-1';
const handler = { kind: 'staff', id: 'handler-1', role: 'case_handler' } as const;
const leader = { kind: 'staff', id: 'leader-1', role: 'team_leader' } as const;
const otherLeader = { kind: 'staff', id: 'leader-2', role: 'team_leader' } as const;
/** Who takes a staff step in a test of something else: the role the step needs (ADR 0038). */
const staffFor = (type: LifecycleEvent['type']) =>
  ['START', 'REQUEST_INFO', 'RESPOND'].includes(type) ? handler : leader;
const owner = { kind: 'customer', id: OWNER } as const;
const life = (status: LifecycleStatus, over: Partial<CaseLife> = {}): CaseLife => ({
  status,
  ownerId: OWNER,
  rejectedAt: null,
  appealedAt: null,
  respondedBy: null,
  rejectedBy: null,
  ...over,
});

/** What the server decides on a status change (server/cases/lifecycle.ts), from the contract's machine. */
describe("the server's lifecycle decisions", () => {
  it('moves a case and names the effects to carry out; refuses what the lifecycle refuses', () => {
    const started = decide(life('pending'), { type: 'START', by: handler, at: T0 });
    expect(started).toEqual({ to: 'ongoing', effects: new Set(['recordHistory', 'mailCustomer']) });
    const rejected = decide(life('responded'), { type: 'REJECT', by: leader, at: T0, reason: 'Incomplete' });
    expect(rejected?.to).toBe('rejected');
    // The rejection's date is the machine's own (an assign), not an effect for the server.
    expect([...(rejected?.effects ?? [])].sort()).toEqual(['mailCustomer', 'recordHistory']);
    expect(decide(life('pending'), { type: 'START', by: owner, at: T0 })).toBeNull();
    expect(decide(life('verified'), { type: 'REOPEN', by: leader, at: T0 })).toBeNull();
  });

  it('a refused step says what comes next from where the case is, read from the lifecycle: staff commands and the customer’s steps (issue 51)', () => {
    const n = 'HDAB-2019-000004';
    expect(whatComesNext('pending', n)).toBe(
      `What comes next from pending: staff: npm run staff -- ongoing ${n} --by EMAIL (a case handler); npm run staff -- reject ${n} --reason "…" --by EMAIL (a team leader). Or the customer, on the case page: withdraw it.`,
    );
    expect(whatComesNext('ongoing', n)).toBe(
      `What comes next from ongoing: staff: npm run staff -- request-info ${n} --reason "…" --by EMAIL (a case handler); npm run staff -- respond ${n} --file response.pdf --by EMAIL (a case handler); npm run staff -- reject ${n} --reason "…" --by EMAIL (a team leader).`,
    );
    expect(whatComesNext('info_requested', n)).toBe(
      `What comes next from info_requested: staff: npm run staff -- reject ${n} --reason "…" --by EMAIL (a team leader). Or the customer, on the case page: answer the request or withdraw it.`,
    );
    // Both ways out of a response reach "ongoing" by one command: said once.
    expect(whatComesNext('responded', n)).toBe(
      `What comes next from responded: staff: npm run staff -- verify ${n} --by EMAIL (a team leader); npm run staff -- ongoing ${n} --by EMAIL (a team leader); npm run staff -- reject ${n} --reason "…" --by EMAIL (a team leader).`,
    );
    expect(whatComesNext('rejected', n)).toBe(
      'What comes next from rejected: the customer, on the case page: appeal the rejection.',
    );
    expect(whatComesNext('appealed', n)).toBe(
      `What comes next from appealed: staff: npm run staff -- appeal ${n} --overturn --reason "…" --by EMAIL (a team leader); npm run staff -- appeal ${n} --uphold --reason "…" --by EMAIL (a team leader).`,
    );
    for (const closed of ['verified', 'withdrawn'] as const)
      expect(whatComesNext(closed, n)).toBe(`A ${closed} case is closed: no step leads on from it.`);
    expect(nextMoves('pending')).toEqual([
      { type: 'START', by: 'case_handler' },
      { type: 'REJECT', by: 'team_leader' },
      { type: 'WITHDRAW', by: 'customer' },
    ]);
  });

  it('tells the customer nothing of a response until it is verified, nor of its reopening: their case read "processing" all along (issue 51)', () => {
    const responded = decide(life('ongoing'), { type: 'RESPOND', by: handler, at: T0, response: true });
    // Who responded is the machine's own (an assign), for four eyes; not an effect for the server.
    expect(responded).toEqual({ to: 'responded', effects: new Set(['recordHistory']) });
    expect(decide(life('responded'), { type: 'REOPEN', by: leader, at: T0 })?.effects).toEqual(
      new Set(['recordHistory']),
    );
    expect(decide(life('responded'), { type: 'VERIFY', by: leader, at: T0 })?.effects).toEqual(
      new Set(['recordHistory', 'mailCustomer']),
    );
  });

  it('reads the stored rejection and appeal: an appeal within the window once, never after one was made', () => {
    const appeal = { type: 'APPEAL', by: owner, at: T0 + DAY_MS } as const;
    expect(decide(life('rejected', { rejectedAt: new Date(T0) }), appeal)?.to).toBe('appealed');
    expect(decide(life('rejected', { rejectedAt: new Date(T0), appealedAt: new Date(T0) }), appeal)).toBeNull();
    const late = { ...appeal, at: T0 + APPEAL_WINDOW_DAYS * DAY_MS + 1 };
    expect(decide(life('rejected', { rejectedAt: new Date(T0) }), late)).toBeNull();
    // No rejection date stored: no window to appeal within.
    expect(decide(life('rejected'), appeal)).toBeNull();
  });

  it('finds the event by which staff move a case to a status from where it is, and none where there is none', () => {
    expect(eventTo(life('pending'), 'ongoing', handler, T0)).toEqual({ type: 'START', by: handler, at: T0 });
    expect(eventTo(life('responded'), 'ongoing', leader, T0)?.type).toBe('REOPEN');
    expect(eventTo(life('appealed'), 'ongoing', leader, T0)?.type).toBe('OVERTURN');
    expect(eventTo(life('appealed'), 'rejected', leader, T0)?.type).toBe('UPHOLD');
    expect(eventTo(life('ongoing'), 'rejected', leader, T0, { reason: 'Why' })).toEqual({
      type: 'REJECT',
      by: leader,
      at: T0,
      reason: 'Why',
    });
    expect(eventTo(life('pending'), 'verified', leader, T0)).toBeNull();
    // The event is found whoever asks; the lifecycle then refuses it, and says why.
    const byOwner = eventTo(life('pending'), 'ongoing', owner, T0)!;
    expect(decide(life('pending'), byOwner)).toBeNull();
    expect(refusedBecause(life('pending'), byOwner)).toBe('byCaseHandler');
  });

  it("decides on what the staff member gives: a rejection's justification, a request's reason, a response's PDF, a reason that fits (issue 49)", () => {
    const why = (status: LifecycleStatus, type: LifecycleEvent['type'], given: object) => {
      const event = { type, by: staffFor(type), at: T0, ...given } as LifecycleEvent;
      return decide(life(status), event) ? 'taken' : refusedBecause(life(status), event);
    };
    expect(why('ongoing', 'REJECT', {})).toBe('reasoned');
    expect(why('ongoing', 'REJECT', { reason: ' ' })).toBe('reasoned');
    expect(why('ongoing', 'REJECT', { reason: 'No deed' })).toBe('taken');
    expect(why('ongoing', 'REQUEST_INFO', {})).toBe('reasoned');
    expect(why('ongoing', 'RESPOND', { reason: 'Approved' })).toBe('withResponse');
    expect(why('ongoing', 'RESPOND', { response: true })).toBe('taken');
    expect(why('appealed', 'UPHOLD', {})).toBe('reasoned');
    expect(why('appealed', 'OVERTURN', { reason: 'The deed was there' })).toBe('taken');
    expect(why('pending', 'START', { reason: 'x'.repeat(5001) })).toBe('reasonFits');
    expect(why('pending', 'START', { reason: 'x'.repeat(5000) })).toBe('taken');
    expect(why('pending', 'START', {})).toBe('taken');
  });

  it('decides by role and by history: a case handler processes and responds, a team leader verifies, rejects and decides appeals; four eyes (ADR 0038)', () => {
    const why = (c: CaseLife, type: LifecycleEvent['type'], by: Actor) => {
      const event = { type, by, at: T0, reason: 'A reason', response: true } as LifecycleEvent;
      return decide(c, event) ? 'taken' : refusedBecause(c, event);
    };
    const acceptor = { kind: 'staff', id: 'acceptor-1', role: 'accusation_acceptor' } as const;
    for (const type of ['START'] as const) {
      expect(why(life('pending'), type, handler)).toBe('taken');
      expect(why(life('pending'), type, leader)).toBe('byCaseHandler');
      expect(why(life('pending'), type, acceptor)).toBe('byCaseHandler');
    }
    for (const type of ['REQUEST_INFO', 'RESPOND'] as const) {
      expect(why(life('ongoing'), type, handler)).toBe('taken');
      expect(why(life('ongoing'), type, leader)).toBe('byCaseHandler');
    }
    for (const type of ['VERIFY', 'REOPEN', 'REJECT'] as const) {
      expect(why(life('responded'), type, leader)).toBe('taken');
      expect(why(life('responded'), type, handler)).toBe('byTeamLeader');
    }
    // The one who responded never verifies it, even once a team leader; another team leader does.
    const answered = life('responded', { respondedBy: handler.id });
    const promoted = { ...handler, role: 'team_leader' } as const;
    expect(why(answered, 'VERIFY', promoted)).toBe('notTheResponder');
    expect(why(answered, 'VERIFY', leader)).toBe('taken');
    // The one who rejected never decides the appeal against it; another team leader does.
    const appealed = life('appealed', { rejectedAt: new Date(T0), appealedAt: new Date(T0), rejectedBy: leader.id });
    for (const type of ['OVERTURN', 'UPHOLD'] as const) {
      expect(why(appealed, type, leader)).toBe('notTheRejecter');
      expect(why(appealed, type, handler)).toBe('byTeamLeader');
      expect(why(appealed, type, otherLeader)).toBe('taken');
    }
    // A role the lifecycle does not know takes no step.
    const archivist = { kind: 'staff', id: 'archive-1', role: 'archival_user' } as const;
    for (const status of LIFECYCLE_STATUSES)
      for (const type of [
        'START',
        'REQUEST_INFO',
        'RESPOND',
        'VERIFY',
        'REOPEN',
        'REJECT',
        'OVERTURN',
        'UPHOLD',
      ] as const)
        expect(decide(life(status), { type, by: archivist, at: T0, reason: 'x', response: true })).toBeNull();
  });

  it('shows the response only once a supervisor verified it', () => {
    expect(LIFECYCLE_STATUSES.filter(responseShown)).toEqual(['verified']);
  });
});

describe('the case lifecycle, played as the server plays it', () => {
  it('takes one appeal: a second one, even in time, is refused and changes nothing', () => {
    const actor = createActor(caseLifecycleMachine, { input: { ownerId: OWNER } }).start();
    actor.send({ type: 'REJECT', by: leader, at: T0, reason: 'Incomplete' });
    expect(actor.getSnapshot().context).toMatchObject({ rejectedAt: T0, rejectedBy: leader.id });
    actor.send({ type: 'APPEAL', by: owner, at: T0 + DAY_MS });
    expect(actor.getSnapshot().value).toBe('appealed');
    expect(actor.getSnapshot().context.appealed).toBe(true);
    actor.send({ type: 'UPHOLD', by: otherLeader, at: T0 + 2 * DAY_MS, reason: 'Still incomplete' });
    expect(actor.getSnapshot().value).toBe('rejected');
    const second = { type: 'APPEAL', by: owner, at: T0 + 3 * DAY_MS } as const;
    expect(actor.getSnapshot().can(second)).toBe(false);
    actor.send(second);
    expect(actor.getSnapshot().value).toBe('rejected');
  });

  it('starts from what the server stored: a rejection date and an appeal made', () => {
    const stored = createActor(caseLifecycleMachine, { input: { ownerId: OWNER, rejectedAt: T0, appealed: true } });
    expect(stored.getSnapshot().context).toEqual({
      ownerId: OWNER,
      rejectedAt: T0,
      appealed: true,
      respondedBy: null,
      rejectedBy: null,
    });
    const fresh = createActor(caseLifecycleMachine, { input: { ownerId: OWNER } });
    expect(fresh.getSnapshot().context).toEqual({
      ownerId: OWNER,
      rejectedAt: null,
      appealed: false,
      respondedBy: null,
      rejectedBy: null,
    });
  });

  it('a verified or withdrawn case is done: its actor stops', () => {
    const verified = createActor(caseLifecycleMachine, { input: { ownerId: OWNER } }).start();
    for (const type of ['START', 'RESPOND', 'VERIFY'] as const)
      verified.send({ type, by: staffFor(type), at: T0, response: true });
    expect(verified.getSnapshot()).toMatchObject({ value: 'verified', status: 'done' });
    const withdrawn = createActor(caseLifecycleMachine, { input: { ownerId: OWNER } }).start();
    withdrawn.send({ type: 'WITHDRAW', by: owner, at: T0 });
    expect(withdrawn.getSnapshot()).toMatchObject({ value: 'withdrawn', status: 'done' });
    const rejected = createActor(caseLifecycleMachine, { input: { ownerId: OWNER } }).start();
    rejected.send({ type: 'REJECT', by: leader, at: T0, reason: 'Incomplete' });
    expect(rejected.getSnapshot()).toMatchObject({ value: 'rejected', status: 'active' });
  });

  it("a staff member whose id is the owner's is still staff: never the owner", () => {
    const twin = { kind: 'staff', id: OWNER, role: 'team_leader' } as const;
    const actor = createActor(caseLifecycleMachine, { input: { ownerId: OWNER } }).start();
    expect(actor.getSnapshot().can({ type: 'WITHDRAW', by: twin, at: T0 })).toBe(false);
    actor.send({ type: 'REJECT', by: twin, at: T0, reason: 'Incomplete' });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().can({ type: 'APPEAL', by: twin, at: T0 + DAY_MS })).toBe(false);
  });

  it('offers the owner the steps the lifecycle takes: answer or withdraw when asked, appeal once in time', () => {
    const c = (status: LifecycleStatus, rejected_date: string | null = null, appealed = false) => ({
      status,
      rejected_date,
      appealed,
    });
    const rejected = new Date(T0).toISOString();
    expect(openSteps(c('pending'), T0)).toEqual(['withdraw']);
    expect(openSteps(c('info_requested'), T0)).toEqual(['answer', 'withdraw']);
    expect(openSteps(c('ongoing'), T0)).toEqual([]);
    expect(openSteps(c('rejected', rejected), T0 + DAY_MS)).toEqual(['appeal']);
    expect(openSteps(c('rejected', rejected, true), T0 + DAY_MS)).toEqual([]);
    expect(openSteps(c('rejected', rejected), T0 + APPEAL_WINDOW_DAYS * DAY_MS + 1)).toEqual([]);
    expect(openSteps(c('rejected', null), T0 + DAY_MS)).toEqual([]);
  });
});

describe('lateness', () => {
  afterEach(() => vi.useRealTimers());
  const row = (over: Record<string, unknown> = {}) => ({
    created_at: new Date(T0),
    time_limit: 10,
    verified_date: null,
    rejected_date: null,
    responded_date: null,
    ...over,
  });
  const deadline = T0 + 10 * DAY_MS;

  it('an open case turns late by the clock alone, just after its deadline, and says when', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deadline);
    expect(lateness(row(), null)).toEqual({ late: 'no', changesAt: deadline + 1 });
    vi.setSystemTime(deadline + 1);
    expect(lateness(row(), null)).toEqual({ late: 'yes', changesAt: Infinity });
  });

  it('a finished case is late when it was finished after the deadline, and never changes again', () => {
    for (const field of ['verified_date', 'rejected_date', 'responded_date']) {
      expect(lateness(row({ [field]: new Date(deadline) }), null)).toEqual({ late: 'no', changesAt: Infinity });
      expect(lateness(row({ [field]: new Date(deadline + 1) }), null)).toEqual({ late: 'yes', changesAt: Infinity });
    }
    // The verification counts before the response it verifies.
    expect(
      lateness(row({ responded_date: new Date(deadline), verified_date: new Date(deadline + 1) }), null).late,
    ).toBe('yes');
  });

  it('an extension moves the deadline', () => {
    const extended = new Date(deadline + 5 * DAY_MS);
    expect(lateness(row({ responded_date: new Date(deadline + DAY_MS) }), extended).late).toBe('no');
  });
});
