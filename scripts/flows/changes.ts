import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allNodes, codeOf, endsOf, eventLabel, machineVersion, transitionsOf } from './graph.ts';

/** A machine's states and transitions as the change report compares them. */
export interface FlowShape {
  version: string;
  states: string[];
  /** `from · EVENT [guard]` -> `-> targets / actions`. */
  transitions: Map<string, string>;
  /** The code behind it (graph.ts's `codeBehind`): module -> hash. */
  code: Record<string, string>;
}

export function shapeOf(machine: AnyStateMachine): FlowShape {
  const where = (n: AnyStateNode) => n.path.join('.') || '(machine)';
  const transitions = new Map<string, string>();
  for (const t of transitionsOf(machine)) {
    let key = `${where(t.from)} · ${eventLabel(t.event, machine)}${t.guard ? ` [${t.guard}]` : ''}`;
    for (let n = 2; transitions.has(key); n++) key = `${key} #${n}`;
    const actions = t.actions.filter((a) => !a.startsWith('xstate.'));
    transitions.set(key, `-> ${endsOf(t).map(where).join(', ')}${actions.length ? ` / ${actions.join(', ')}` : ''}`);
  }
  return {
    version: machineVersion(machine),
    states: allNodes(machine.root)
      .slice(1)
      .map((n) => n.path.join('.')),
    transitions,
    code: codeOf(machine),
  };
}

export interface FlowChange {
  name: string;
  before: string | null;
  after: string | null;
  statesAdded: string[];
  statesRemoved: string[];
  added: string[];
  removed: string[];
  changed: { key: string; before: string; after: string }[];
  /** The modules behind it whose code changed (`+` new, `-` no longer behind it, `~` changed). */
  code: string[];
}

const codeChanges = (before: Record<string, string>, after: Record<string, string>): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .sort()
    .flatMap((file) =>
      !(file in before)
        ? [`+ ${file}`]
        : !(file in after)
          ? [`- ${file}`]
          : before[file] !== after[file]
            ? [`~ ${file}`]
            : [],
    );

/** What changed in each machine between two sets of shapes; machines that did not change are left out. */
export function compareFlows(before: Map<string, FlowShape>, after: Map<string, FlowShape>): FlowChange[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const out: FlowChange[] = [];
  for (const name of names) {
    const a = before.get(name);
    const b = after.get(name);
    if (a && b && a.version === b.version) continue;
    const aT = a?.transitions ?? new Map<string, string>();
    const bT = b?.transitions ?? new Map<string, string>();
    out.push({
      name,
      before: a?.version ?? null,
      after: b?.version ?? null,
      statesAdded: (b?.states ?? []).filter((st) => !a?.states.includes(st)),
      statesRemoved: (a?.states ?? []).filter((st) => !b?.states.includes(st)),
      added: [...bT.keys()].filter((k) => !aT.has(k)).map((k) => `${k} ${bT.get(k)}`),
      removed: [...aT.keys()].filter((k) => !bT.has(k)).map((k) => `${k} ${aT.get(k)}`),
      changed: [...bT.keys()]
        .filter((k) => aT.has(k) && aT.get(k) !== bT.get(k))
        .map((k) => ({ key: k, before: aT.get(k) ?? '', after: bT.get(k) ?? '' })),
      code: codeChanges(a?.code ?? {}, b?.code ?? {}),
    });
  }
  return out;
}

/** The change report, for a terminal or (markdown) for a pull request or docs/flows/CHANGES.md. */
export function formatChanges(changes: FlowChange[], since: string, markdown: boolean): string {
  const lines: string[] = [];
  const head = (text: string) => lines.push(markdown ? `### ${text}` : text, ...(markdown ? [''] : []));
  const item = (sign: string, text: string) => lines.push(markdown ? `- ${sign} \`${text}\`` : `  ${sign} ${text}`);
  lines.push(markdown ? `## Changes since \`${since}\`` : `Workflow changes since ${since}`, '');
  if (!changes.length) lines.push(markdown ? 'No machine changed.' : '  No machine changed.');
  for (const c of changes) {
    head(`${c.name}: ${c.before ?? '(new)'} -> ${c.after ?? '(removed)'}`);
    for (const st of c.statesAdded) item('+', `state ${st}`);
    for (const st of c.statesRemoved) item('-', `state ${st}`);
    for (const t of c.added) item('+', t);
    for (const t of c.removed) item('-', t);
    for (const t of c.changed) item('~', `${t.key} ${t.before} => ${t.after}`);
    for (const t of c.code) item(t.slice(0, 1), `code ${t.slice(2)}`);
    lines.push('');
  }
  return lines.join('\n');
}
