import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

/** A guard's name as the diagrams write it: a named guard, XState's `and`, or `inline`. */
export const guardName = (g: unknown): string | null =>
  g == null ? null : typeof g === 'string' ? g : ((g as { type?: string }).type ?? 'inline');

/** The deepest states of a snapshot's value: `review.confirming`, not `review`. */
export const leaves = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [prefix ? `${prefix}.${value}` : value]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));

type Guarded = { context: unknown; event: EventObject };
type GuardImpl = ((args: Guarded, params: unknown) => boolean) & { guards?: unknown[] };

/**
 * Why a snapshot refuses an event: the first guard that does not hold on the transitions
 * the event has there (a conjunction, `and([...])`, names the condition of it that fails),
 * `closed` in a final state, `none` when the state takes no such event. The path catalogue
 * says refused moves with it (tests/machines/model.ts), and the staff command line says why a
 * case cannot move (server/cases/staff/staff.ts): one reading of the machine for both.
 */
export function refusalReason(
  machine: AnyStateMachine,
  snapshot: SnapshotFrom<AnyStateMachine>,
  event: EventObject,
): string {
  const guards = machine.implementations.guards as Record<string, GuardImpl>;
  // A named guard, an inline one, or XState's and([...]) of named ones (the only combinator read here).
  const implOf = (g: unknown): GuardImpl => {
    const impl = typeof g === 'function' ? (g as GuardImpl) : guards[guardName(g)!];
    if (!impl) throw new Error(`${machine.id}: no guard ${String(guardName(g))}`);
    if (impl.guards && impl.name !== 'and') throw new Error(`${machine.id}: only and([...]) guards are read`);
    return impl;
  };
  const holds = (g: unknown): boolean => {
    const impl = implOf(g);
    return impl.guards ? impl.guards.every(holds) : impl({ context: snapshot.context, event }, undefined);
  };
  const failing = (g: unknown): string | null =>
    g == null || holds(g) ? null : ((implOf(g).guards ?? []).map(failing).find(Boolean) ?? guardName(g));
  for (const leaf of leaves(snapshot.value)) {
    let node: AnyStateMachine['root'] | undefined = leaf
      .split('.')
      .reduce((n, key) => n.states[key] as AnyStateMachine['root'], machine.root);
    for (; node; node = node.parent)
      for (const t of node.transitions.get(event.type) ?? []) {
        const why = failing(t.guard);
        if (why) return why;
      }
  }
  return snapshot.status === 'done' ? 'closed' : 'none';
}
