import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Simulation } from '../../contract/flow-catalogue.ts';
import lifecycle from '../../docs/flows/case-lifecycle.paths.json' with { type: 'json' };
import { movesHere, nodeOf, simulator } from '../../src/screens/flows/simulator.ts';
import { testModel } from './model.ts';

/** A graph of three nodes: a -> b -> c, and c back to a. */
const words = (en: string) => ({ en, am: en });
const tiny: Simulation = {
  start: { en: ['It opens.'], am: ['ይከፈታል።'] },
  initial: 0,
  nodes: ['a', 'b', 'c'].map((k) => ({ states: [k], about: words(k) })),
  moves: [
    { from: 0, to: 1, text: words('a to b') },
    { from: 1, to: 2, text: words('b to c') },
    { from: 2, to: 0, text: words('c to a') },
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
    const simulation = lifecycle.simulation as Simulation;
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
});
