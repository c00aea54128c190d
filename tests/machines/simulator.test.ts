import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Simulation } from '../../contract/flow-catalogue.ts';
import lifecycle from '../../docs/flows/case-lifecycle.paths.json' with { type: 'json' };
import {
  askedHere,
  askerAt,
  askersOf,
  movesFor,
  movesHere,
  nodeOf,
  playedHere,
  refusedFor,
  simulator,
  timesOf,
  whoOf,
} from '../../src/screens/flows/simulator.ts';
import { testModel } from './model.ts';

/** A graph of three nodes: a -> b -> c, and c back to a. */
const words = (en: string) => ({ en, am: en });
const tiny: Simulation = {
  start: { en: ['It opens.'], am: ['ይከፈታል።'] },
  initial: 0,
  nodes: ['a', 'b', 'c'].map((k) => ({ states: [k], about: words(k), final: false })),
  moves: [
    { from: 0, to: 1, event: 'B', text: words('a to b') },
    { from: 1, to: 2, event: 'C', text: words('b to c') },
    { from: 2, to: 0, event: 'A', text: words('c to a') },
  ],
  blocked: [],
};

describe('the simulator on /flows', () => {
  it('covers every transition: a move from where the walk is, a step back, a new start', async () => {
    await testModel(simulator, {
      input: { simulation: tiny },
      start: 'tiny',
      events: (s) =>
        [...tiny.moves.map((_, move) => ({ type: 'MOVE', move })), { type: 'BACK' }, { type: 'RESET' }].filter(
          (e) => e.type !== 'MOVE' || (s.context as { taken: number[] }).taken.length < 3,
        ),
    });
  });

  it('takes a move only from the node it is in; steps back one move; starts again from the start', () => {
    const actor = createActor(simulator, { input: { simulation: tiny } }).start();
    const at = () => nodeOf(actor.getSnapshot().context);
    expect(movesHere(actor.getSnapshot().context)).toEqual([0]);
    actor.send({ type: 'MOVE', move: 1 }); // b to c, from a: refused
    expect(at()).toBe(0);
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    actor.send({ type: 'MOVE', move: 0 });
    actor.send({ type: 'MOVE', move: 1 });
    expect(at()).toBe(2);
    actor.send({ type: 'BACK' });
    expect(at()).toBe(1);
    actor.send({ type: 'RESET' });
    expect([at(), actor.getSnapshot().context.taken]).toEqual([0, []]);
  });

  it('walks the case lifecycle the model tests played: a second appeal is stopped by its guard', () => {
    const simulation = lifecycle.simulation as unknown as Simulation;
    const actor = createActor(simulator, { input: { simulation } }).start();
    const go = (to: string) => {
      const here = actor.getSnapshot().context;
      const move = movesHere(here).find((m) => simulation.nodes[simulation.moves[m]!.to]!.states[0] === to);
      expect(move, `${to} from ${simulation.nodes[nodeOf(here)]!.states[0]}`).toBeDefined();
      actor.send({ type: 'MOVE', move: move! });
    };
    go('rejected');
    go('appealed');
    go('rejected');
    const here = nodeOf(actor.getSnapshot().context);
    expect(movesHere(actor.getSnapshot().context).map((m) => simulation.moves[m]!.text.en)).not.toContainEqual(
      expect.stringMatching(/^The customer appeals/),
    );
    expect(simulation.blocked.filter((b) => b.at === here).map((b) => b.text.en)).toEqual([
      'The customer appeals the rejection. Only when the owner asks, has not appealed before, and the rejection is at most 30 days old.',
    ]);
  });

  it('answers who may do what where: for each asker, the moves allowed and, for each refused, the one condition that failed; a closed case says it is closed (issue 52)', () => {
    const simulation = lifecycle.simulation as unknown as Simulation;
    expect(askersOf(simulation)).toEqual(
      expect.arrayContaining([
        'handler',
        'leader',
        'otherLeader',
        'promoted',
        'acceptor',
        'owner',
        'stranger',
        'ownerLate',
      ]),
    );
    const actor = createActor(simulator, { input: { simulation } }).start();
    const walk = (...to: string[]) => {
      for (const state of to) {
        const here = actor.getSnapshot().context;
        const move = movesHere(here).find((m) => simulation.nodes[simulation.moves[m]!.to]!.states[0] === state);
        actor.send({ type: 'MOVE', move: move! });
      }
      return actor.getSnapshot().context;
    };
    const events = (asker: string) => {
      const here = actor.getSnapshot().context;
      return movesFor(here, asker).map((m) => simulation.moves[m]!.event);
    };
    const refused = (asker: string) => refusedFor(actor.getSnapshot().context, asker).map((r) => r.en);
    // Pending: a case handler takes it up; a team leader may only reject it; the owner may withdraw.
    expect(events('handler')).toEqual(['START']);
    expect(events('leader')).toEqual(['REJECT']);
    expect(events('owner')).toEqual(['WITHDRAW']);
    expect(refused('leader')).toContain(
      'START, asked by a team leader with a reason and the PDF: only a case handler may take this step.',
    );
    // Responded: the case handler who wrote it may not verify, even once made a team leader; a team leader may.
    walk('ongoing', 'responded');
    expect(events('handler')).toEqual([]);
    expect(refused('handler')).toContain(
      'VERIFY, asked by a case handler with a reason and the PDF: only a team leader may take this step.',
    );
    expect(refused('promoted')).toEqual([
      'VERIFY, asked by the case handler who wrote the response, since made a team leader: four eyes: the one who wrote the response does not verify it; another team leader does.',
    ]);
    expect(events('leader')).toEqual(expect.arrayContaining(['VERIFY', 'REOPEN', 'REJECT']));
    // Verified: the case is closed.
    walk('verified');
    const closed = actor.getSnapshot().context;
    expect(simulation.nodes[nodeOf(closed)]!.final).toBe(true);
    expect(movesFor(closed, null)).toEqual([]);
    expect(refused('leader')).toContain(
      'REJECT, asked by a team leader with a reason and the PDF: the case is closed: nothing moves it.',
    );
    // Not every node is final: a rejected case is open to its appeal.
    expect(
      simulation.nodes
        .filter((n) => n.final)
        .map((n) => n.states[0])
        .sort(),
    ).toEqual(expect.arrayContaining(['verified', 'withdrawn']));
    expect(simulation.nodes.some((n) => n.final && n.states[0] === 'rejected')).toBe(false);
  });

  it('asks who and when apart: the owner more than 30 days after the rejection may no longer appeal; a time no test played shows nothing (issue 52)', () => {
    const simulation = lifecycle.simulation as unknown as Simulation;
    expect(timesOf(simulation)).toEqual(['inTime', 'late']);
    expect(whoOf(simulation)).toEqual(expect.arrayContaining(['owner', 'stranger', 'handler', 'leader']));
    expect(whoOf(simulation)).not.toContain('ownerLate');
    expect(askerAt(simulation, 'owner', 'inTime')).toBe('owner');
    expect(askerAt(simulation, 'owner', 'late')).toBe('ownerLate');
    // No test asked as a team leader after the window: no asker, nothing shown.
    expect(askerAt(simulation, 'leader', 'late')).toBeNull();
    const actor = createActor(simulator, { input: { simulation } }).start();
    // Pending has no rejection to be late after: the late owner was never asked there.
    expect(playedHere(actor.getSnapshot().context, 'ownerLate')).toBe(false);
    for (const state of ['rejected']) {
      const here = actor.getSnapshot().context;
      const move = movesHere(here).find((m) => simulation.nodes[simulation.moves[m]!.to]!.states[0] === state);
      actor.send({ type: 'MOVE', move: move! });
    }
    const rejected = actor.getSnapshot().context;
    const events = (asker: string) => movesFor(rejected, asker).map((m) => simulation.moves[m]!.event);
    expect(events('owner')).toContain('APPEAL');
    expect(playedHere(rejected, 'ownerLate')).toBe(true);
    expect(events('ownerLate')).not.toContain('APPEAL');
    expect(refusedFor(rejected, 'ownerLate').map((r) => r.en)).toContainEqual(
      expect.stringMatching(/^APPEAL, asked by the case's owner more than 30 days after the rejection: /),
    );
  });

  it('says why no move is offered: the flow ends, no test asked as that person then or here, or that person may do nothing here (issue 52)', () => {
    const simulation = lifecycle.simulation as unknown as Simulation;
    const actor = createActor(simulator, { input: { simulation } }).start();
    const go = (state: string) => {
      const here = actor.getSnapshot().context;
      const move = movesHere(here).find((m) => simulation.nodes[simulation.moves[m]!.to]!.states[0] === state);
      actor.send({ type: 'MOVE', move: move! });
      return actor.getSnapshot().context;
    };
    const pending = actor.getSnapshot().context;
    // Anyone: every move played, the guarded ones stopped shown, no refusals listed.
    expect(askedHere(pending, null, null)).toMatchObject({ why: null, refused: null });
    // A team leader late: no test asked as one after the window.
    expect(askedHere(pending, 'leader', 'late')).toEqual({ moves: [], blocked: [], refused: null, why: 'unplayed' });
    // The late owner of a pending case: there is no rejection to be late after; never asked there.
    expect(askedHere(pending, 'owner', 'late').why).toBe('unplayed');
    go('rejected');
    const appealed = go('appealed');
    // The owner of an appealed case: asked there, refused every move.
    const owner = askedHere(appealed, 'owner', 'inTime');
    expect(owner.why).toBe('nothingForAsker');
    expect(owner.refused!.length).toBeGreaterThan(0);
    const verified = (() => {
      actor.send({ type: 'RESET' });
      go('ongoing');
      go('responded');
      return go('verified');
    })();
    expect(askedHere(verified, null, null).why).toBe('final');
  });
});
