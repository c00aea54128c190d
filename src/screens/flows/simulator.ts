import { assign, setup } from 'xstate';
import type { Simulation } from '../../../contract/flow-catalogue.ts';

/**
 * The simulator on /flows (issue 36): an auditor walks a machine's graph as its model tests
 * played it (`simulation` in docs/flows/<machine>.paths.json). The context is the moves taken
 * so far; a move is taken only from the node the walk is in; Step back undoes the last one,
 * Start again all of them.
 */
export interface SimulatorContext {
  simulation: Simulation;
  /** Indices into `simulation.moves`, in the order taken. */
  taken: number[];
}

/** The node the walk is in: where the last move led, or where the flow starts. */
export const nodeOf = ({ simulation, taken }: SimulatorContext): number =>
  taken.length ? simulation.moves[taken[taken.length - 1]!]!.to : simulation.initial;

/** The moves out of the node the walk is in, by their index. */
export const movesHere = (context: SimulatorContext): number[] =>
  context.simulation.moves.flatMap((m, i) => (m.from === nodeOf(context) ? [i] : []));

export const simulator = setup({
  types: {
    context: {} as SimulatorContext,
    input: {} as { simulation: Simulation },
    events: {} as { type: 'MOVE'; move: number } | { type: 'BACK' } | { type: 'RESET' },
  },
  guards: {
    fromHere: ({ context, event }) => event.type === 'MOVE' && movesHere(context).includes(event.move),
    hasMoved: ({ context }) => context.taken.length > 0,
  },
}).createMachine({
  id: 'simulator',
  context: ({ input }) => ({ simulation: input.simulation, taken: [] }),
  initial: 'walking',
  states: {
    walking: {
      on: {
        MOVE: {
          guard: 'fromHere',
          actions: assign({ taken: ({ context, event }) => [...context.taken, event.move] }),
        },
        BACK: { guard: 'hasMoved', actions: assign({ taken: ({ context }) => context.taken.slice(0, -1) }) },
        RESET: { actions: assign({ taken: [] }) },
      },
    },
  },
});
