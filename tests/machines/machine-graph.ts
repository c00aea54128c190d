import type { AnyStateMachine } from 'xstate';
import type { PlayedGraph } from '../../contract/flow-catalogue.ts';
import { guardName } from '../../contract/refusal.ts';

// What the model tests (tests/machines/model.ts) read of a machine's definition: its states,
// actors and transitions, and the keys a transition taken is recorded under.

/** Names of the invoked actors (`src`) of a machine, by invoke id. */
export function invokedActors(machine: AnyStateMachine): Map<string, string> {
  const ids = new Map<string, string>();
  const walk = (node: AnyStateMachine['root']) => {
    for (const inv of node.invoke) ids.set(inv.id, String(inv.src));
    for (const child of Object.values(node.states)) walk(child as AnyStateMachine['root']);
  };
  walk(machine.root);
  return ids;
}

/**
 * The state keys of a machine (`a`, `a.b`), to count state coverage. Transient states
 * (left at once by `always`) are passed through, never rested in: they are not counted.
 */
export function stateKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const walk = (node: AnyStateMachine['root'], prefix: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const full = prefix ? `${prefix}.${key}` : key;
      const transient =
        child.always && child.always.length > 0 && Object.keys(child.on).length === 0 && child.invoke.length === 0;
      if (!transient) keys.push(full);
      walk(child as AnyStateMachine['root'], full);
    }
  };
  walk(machine.root, '');
  return keys;
}

export const leafKeys = (value: unknown, prefix = ''): string[] => {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value, ...(prefix ? [prefix] : [])];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const here = prefix ? `${prefix}.${k}` : k;
    return [here, ...leafKeys(v, here)];
  });
};

/** The eventless (`always`) transitions, `state --always#index`: taken on the way through a transient state. */
export function alwaysTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const child of Object.values(node.states) as AnyStateMachine['root'][]) {
      (child.always ?? []).forEach((_, i) => out.push(`${child.path.join('.')} --always#${i}`));
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

/** A transition definition as XState's inspection hands it over (`@xstate.microstep`'s `_transitions`). */
export interface TakenTransition {
  source: AnyStateMachine['root'];
  eventType: string;
}

/**
 * The key a transition taken is recorded under: `source --EVENT#index` (its place among the
 * source's transitions for that event), `source --always#index` for an eventless one.
 */
export function takenKey(t: TakenTransition): string {
  const source = t.source.path.join('.');
  const always = (t.source.always ?? []).indexOf(t as never);
  if (always >= 0) return `${source} --always#${always}`;
  const index = (t.source.transitions.get(t.eventType) ?? []).indexOf(t as never);
  if (index < 0) throw new Error(`${source}: a transition on ${t.eventType} that the state does not define`);
  return `${source} --${t.eventType}#${index}`;
}

/** The machine's own transitions with an event, by `source --EVENT#index`, with their guards. */
export function definedTransitions(machine: AnyStateMachine): Map<string, string | null> {
  const defs = new Map<string, string | null>();
  const walk = (node: AnyStateMachine['root']) => {
    for (const child of Object.values(node.states) as AnyStateMachine['root'][]) {
      for (const [eventType, list] of child.transitions)
        list.forEach((t, i) => defs.set(`${child.path.join('.')} --${eventType}#${i}`, guardName(t.guard)));
      walk(child);
    }
  };
  walk(machine.root);
  return defs;
}

/**
 * The transitions out of each node of the graph that no played event took although their
 * state has them, each with its guard: what the simulator shows disabled, with the guard
 * that stops it. (An unguarded one not taken is left out: the tests never tried it there.)
 */
export function blockedMoves(graph: PlayedGraph, defined: ReturnType<typeof definedTransitions>): PlayedGraph {
  const blocked: PlayedGraph['blocked'] = [];
  graph.nodes.forEach((states, at) => {
    const here = new Set(states.flatMap((s) => s.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))));
    const takenHere = new Set(graph.moves.filter((m) => m.from === at).map((m) => m.transition));
    for (const [key, guard] of defined) {
      if (!guard || takenHere.has(key) || !here.has(key.split(' --')[0]!)) continue;
      blocked.push({ at, transition: key, guard });
    }
  });
  return { ...graph, blocked };
}
