import { assign, setup } from 'xstate';
import type { FlowLang, Simulation } from '../../../contract/flow-catalogue.ts';

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

/**
 * The moves `asker` may take from where the walk is: those whose event the model tests sent
 * here as that asker and the machine took. No asker chosen: every move played from here.
 */
export const movesFor = (context: SimulatorContext, asker: string | null): number[] => {
  const allowed = context.simulation.nodes[nodeOf(context)]!.allowed?.[asker ?? ''];
  return movesHere(context).filter((i) => asker === null || !!allowed?.includes(context.simulation.moves[i]!.event));
};

/** Whether the model tests asked as `asker` in the node the walk is in: a move taken or refused. */
export const playedHere = (context: SimulatorContext, asker: string): boolean => {
  const node = context.simulation.nodes[nodeOf(context)]!;
  return !!node.allowed?.[asker] || !!node.refused?.some((r) => r.asker === asker);
};

/** What the node the walk is in refused when `asker` asked, each in words with the one condition that failed. */
export const refusedFor = (context: SimulatorContext, asker: string): Record<FlowLang, string>[] => {
  const { simulation } = context;
  return (simulation.nodes[nodeOf(context)]!.refused ?? [])
    .filter((r) => r.asker === asker)
    .map((r) => {
      const line = simulation.refusalLines![r.line]!;
      return { en: line.en.replace('{event}', r.event), am: line.am.replace('{event}', r.event) };
    });
};

/** The askers the model tests asked as, in the order the machine's words list them. */
export const askersOf = (simulation: Simulation): string[] =>
  Object.keys(simulation.askers ?? {}).filter((a) =>
    simulation.nodes.some((n) => n.refused?.some((r) => r.asker === a) || n.allowed?.[a]),
  );

/** Who one may choose: the askers, less those that are another asker at another time (`ownerLate`). */
export const whoOf = (simulation: Simulation): string[] =>
  askersOf(simulation).filter((a) => !simulation.askedWhen?.variants[a]);

/** The times one may choose, the usual first; none where no asker's answer depends on when. */
export const timesOf = (simulation: Simulation): string[] => Object.keys(simulation.askedWhen?.times ?? {});

/**
 * The asker the model tests played as `who` asking at `when` (null: the usual time); null
 * where they never asked at that time, for the simulator shows only what a test played.
 */
export const askerAt = (simulation: Simulation, who: string, when: string | null): string | null =>
  when === null || when === timesOf(simulation)[0]
    ? who
    : (Object.entries(simulation.askedWhen?.variants ?? {}).find(([, v]) => v.who === who && v.when === when)?.[0] ??
      null);

/**
 * What the walk shows where it is when `who` asks at `when` (who null: anyone): the moves to
 * take, the guarded ones that are stopped (anyone only), the refusals (a person the tests
 * asked as here), and, when there is no move, why: the flow ends here, the tests never asked
 * as that person then or here (`unplayed`: nothing is shown that did not run), that person may
 * do nothing here, or no event the tests played moves on.
 */
export function askedHere(context: SimulatorContext, who: string | null, when: string | null) {
  const { simulation } = context;
  const node = simulation.nodes[nodeOf(context)]!;
  const asker = who === null ? null : askerAt(simulation, who, when);
  const unplayed = who !== null && (asker === null || !playedHere(context, asker));
  const moves = unplayed ? [] : movesFor(context, asker);
  const why = moves.length
    ? null
    : node.final
      ? ('final' as const)
      : unplayed
        ? ('unplayed' as const)
        : who !== null
          ? ('nothingForAsker' as const)
          : ('end' as const);
  return {
    moves,
    blocked: who === null ? simulation.blocked.filter((b) => b.at === nodeOf(context)) : [],
    /** Null where no refusal is to be listed (anyone asks, or the tests never asked as this person here). */
    refused: asker === null || unplayed ? null : refusedFor(context, asker),
    why,
  };
}

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
