import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, vi } from 'vitest';
import type {
  PlayedGraph,
  PlayedPaths,
  PlayedRefusals,
  PlayedStep,
  RefusedMove,
} from '../../contract/flow-catalogue.ts';
import type { PathResult } from '../../scripts/flows/graph.ts';
import { PATHS_DIR, ROOT, eventLabel } from '../../scripts/flows/graph.ts';
import { leaves, refusalReason } from '../../contract/refusal.ts';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { TestModel } from 'xstate/graph';
import { recordCoverage } from './coverage-report.ts';
import type { TakenTransition } from './machine-graph.ts';
import {
  alwaysTransitions,
  blockedMoves,
  definedTransitions,
  invokedActors,
  leafKeys,
  stateKeys,
  takenKey,
} from './machine-graph.ts';
import type { PathStep } from './path-failure.ts';
import { committedCatalogue, disagreement } from './path-failure.ts';
import { catalogueOf } from '../../scripts/flows/catalogue.ts';
import { wordsOf } from '../../scripts/flows/words.ts';

/**
 * Model-based tests of a machine (XSTATE-NOTES.md): a TestModel walks the machine's graph,
 * treating actor results (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`) and timers
 * (`xstate.after.<DELAY>.<state id>`) as events. Each path then drives a live actor of the
 * machine: user events are sent, each invoked actor is a promise the path settles, timers
 * are advanced with fake timers, and after every step the live state must equal the model's.
 * Every state and every transition of the graph must be covered by some path.
 */
export interface ModelOptions {
  /** The events to try in each state, payload variants included. */
  events: (snapshot: SnapshotFrom<AnyStateMachine>) => EventObject[];
  input?: unknown;
  /**
   * What the paths start from, in words: a key of the machine's words' `starts` (a session
   * stored in the tab, a wait remembered, the case given). Required with an input: the path
   * catalogue writes it as the first step, so that a path can be replayed from its words.
   */
  start?: string;
  /** What makes two snapshots the same node of the graph (default: value + context). */
  serialize?: (snapshot: SnapshotFrom<AnyStateMachine>) => string;
  /**
   * Extra checks after each step, with what the machine emitted so far and the input each
   * invoked actor was last started with (by its source).
   */
  check?: (
    step: { event: EventObject; snapshot: SnapshotFrom<AnyStateMachine> },
    emitted: EventObject[],
    inputs: Record<string, unknown>,
  ) => void;
  /** Implementations to provide besides the invoked promise actors (e.g. actions). */
  provide?: Parameters<AnyStateMachine['provide']>[0];
  /**
   * List the moves each state refuses: every event tried there that the state does not take
   * is sent to the live actor, which must not change, and is recorded with who asks (`asker`
   * names the event's variant: a key of the words' `askers`) and the guard that stopped it,
   * for the path catalogue's refused moves.
   */
  refusals?: { asker: (event: EventObject) => string };
}

export interface ModelReport {
  paths: number;
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  emitted: EventObject[][];
}

const defaultSerialize = (s: SnapshotFrom<AnyStateMachine>) => JSON.stringify({ value: s.value, context: s.context });

export interface ModelPath {
  description: string;
  steps: { event: EventObject; state: unknown }[];
}

type Adjacency = Record<
  string,
  { state: { can(e: EventObject): boolean }; transitions: Record<string, { event: EventObject; state: unknown }> }
>;

/** One path per transition of the graph: the shortest path to its source, then its event. */
function transitionPaths(
  model: { getShortestPaths(o: object): { state: unknown; steps: unknown }[] },
  adjacency: Adjacency,
  serialize: (s: never) => string,
): ModelPath[] {
  const toNode = new Map<string, { event: EventObject; state: unknown }[]>();
  for (const p of model.getShortestPaths({ allowDuplicatePaths: true }))
    toNode.set(serialize(p.state as never), p.steps as { event: EventObject; state: unknown }[]);
  const paths: ModelPath[] = [];
  for (const [from, node] of Object.entries(adjacency)) {
    for (const t of Object.values(node.transitions)) {
      // Self-transitions (actions only) run too, when the state handles the event at all.
      if (serialize(t.state as never) === from && !node.state.can(t.event)) continue;
      const prefix = toNode.get(from) ?? [];
      paths.push({ description: `${from} + ${t.event.type}`, steps: [...prefix, { event: t.event, state: t.state }] });
    }
  }
  return paths;
}

/** The paths of a machine's model (one per transition), for drivers other than the live actor (screens). */
export function modelPaths(
  machine: AnyStateMachine,
  options: Pick<ModelOptions, 'events' | 'input' | 'serialize'>,
): ModelPath[] {
  const serialize = options.serialize ?? defaultSerialize;
  const model = new TestModel(machine, {
    events: options.events as never,
    ...(options.input !== undefined ? { input: options.input } : {}),
    serializeState: serialize as never,
  });
  return transitionPaths(model as never, model.getAdjacencyMap() as unknown as Adjacency, serialize as never);
}

function pathResults(machine: AnyStateMachine, test: string): (n: number, passed: boolean) => void {
  mkdirSync(PATHS_DIR, { recursive: true });
  const file = path.join(PATHS_DIR, `${machine.id}.jsonl`);
  return (n, passed) =>
    appendFileSync(file, `${JSON.stringify({ machine: machine.id, test, path: n, passed } satisfies PathResult)}\n`);
}

/**
 * The paths each test played so far: a test that plays a machine from several starts (one
 * testModel call each) numbers its paths on, so that `… › path N` names one path.
 */
const pathsPlayed = new Map<string, number>();

export async function testModel(machine: AnyStateMachine, options: ModelOptions): Promise<ModelReport> {
  if (options.input !== undefined && !options.start)
    throw new Error(`${machine.id}: a model test with an input names what its paths start from (start)`);
  const serialize = options.serialize ?? defaultSerialize;
  const model = new TestModel(machine, {
    events: options.events as never,
    ...(options.input !== undefined ? { input: options.input } : {}),
    serializeState: serialize as never,
  });
  const invoked = invokedActors(machine);
  const adjacency = model.getAdjacencyMap() as unknown as Adjacency;
  const allEdges = new Set<string>();
  for (const [from, node] of Object.entries(adjacency)) {
    for (const [eventKey, t] of Object.entries(node.transitions)) {
      // A transition that changes nothing is not an edge of the diagram.
      if (serialize(t.state as never) !== from) allEdges.add(`${from} --${eventKey}`);
    }
  }
  const coveredEdges = new Set<string>();
  const coveredStates = new Set<string>();
  const defined = definedTransitions(machine);
  const taken = new Set<string>();
  const always = alwaysTransitions(machine);
  const alwaysTaken = new Set<string>();
  const paths = transitionPaths(model as never, adjacency, serialize as never);
  const emittedPerPath: EventObject[][] = [];
  // The shortest played path to each state and through each transition, for the path catalogue.
  const shortest: Required<PlayedPaths> = { states: {}, transitions: {}, paths: { states: {}, transitions: {} } };
  const { currentTestName, testPath } = expect.getState();
  const testName = `${path.relative(ROOT, testPath ?? '')} › ${currentTestName ?? ''}`;
  let pathNumber = pathsPlayed.get(testName) ?? 0;
  const keep = (kind: 'states' | 'transitions', key: string, steps: PlayedStep[]) => {
    const into = shortest[kind];
    if (!into[key] || into[key].length > steps.length) {
      into[key] = [...steps];
      shortest.paths[kind][key] = pathNumber;
    }
  };

  // The graph the simulator on /flows walks: every node (a state with its context) and the
  // transitions played out of it, one per transition of the machine.
  const simNodes = new Map<string, number>();
  const simulated: PlayedGraph = { nodes: [], initial: 0, moves: [], blocked: [] };
  const nodeOf = (snapshot: SnapshotFrom<AnyStateMachine>) => {
    const key = serialize(snapshot);
    if (!simNodes.has(key)) {
      simNodes.set(key, simulated.nodes.length);
      simulated.nodes.push(leaves(snapshot.value));
    }
    return simNodes.get(key)!;
  };
  const moved = new Set<string>();

  // The moves each node (a state with its context) refuses, tried once on the live actor at its first visit;
  // the shortest path to the node is kept.
  const refusals = new Map<string, PlayedRefusals>();
  const refuse = async (actor: ReturnType<typeof createActor>, played: PlayedStep[]) => {
    const now = actor.getSnapshot() as SnapshotFrom<AnyStateMachine>;
    const key = serialize(now);
    if (!options.refusals) return;
    const known = refusals.get(key);
    if (known) {
      // The catalogue gives the shortest path to the node.
      if (known.steps.length > played.length) Object.assign(known, { steps: [...played], path: pathNumber });
      return;
    }
    const moves: RefusedMove[] = [];
    const allowed: { event: string; asker: string }[] = [];
    for (const event of options.events(now)) {
      if (now.can(event)) {
        allowed.push({ event: eventLabel(event.type, machine), asker: options.refusals.asker(event) });
        continue;
      }
      moves.push({
        event: eventLabel(event.type, machine),
        asker: options.refusals.asker(event),
        reason: refusalReason(machine, now, event),
      });
      if (now.status !== 'active') continue; // A final state takes nothing: its actor is done.
      actor.send(event);
      await vi.advanceTimersByTimeAsync(0);
      expect(serialize(actor.getSnapshot()), `${event.type} is refused in ${key}`).toBe(key);
    }
    refusals.set(key, { state: leaves(now.value), steps: [...played], path: pathNumber, moves, allowed });
  };

  // `npm run test:paths -- <machine>` (scripts/test-paths.ts): how each path of that machine went.
  const report = process.env.FLOW_PATHS === machine.id ? pathResults(machine, testName) : null;
  for (const path of paths) {
    pathNumber += 1;
    vi.useFakeTimers();
    let passed = false;
    // Where the path is, for a failure's message: the step being played and the live actor's state.
    let at = 0;
    let actual = (): string => '(not started)';
    const steps: PathStep[] = path.steps
      .filter((s) => s.event.type !== 'xstate.init')
      .map((s) => ({ event: s.event.type, to: serialize(s.state as never) }));
    try {
      const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
      const inputs: Record<string, unknown> = {};
      const actors = Object.fromEntries(
        [...new Set(invoked.values())].map((src) => [
          src,
          fromPromise(({ input }) => {
            inputs[src] = input;
            return new Promise((resolve, reject) => pending.set(src, { resolve, reject }));
          }),
        ]),
      );
      // What the actor really did: the transitions of every microstep, as XState's inspection reports them.
      let microsteps: { transitions: TakenTransition[]; value: unknown }[] = [];
      const actor = createActor(
        machine.provide({ ...options.provide, actors: { ...options.provide?.actors, ...actors } }),
        {
          ...(options.input !== undefined ? { input: options.input } : {}),
          inspect: (e: { type: string; _transitions?: TakenTransition[]; snapshot?: { value?: unknown } }) => {
            if (e.type === '@xstate.microstep' && e._transitions?.length)
              microsteps.push({ transitions: e._transitions, value: e.snapshot?.value });
          },
        } as never,
      );
      const emitted: EventObject[] = [];
      actor.on('*', (e) => emitted.push(e));
      actual = () => serialize(actor.getSnapshot() as never);
      const played: PlayedStep[] = [];
      /** The steps of what the actor did since the last call, one per transition taken, each recorded as taken. */
      const record = (): string[] => {
        const keys: string[] = [];
        for (const { transitions, value } of microsteps)
          for (const t of transitions) {
            const key = takenKey(t);
            keys.push(key);
            played.push({ transition: key, to: leaves(value) });
            (key.includes(' --always#') ? alwaysTaken : taken).add(key);
            keep('transitions', key, played);
          }
        microsteps = [];
        return keys;
      };
      actor.start();
      let previous = actor.getSnapshot();
      simulated.initial = nodeOf(previous);
      // A transient initial state is passed through at the start: its `always` branch is taken then.
      record();
      leafKeys(previous.value).forEach((k) => coveredStates.add(k));
      for (const k of leafKeys(previous.value)) keep('states', k, played);
      await refuse(actor, played);

      for (const step of path.steps) {
        const event = step.event as EventObject & { output?: unknown; error?: unknown };
        const fromKey = serialize(previous as never);
        const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
        const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
        const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
        if (event.type === 'xstate.init') continue;
        at += 1;
        microsteps = [];
        const before = played.length;
        if (done || failed) {
          const src = invoked.get((done ?? failed)![1]!) as string;
          const settle = pending.get(src);
          expect(settle, `${event.type}: the actor ${src} is running`).toBeDefined();
          pending.delete(src);
          if (done) settle!.resolve(event.output);
          else settle!.reject(event.error);
          await vi.advanceTimersByTimeAsync(0);
        } else if (after) {
          const delay = machine.implementations.delays[after[1]!] as number | ((a: { context: unknown }) => number);
          const ms = typeof delay === 'function' ? delay({ context: actor.getSnapshot().context }) : delay;
          await vi.advanceTimersByTimeAsync(ms);
        } else {
          actor.send(event);
          await vi.advanceTimersByTimeAsync(0);
        }
        const now = actor.getSnapshot();
        expect(serialize(now), `after ${event.type} in ${path.description}`).toBe(serialize(step.state as never));
        coveredEdges.add(`${fromKey} --${JSON.stringify(event)}`);
        const keys = record();
        expect(keys.length, `${event.type} in ${path.description}: the actor took a transition`).toBeGreaterThan(0);
        const move = { from: nodeOf(previous), to: nodeOf(now), transition: keys[0]! };
        if (!moved.has(`${move.from} ${keys.join(' | ')}`)) {
          moved.add(`${move.from} ${keys.join(' | ')}`);
          simulated.moves.push({ ...move, steps: played.slice(before) });
        }
        leafKeys(now.value).forEach((k) => coveredStates.add(k));
        for (const k of leafKeys(now.value)) keep('states', k, played);
        options.check?.({ event, snapshot: now }, emitted, inputs);
        await refuse(actor, played);
        previous = now;
      }
      emittedPerPath.push(emitted);
      actor.stop();
      passed = true;
    } catch (error) {
      throw disagreement({
        machine,
        test: testName,
        path: pathNumber,
        steps,
        at,
        against: 'machine',
        actual: actual(),
        cause: error,
      });
    } finally {
      vi.useRealTimers();
      report?.(pathNumber, passed);
    }
  }
  pathsPlayed.set(testName, pathNumber);

  const edgeKeys = [...allEdges];
  const missingEdges = edgeKeys.filter((e) => !coveredEdges.has(e));
  const states = stateKeys(machine);
  const missingStates = states.filter((s) => !coveredStates.has(s));
  const played = {
    test: testName,
    start: options.start ?? null,
    shortest,
    ...(options.refusals ? { refused: [...refusals.values()] } : {}),
    graph: {
      ...blockedMoves(simulated, defined),
      // What each node refused, by whom and why: the simulator's "who asks" (issue 52).
      ...(options.refusals
        ? {
            refused: [...simNodes.keys()].map((key) => refusals.get(key)?.moves ?? []),
            allowed: [...simNodes.keys()].map((key) => refusals.get(key)?.allowed ?? []),
          }
        : {}),
    },
  };
  recordCoverage({
    machine: machine.id,
    ...played,
    states: { covered: states.length - missingStates.length, total: states.length },
    transitions: { covered: taken.size, total: defined.size },
    always: { taken: always.filter((a) => alwaysTaken.has(a)), all: always },
  });
  checkCatalogue(machine, played);
  expect(missingStates, 'states no path reaches').toEqual([]);
  expect(missingEdges, 'transitions no path takes').toEqual([]);
  expect(
    [...defined.keys()].filter((k) => !taken.has(k)),
    'transitions of the machine no path takes',
  ).toEqual([]);
  return {
    paths: paths.length,
    states: { covered: states.length - missingStates.length, total: states.length },
    transitions: { covered: edgeKeys.length - missingEdges.length, total: edgeKeys.length },
    emitted: emittedPerPath,
  };
}

/**
 * The paths played must be the ones the committed catalogue (docs/flows/<machine>.paths.json,
 * reviewed) gives this test: every entry it names this test's path for is played again, by the
 * same path, in the same words. The model is built from the machine, so a machine changed by
 * mistake changes its model too; the catalogue is what was agreed. `npm run flows` writes the
 * catalogue anew (FLOW_CATALOGUE=write), and then this check waits for it.
 */
function checkCatalogue(machine: AnyStateMachine, played: Parameters<typeof catalogueOf>[2][number]): void {
  if (process.env.FLOW_CATALOGUE === 'write') return;
  const { name, source, catalogue } = committedCatalogue(played.test, machine.id);
  if (!catalogue || !source) return;
  const named = { name, source, machine };
  const words = wordsOf(named);
  // A test may play a machine from several starts (each a testModel call): its entries begin with their start.
  const first = played.start ? words.starts?.[played.start]?.en : words.start.en;
  const mine = catalogue.entries
    .map((entry, i) => ({ entry, n: i + 1 }))
    .filter(({ entry }) => entry.test.startsWith(`${played.test} › path `) && entry.text.en.steps[0] === first);
  const now = new Map(catalogueOf(named, words, [played]).entries.map((e) => [e.title, e]));
  for (const { entry, n } of mine) {
    const again = now.get(entry.title);
    const where = `docs/flows/${name}.md #${n} ${entry.title} (run npm run flows if the change is meant)`;
    expect(again?.test, `${where}: its path`).toBe(entry.test);
    expect(again?.text, `${where}: its words`).toEqual(entry.text);
  }
}
