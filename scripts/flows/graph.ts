import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { guardName } from '../../contract/refusal.ts';
import { reachedCode } from './reach.ts';

export { guardName };

/**
 * A machine as the flows read it: the machines found, their states and transitions walked
 * from `machine.root`, their event labels and their versions. What is written from it: the
 * diagrams (diagrams.ts), the change report (changes.ts) and the path catalogue (catalogue.ts).
 */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/**
 * Where a version reads the project's code: the project itself, but under mutation testing
 * (vitest.mutation.config.ts sets FLOW_SOURCES_ROOT) the tree Stryker's sandbox was copied
 * from, since the sandbox's copies carry every mutant and would change every version.
 */
export const SOURCES_ROOT = process.env.FLOW_SOURCES_ROOT ?? ROOT;
export const FLOWS_DIR = path.join(ROOT, 'docs', 'flows');
/**
 * Where `npm run test:paths -- <machine>` reads how each model path of that machine went
 * (tests/machines/model.ts writes `<machine id>.jsonl` when FLOW_PATHS names the machine).
 */
export const PATHS_DIR = path.join(ROOT, 'test-output', 'paths');
export interface PathResult {
  machine: string;
  /** The model test: `file › describe › it`. */
  test: string;
  /** The path's number within the test, as the catalogue names it (`… › path 14`). */
  path: number;
  passed: boolean;
}
/** Files of docs/flows written by people, not generated: the change record of each release. */
export const KEPT_FLOW_FILES = ['CHANGES.md'];

export interface NamedMachine {
  /** The file's base name: `apply` for machines/apply.machine.ts. */
  name: string;
  /** Where it is defined, from the project's root. */
  source: string;
  machine: AnyStateMachine;
}

/**
 * What `loadMachines` found each machine it loaded runs (reach.ts's `reachedCode`: `declaration
 * (file)` -> hash); a machine made elsewhere has none. Under mutation testing it is read from
 * SOURCES_ROOT.
 */
const code = new WeakMap<AnyStateMachine, Record<string, string>>();
export const codeOf = (machine: AnyStateMachine): Record<string, string> => code.get(machine) ?? {};

/**
 * Every machine exported by machines/*.machine.ts (the SPA's) and contract/*.machine.ts (the
 * case lifecycle, which the server applies and the SPA asks), in file order.
 */
export async function loadMachines(root = ROOT): Promise<NamedMachine[]> {
  const out: NamedMachine[] = [];
  for (const folder of ['machines', 'contract']) {
    const dir = path.join(root, folder);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.machine.ts'))
      .sort()) {
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (value && typeof value === 'object' && 'root' in value && 'implementations' in value) {
          const source = `${folder}/${file}`;
          code.set(value as AnyStateMachine, reachedCode(root === ROOT ? SOURCES_ROOT : root, source, name));
          out.push({ name: file.replace(/\.machine\.ts$/, ''), source, machine: value as AnyStateMachine });
        }
      }
    }
  }
  return out;
}

export const actionName = (a: unknown): string =>
  typeof a === 'string' ? a : ((a as { type?: string }).type ?? 'inline');

/** How an event reads in a diagram: timers and actor results spelt out. */
export function eventLabel(eventType: string, machine: AnyStateMachine): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const delay = machine.implementations.delays[after[1] as string];
    return `after ${after[1]}${typeof delay === 'number' ? ` (${delay} ms)` : ''}`;
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} failed`;
  return eventType;
}

/** A state's entry actions by name, without XState's own (`xstate.raise` schedules its `after` timers, drawn as edges). */
export const ownEntry = (node: AnyStateNode): string[] =>
  node.entry.map(actionName).filter((name) => !name.startsWith('xstate.'));

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

/** A transition as the diagrams, the versions and the change report read it. */
export interface Transition {
  from: AnyStateNode;
  /** The event's type as XState has it, or `always` for an eventless transition. */
  event: string;
  /** Its explicit targets; none for a transition that stays (actions only). */
  targets: AnyStateNode[];
  guard: string | null;
  actions: string[];
  reenter: boolean;
}

/** Every transition of a machine, state by state, in definition order. */
export function transitionsOf(machine: AnyStateMachine): Transition[] {
  const out: Transition[] = [];
  const add = (
    from: AnyStateNode,
    event: string,
    t: { target?: readonly unknown[] | undefined; guard?: unknown; actions: readonly unknown[]; reenter?: boolean },
  ) =>
    out.push({
      from,
      event,
      targets: [...(t.target ?? [])] as AnyStateNode[],
      guard: guardName(t.guard),
      actions: t.actions.map(actionName),
      reenter: Boolean(t.reenter),
    });
  for (const node of allNodes(machine.root)) {
    for (const [event, list] of node.transitions) for (const t of list) add(node, event, t);
    for (const t of node.always ?? []) add(node, 'always', t);
  }
  return out;
}

/** Where a transition leads: its targets, or the state itself when it has none. */
export const endsOf = (t: Transition) => (t.targets.length ? t.targets : [t.from]);

/**
 * An edge of the diagrams: one per target, labelled `EVENT [guard] / actions`. `internal`: it
 * stays in its state without leaving it (no target, or its own state without re-entry).
 */
export function edgesOf(
  machine: AnyStateMachine,
): { from: AnyStateNode; to: AnyStateNode; label: string; internal: boolean }[] {
  return transitionsOf(machine).flatMap((t) => {
    const label = `${eventLabel(t.event, machine)}${t.guard ? ` [${t.guard}]` : ''}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;
    return endsOf(t).map((to) => ({ from: t.from, to, label, internal: to === t.from && !t.reenter }));
  });
}

/**
 * A machine's version (issue 21): the first 8 hex digits of the SHA-256 of its definition,
 * states, transitions (targets, guards, actions), entry and exit actions, invoked actors and
 * delays, written in a fixed order, and of the code it runs (`codeOf`: each declaration it
 * reaches, its own included; issue 49). What an auditor approved can be matched to a release:
 * any change of the flow or of the code that decides it changes it; a change of its words, of
 * a comment, of a type or of code it never runs does not.
 */
export function machineVersion(machine: AnyStateMachine): string {
  const transitions = transitionsOf(machine);
  const written = (t: Transition) => ({
    to: t.targets.map((n) => n.id),
    guard: t.guard,
    actions: t.actions,
    reenter: t.reenter,
  });
  const states = allNodes(machine.root).map((n) => {
    const own = transitions.filter((t) => t.from === n);
    const on = new Map<string, ReturnType<typeof written>[]>();
    for (const t of own) if (t.event !== 'always') on.set(t.event, [...(on.get(t.event) ?? []), written(t)]);
    return {
      id: n.id,
      type: n.type,
      initial: (n.initial?.target ?? []).map((t) => (t as AnyStateNode).id),
      entry: n.entry.map(actionName),
      exit: n.exit.map(actionName),
      invoke: n.invoke.map((i) => String(i.src)),
      on: [...on],
      always: own.filter((t) => t.event === 'always').map(written),
    };
  });
  const delays = Object.entries(machine.implementations.delays)
    .map(([k, v]) => [k, typeof v === 'number' ? v : 'computed'])
    .sort();
  return createHash('sha256')
    .update(JSON.stringify({ id: machine.id, states, delays, code: codeOf(machine) }))
    .digest('hex')
    .slice(0, 8);
}
