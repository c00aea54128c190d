import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allNodes, codeOf, endsOf, eventLabel, machineVersion, transitionsOf } from './graph.ts';

/** A machine's states and transitions as the change report compares them. */
export interface FlowShape {
  version: string;
  states: string[];
  /** `from · EVENT [guard]` -> `-> targets / actions`. */
  transitions: Map<string, string>;
  /** The code it runs (graph.ts's `codeOf`): `declaration (file)` -> hash. */
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
  /**
   * The version the `before` ref published (its docs/flows/versions.json), when the way a
   * version is computed changed since: `before` is then that one, and this is the version the
   * ref's machine has when computed today.
   */
  recomputed?: string;
  /** The declarations it runs whose code changed (`+` newly reached, `-` no longer reached, `~` changed): `~ stepTextProblem (contract/rules.ts)`. */
  code: string[];
}

const codeChanges = (before: Record<string, string>, after: Record<string, string>): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .sort()
    .flatMap((declaration) =>
      !(declaration in before)
        ? [`+ ${declaration}`]
        : !(declaration in after)
          ? [`- ${declaration}`]
          : before[declaration] !== after[declaration]
            ? [`~ ${declaration}`]
            : [],
    );

/**
 * What changed in each machine between two sets of shapes; machines that did not change are
 * left out. `published`: the versions the `before` ref published, by machine; a machine whose
 * published version is not the one computed today is listed with it, even with nothing else
 * changed (the way versions are computed changed).
 */
export function compareFlows(
  before: Map<string, FlowShape>,
  after: Map<string, FlowShape>,
  published: Record<string, string> = {},
): FlowChange[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const out: FlowChange[] = [];
  for (const name of names) {
    const a = before.get(name);
    const b = after.get(name);
    const was = a && published[name] && published[name] !== a.version ? published[name] : undefined;
    if (a && b && a.version === b.version && !was) continue;
    const aT = a?.transitions ?? new Map<string, string>();
    const bT = b?.transitions ?? new Map<string, string>();
    out.push({
      name,
      before: was ?? a?.version ?? null,
      after: b?.version ?? null,
      ...(was ? { recomputed: a!.version } : {}),
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

/** What a change report compares: the ref before, the tree after, the day it was made, and a title for CHANGES.md. */
export interface ChangeRange {
  from: string;
  to: string;
  date: string;
  title?: string;
}

/** Whether the code a machine runs changed (not only the way its version is computed). */
const ofTheCode = (c: FlowChange) => c.code.length > 0 || c.recomputed === undefined || c.recomputed !== c.after;

/** Whether a change is one of the flow itself (a state or transition), not only of the code it runs. */
const ofTheFlow = (c: FlowChange) =>
  c.before === null ||
  c.after === null ||
  [c.statesAdded, c.statesRemoved, c.added, c.removed, c.changed].some((list) => list.length > 0);

/** One line that says what changed: the flows, then the machines whose code alone changed. */
export function changeSummary(changes: FlowChange[]): string {
  if (!changes.length) return 'No machine changed.';
  const flows = changes.filter(ofTheFlow).map((c) => c.name);
  const codeOnly = changes.filter((c) => !ofTheFlow(c) && ofTheCode(c)).length;
  const anew = changes.length - flows.length - codeOnly;
  const parts = [
    codeOnly ? `${codeOnly} ${codeOnly === 1 ? 'machine' : 'machines'} changed only in the code they run` : '',
    anew ? `${anew} ${anew === 1 ? 'version moved' : 'versions moved'} only with the way versions are computed` : '',
  ].filter(Boolean);
  const rest = parts.length ? `${parts.join('; ')}.` : '';
  if (!flows.length) return `No flow changed; ${rest}`;
  return `${flows.length} ${flows.length === 1 ? 'flow' : 'flows'} changed (${flows.join(', ')})${rest ? `; ${rest}` : '.'}`;
}

/**
 * The change report, for a terminal or (markdown) for a pull request or an entry of
 * docs/flows/CHANGES.md: its title, the refs compared and the day, the summary, then each
 * machine that changed with its versions and what changed (declarations by name and file).
 */
export function formatChanges(changes: FlowChange[], range: ChangeRange, markdown: boolean): string {
  const lines: string[] = [];
  const head = (text: string) => lines.push(markdown ? `### ${text}` : text, ...(markdown ? [''] : []));
  const item = (sign: string, text: string) => lines.push(markdown ? `- ${sign} \`${text}\`` : `  ${sign} ${text}`);
  const span = `from \`${range.from}\` to \`${range.to}\` (${range.date})`;
  lines.push(
    markdown ? `## ${range.title ?? 'Workflow changes'}, ${span}` : `Workflow changes ${span.replace(/`/g, '')}`,
    '',
  );
  lines.push(markdown ? changeSummary(changes) : `  ${changeSummary(changes)}`, '');
  for (const c of changes) {
    head(`${c.name}: ${c.before ?? '(new)'} -> ${c.after ?? '(removed)'}`);
    for (const st of c.statesAdded) item('+', `state ${st}`);
    for (const st of c.statesRemoved) item('-', `state ${st}`);
    for (const t of c.added) item('+', t);
    for (const t of c.removed) item('-', t);
    for (const t of c.changed) item('~', `${t.key} ${t.before} => ${t.after}`);
    for (const t of c.code) item(t.slice(0, 1), t.slice(2));
    if (c.recomputed) item('~', `version ${c.before} as published; ${c.recomputed} as computed today`);
    lines.push('');
  }
  return lines.join('\n');
}
