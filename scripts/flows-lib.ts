import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * Diagrams of every machine for auditors (XSTATE-NOTES.md, "Diagrams"): the machine's own
 * graph walked from `machine.root`, printed as Mermaid stateDiagram-v2 and Graphviz DOT,
 * plus a README that names every state, event, guard, action, actor and delay.
 */
export const ROOT = path.resolve(import.meta.dirname, '..');
export const FLOWS_DIR = path.join(ROOT, 'docs', 'flows');
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
      for (const value of Object.values(mod)) {
        if (value && typeof value === 'object' && 'root' in value && 'implementations' in value) {
          out.push({ name: file.replace(/\.machine\.ts$/, ''), source: `${folder}/${file}`, machine: value as AnyStateMachine });
        }
      }
    }
  }
  return out;
}

const actionName = (a: unknown): string => (typeof a === 'string' ? a : ((a as { type?: string }).type ?? 'inline'));
const guardName = (g: unknown): string | null => (g == null ? null : typeof g === 'string' ? g : ((g as { type?: string }).type ?? 'inline'));

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
const ownEntry = (node: AnyStateNode): string[] => node.entry.map(actionName).filter((name) => !name.startsWith('xstate.'));

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

/** A transition as the diagrams, the versions and the change report read it. */
interface Transition {
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
function transitionsOf(machine: AnyStateMachine): Transition[] {
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
const endsOf = (t: Transition) => (t.targets.length ? t.targets : [t.from]);

/**
 * An edge of the diagrams: one per target, labelled `EVENT [guard] / actions`. `internal`: it
 * stays in its state without leaving it (no target, or its own state without re-entry).
 */
function edgesOf(machine: AnyStateMachine): { from: AnyStateNode; to: AnyStateNode; label: string; internal: boolean }[] {
  return transitionsOf(machine).flatMap((t) => {
    const label = `${eventLabel(t.event, machine)}${t.guard ? ` [${t.guard}]` : ''}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;
    return endsOf(t).map((to) => ({ from: t.from, to, label, internal: to === t.from && !t.reenter }));
  });
}

/**
 * A machine's version (issue 21): the first 8 hex digits of the SHA-256 of its definition,
 * states, transitions (targets, guards, actions), entry and exit actions, invoked actors and
 * delays, written in a fixed order. What an auditor approved can be matched to a release:
 * any change of the flow changes it; a change of the code behind a named guard or action
 * does not.
 */
export function machineVersion(machine: AnyStateMachine): string {
  const transitions = transitionsOf(machine);
  const written = (t: Transition) => ({ to: t.targets.map((n) => n.id), guard: t.guard, actions: t.actions, reenter: t.reenter });
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
    .update(JSON.stringify({ id: machine.id, states, delays }))
    .digest('hex')
    .slice(0, 8);
}

const mid = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');
const safe = (text: string) =>
  text
    .replace(/[:;#{}"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Mermaid stateDiagram-v2: the state blocks first, then every edge (Mermaid duplicates states otherwise). */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['---', `title: ${machine.id}, version ${machineVersion(machine)}`, '---', 'stateDiagram-v2', '  direction LR'];
  const block = (node: AnyStateNode, indent: string) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      const id = mid(child);
      lines.push(`${indent}state "${child.key}" as ${id}`);
      const compound = Object.keys(child.states).length > 0;
      // Mermaid gives a composite state a label only: its invocations and entry actions show on the Graphviz diagram.
      if (!compound) for (const inv of child.invoke) lines.push(`${indent}${id} : invokes ${safe(String(inv.src))}`);
      const entry = ownEntry(child);
      if (entry.length && !compound) lines.push(`${indent}${id} : entry / ${safe(entry.join(', '))}`);
      if (compound) {
        lines.push(`${indent}state ${id} {`);
        const initial = child.initial?.target?.[0] as AnyStateNode | undefined;
        if (initial && child.type !== 'parallel') lines.push(`${indent}  [*] --> ${mid(initial)}`);
        block(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    }
  };
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`  [*] --> ${mid(initial)}`);
  block(machine.root, '  ');
  for (const e of edgesOf(machine)) lines.push(`  ${mid(e.from)} --> ${mid(e.to)} : ${safe(e.label)}`);
  return `${lines.join('\n')}\n`;
}

const dq = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/**
 * Graphviz DOT: compound states as clusters, the initial state marked, finals doubled. The
 * transitions that stay in their state are written inside its box, under a rule, as UML
 * writes internal transitions: drawn as loops, their labels fell on other edges' labels.
 */
export function toGraphviz(machine: AnyStateMachine, name: string): string {
  const edges = edgesOf(machine);
  const internal = new Map<AnyStateNode, string[]>();
  for (const e of edges) if (e.internal) internal.set(e.from, [...(internal.get(e.from) ?? []), e.label]);
  const staying = (node: AnyStateNode) => (internal.has(node) ? ['────────', ...(internal.get(node) ?? [])] : []);
  const lines = [
    `digraph ${dq(name)} {`,
    '  rankdir=LR;',
    '  compound=true;',
    '  node [shape=box, style="rounded,filled", fillcolor="#e8eef9", color="#0b3d91", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9, color="#4a5361"];',
    `  label=${dq(`${name} (machine id: ${machine.id}), version ${machineVersion(machine)}`)}; labelloc=t; fontname="Helvetica";`,
  ];
  const nodeLines = (node: AnyStateNode, indent: string) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      const details = [
        ...child.invoke.map((inv) => `invokes ${String(inv.src)}`),
        ...(ownEntry(child).length ? [`entry / ${ownEntry(child).join(', ')}`] : []),
      ];
      if (Object.keys(child.states).length) {
        lines.push(
          `${indent}subgraph ${dq(`cluster_${mid(child)}`)} {`,
          `${indent}  label=${dq([child.key, ...staying(child)].join('\n'))}; style=rounded; color="#0b3d91";`,
        );
        const initial = child.initial?.target?.[0] as AnyStateNode | undefined;
        if (initial)
          lines.push(
            `${indent}  ${dq(`${mid(child)}__initial`)} [shape=point, width=0.12];`,
            `${indent}  ${dq(`${mid(child)}__initial`)} -> ${dq(mid(initial))};`,
          );
        nodeLines(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        const label = [child.key, ...details, ...staying(child)].join('\n');
        const shape = child.type === 'final' ? ', peripheries=2' : '';
        lines.push(`${indent}${dq(mid(child))} [label=${dq(label)}${shape}];`);
      }
    }
  };
  lines.push('  "__initial" [shape=point, width=0.15];');
  nodeLines(machine.root, '  ');
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`  "__initial" -> ${dq(mid(initial))};`);
  // A compound state is a cluster, not a node: its arrows start or end at the cluster's edge,
  // drawn from (or to) its initial state (Graphviz `ltail` / `lhead`).
  const compound = (node: AnyStateNode) => Object.keys(node.states).length > 0;
  const anchor = (node: AnyStateNode): AnyStateNode =>
    compound(node) ? anchor((node.initial?.target?.[0] as AnyStateNode | undefined) ?? (Object.values(node.states)[0] as AnyStateNode)) : node;
  // Transitions between the same two states share one arrow, one label line each.
  const merged = new Map<string, { attrs: string[]; labels: string[] }>();
  for (const e of edges.filter((x) => !x.internal)) {
    const key = `${dq(mid(anchor(e.from)))} -> ${dq(mid(anchor(e.to)))}`;
    const attrs = [...(compound(e.from) ? [`ltail=${dq(`cluster_${mid(e.from)}`)}`] : []), ...(compound(e.to) ? [`lhead=${dq(`cluster_${mid(e.to)}`)}`] : [])];
    const at = `${key} ${attrs.join(',')}`;
    merged.set(at, { attrs: [key, ...attrs], labels: [...(merged.get(at)?.labels ?? []), e.label] });
  }
  for (const { attrs, labels } of merged.values()) lines.push(`  ${attrs[0]} [${[...attrs.slice(1), `label=${dq(labels.join('\n'))}`].join(', ')}];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** The README of docs/flows: every machine with its diagram, states, events and named implementations. */
export function toReadme(machines: NamedMachine[]): string {
  const out = [
    '# Workflow diagrams',
    '',
    'Generated by `npm run flows` from the machines in `machines/` and `contract/`; a test fails when these',
    'files differ from what the code generates. Each machine has a Graphviz diagram (`.svg`)',
    'and a Mermaid source (`.mmd`). Transition labels read `EVENT [guard] / actions`; timers',
    'read `after DELAY (ms)`, actor results `<actor> done` and `<actor> failed`.',
    "A machine's version is a short hash of its definition (states, transitions, guards, actions,",
    'entry and exit actions, invoked actors, delays): any change of the flow changes it.',
    'What changed between two releases: `npm run flows -- --since <git ref>` (`--markdown` for a',
    'pull request); [CHANGES.md](CHANGES.md) keeps it for each release.',
    "Transitions that stay in their state are written inside the state's box, under a rule.",
    "Each machine's path catalogue (`<machine>.md`, in English and Amharic) gives the shortest path",
    'to every state and transition as numbered steps, with the model test that plays it; the words',
    "come from `<machine>.words.json` beside the machine's source.",
    '',
    '| Machine | Version | Paths | Source |',
    '|---|---|---|---|',
    ...machines.map(({ name, source, machine }) => `| [${name}](#${name}) | \`${machineVersion(machine)}\` | [${name}.md](${name}.md) | \`${source}\` |`),
    '',
  ];
  for (const { name, source, machine } of machines) {
    const nodes = allNodes(machine.root).slice(1);
    const events = [...new Set(nodes.flatMap((n) => [...n.transitions.keys()]).map((e) => eventLabel(e, machine)))].sort();
    const impl = machine.implementations;
    const delays = Object.entries(impl.delays).map(([k, v]) => `${k} (${typeof v === 'number' ? `${v} ms` : 'computed from context'})`);
    out.push(
      `## ${name}`,
      '',
      `![${name}](${name}.svg)`,
      '',
      `Version \`${machineVersion(machine)}\` — source: \`${source}\` — Mermaid: [${name}.mmd](${name}.mmd)`,
      '',
      `- States: ${nodes.map((n) => `\`${n.path.join('.')}\`${n.type === 'final' ? ' (final)' : n.always?.length && !n.transitions.size ? ' (transient)' : ''}`).join(', ')}`,
      `- Events: ${events.map((e) => `\`${e}\``).join(', ') || '-'}`,
      `- Guards: ${
        Object.keys(impl.guards)
          .map((g) => `\`${g}\``)
          .join(', ') || '-'
      }`,
      `- Actions: ${
        Object.keys(impl.actions)
          .map((a) => `\`${a}\``)
          .join(', ') || '-'
      }`,
      `- Actors: ${
        Object.keys(impl.actors)
          .map((a) => `\`${a}\``)
          .join(', ') || '-'
      }`,
      `- Delays: ${delays.map((d) => `\`${d}\``).join(', ') || '-'}`,
      '',
    );
  }
  return out.join('\n');
}

/** Every file of docs/flows, by name, as `npm run flows` writes them. */
export async function generateFlows(): Promise<Map<string, string>> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  const machines = await loadMachines();
  const files = new Map<string, string>();
  for (const { name, machine } of machines) {
    files.set(`${name}.mmd`, toMermaid(machine));
    const dot = toGraphviz(machine, name);
    files.set(`${name}.svg`, viz.renderString(dot, { format: 'svg', engine: 'dot' }));
  }
  files.set('README.md', toReadme(machines));
  // For /flows, which shows each machine's version beside its diagram.
  files.set('versions.json', `${JSON.stringify(Object.fromEntries(machines.map(({ name, machine }) => [name, machineVersion(machine)])), null, 2)}\n`);
  return files;
}

/** A machine's states and transitions as the change report compares them. */
export interface FlowShape {
  version: string;
  states: string[];
  /** `from · EVENT [guard]` -> `-> targets / actions`. */
  transitions: Map<string, string>;
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
}

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
      changed: [...bT.keys()].filter((k) => aT.has(k) && aT.get(k) !== bT.get(k)).map((k) => ({ key: k, before: aT.get(k) ?? '', after: bT.get(k) ?? '' })),
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
    lines.push('');
  }
  return lines.join('\n');
}

/** A line in the two languages the flows are described in (issue 21). */
export interface Words {
  en: string;
  am: string;
}

/**
 * What a machine's states, events and guards mean, in English and Amharic: `<name>.words.json`
 * beside the machine. They are kept out of the machine itself so that no SPA chunk carries
 * them (ADR 0017); a test fails when a state, event or guard has none or a word names
 * something the machine no longer has.
 */
export interface MachineWords {
  machine: Words;
  /** The first step of every path: what starts the flow. */
  start: Words;
  states: Record<string, Words>;
  /** By event label without its delay: `SUBMIT`, `submit done`, `after REDIRECT`. */
  events: Record<string, Words>;
  guards: Record<string, Words>;
}

export const FLOW_LANGS = ['en', 'am'] as const;
export type Lang = (typeof FLOW_LANGS)[number];

export function wordsOf({ source }: NamedMachine, root = ROOT): MachineWords {
  return JSON.parse(readFileSync(path.join(root, source.replace(/\.machine\.ts$/, '.words.json')), 'utf8')) as MachineWords;
}

/** An event's key in the words: its label without the delay's length. */
export const eventKey = (label: string) => label.replace(/ \(\d+ ms\)$/, '');

/** The states, events and guards of a machine that its words must describe. */
function describable(machine: AnyStateMachine): { states: string[]; events: string[]; guards: string[] } {
  const nodes = allNodes(machine.root).slice(1);
  return {
    states: nodes.map((n) => n.path.join('.')),
    events: [
      ...new Set(
        transitionsOf(machine)
          .filter((t) => t.event !== 'always')
          .map((t) => eventKey(eventLabel(t.event, machine))),
      ),
    ],
    guards: Object.keys(machine.implementations.guards),
  };
}

/** What is missing from a machine's words, and what they describe that the machine no longer has. */
export function checkWords(machine: AnyStateMachine, words: MachineWords): string[] {
  const need = describable(machine);
  const problems: string[] = [];
  const blank = (w: Words | undefined) => !w || FLOW_LANGS.some((l) => !w[l]?.trim());
  if (blank(words.machine)) problems.push('machine: no description');
  if (blank(words.start)) problems.push('start: no description');
  for (const kind of ['states', 'events', 'guards'] as const) {
    for (const key of need[kind]) if (blank(words[kind][key])) problems.push(`${kind}.${key}: no description in ${FLOW_LANGS.join(' and ')}`);
    for (const key of Object.keys(words[kind])) if (!need[kind].includes(key)) problems.push(`${kind}.${key}: the machine has no such ${kind.slice(0, -1)}`);
  }
  return problems;
}

/** A step of a played path, as the model tests record it (tests/machines/coverage-report.ts). */
export interface PlayedStep {
  event: string;
  guard: string | null;
  to: string[];
}

/** The shortest path a model test played to each state and through each transition. */
export interface PlayedPaths {
  states: Record<string, PlayedStep[]>;
  transitions: Record<string, PlayedStep[]>;
}

/** One entry of the catalogue: a state or a transition, the shortest path to it, and the test that plays it. */
export interface CatalogueEntry {
  kind: 'state' | 'transition';
  /** `editing`, or `editing · SUBMIT [isValid] -> checking`. */
  title: string;
  test: string;
  /** Per language: what the state means or the transition does, then the numbered steps. */
  text: Record<Lang, { about: string; steps: string[] }>;
}

export interface Catalogue {
  version: string;
  about: Words;
  entries: CatalogueEntry[];
  /** States and transitions no model test plays. */
  missing: string[];
}

/** The words the catalogue itself uses, in both languages. */
const CATALOGUE_WORDS = {
  eventless: { en: 'At once, without an event.', am: 'ወዲያውኑ፣ ያለ ክስተት።' },
  title: { en: 'Path catalogue', am: 'የመንገዶች ማውጫ' },
  states: { en: 'States', am: 'ሁኔታዎች' },
  transitions: { en: 'Transitions', am: 'ሽግግሮች' },
  playedBy: { en: 'Played by', am: 'የሚፈትነው' },
} satisfies Record<string, Words>;

/** An event under its guard: English adds "When …", Amharic guards are written as conditional clauses that lead. */
const GUARDED: Record<Lang, (event: string, guard: string) => string> = {
  en: (event, guard) => `${event} When ${guard}.`,
  am: (event, guard) => `${guard}፣ ${event}`,
};

/** The key a model test records a transition under (tests/machines/model.ts). */
function playedKey(t: Transition, index: number): string[] {
  const from = t.from.path.join('.');
  return t.event === 'always' ? endsOf(t).map((to) => `${from} -> ${to.path.join('.')}`) : [`${from} --${t.event}#${index}`];
}

/**
 * The path catalogue of a machine (issue 21): for every state and every transition, the
 * shortest path a model test played to it, as numbered steps in English and Amharic, with
 * the test's name. Among the tests that reach it, the fewest steps win, then the test's name.
 */
export function catalogueOf(named: NamedMachine, words: MachineWords, played: { test: string; shortest: PlayedPaths }[]): Catalogue {
  const { machine } = named;
  const runs = [...played].sort((a, b) => a.test.localeCompare(b.test));
  const best = (pick: (p: PlayedPaths) => PlayedStep[] | undefined) => {
    let found: { test: string; steps: PlayedStep[] } | null = null;
    for (const run of runs) {
      const steps = pick(run.shortest);
      if (steps && (!found || steps.length < found.steps.length)) found = { test: run.test, steps };
    }
    return found;
  };
  const say = (w: Words | undefined, lang: Lang, what: string) => {
    if (!w) throw new Error(`${named.name}: no words for ${what}: add them to ${named.source.replace(/\.machine\.ts$/, '.words.json')}`);
    return w[lang];
  };
  const happens = (event: string, guard: string | null, lang: Lang) => {
    const what = say(words.events[eventKey(event)], lang, `event ${event}`);
    return guard ? GUARDED[lang](what, say(words.guards[guard], lang, `guard ${guard}`)) : what;
  };
  const stepsIn = (steps: PlayedStep[], lang: Lang) => [
    say(words.start, lang, 'start'),
    ...steps.map((s) => `${happens(s.event, s.guard, lang)} → ${s.to.join(', ')}`),
  ];
  const entries: CatalogueEntry[] = [];
  const missing: string[] = [];
  for (const node of allNodes(machine.root).slice(1)) {
    const key = node.path.join('.');
    const found = best((p) => p.states[key]);
    if (!found) {
      // A transient state is passed through, never rested in: the transitions through it are listed.
      if (!(node.always?.length && !node.transitions.size)) missing.push(`state ${key}`);
      continue;
    }
    entries.push({
      kind: 'state',
      title: key,
      test: found.test,
      text: Object.fromEntries(
        FLOW_LANGS.map((l) => [l, { about: say(words.states[key], l, `state ${key}`), steps: stepsIn(found.steps, l) }]),
      ) as CatalogueEntry['text'],
    });
  }
  const perEvent = new Map<string, number>();
  for (const t of transitionsOf(machine)) {
    const slot = `${t.from.id} ${t.event}`;
    const index = perEvent.get(slot) ?? 0;
    perEvent.set(slot, index + 1);
    const label = eventLabel(t.event, machine);
    for (const key of playedKey(t, index)) {
      const to =
        t.event === 'always'
          ? key.split(' -> ')[1]!
          : endsOf(t)
              .map((n) => n.path.join('.'))
              .join(', ');
      const title = `${t.from.path.join('.')} · ${t.event === 'always' ? 'always' : label}${t.guard ? ` [${t.guard}]` : ''} -> ${to}`;
      const found = best((p) => p.transitions[key]);
      if (!found) {
        missing.push(`transition ${title}`);
        continue;
      }
      const about = (l: Lang) =>
        t.event !== 'always'
          ? happens(label, t.guard, l)
          : t.guard
            ? GUARDED[l](CATALOGUE_WORDS.eventless[l], say(words.guards[t.guard], l, `guard ${t.guard}`))
            : CATALOGUE_WORDS.eventless[l];
      entries.push({
        kind: 'transition',
        title,
        test: found.test,
        text: Object.fromEntries(FLOW_LANGS.map((l) => [l, { about: about(l), steps: stepsIn(found.steps, l) }])) as CatalogueEntry['text'],
      });
    }
  }
  return { version: machineVersion(machine), about: words.machine, entries, missing };
}

/** The catalogue's files in docs/flows: `<name>.md` for people, `<name>.paths.json` for /flows. */
export const catalogueFiles = (name: string) => [`${name}.md`, `${name}.paths.json`];

export function catalogueToFiles(name: string, c: Catalogue): Map<string, string> {
  const w = CATALOGUE_WORDS;
  const md = [
    `# ${name}: ${w.title.en} / ${w.title.am}`,
    '',
    `Version \`${c.version}\`. Generated by \`npm run flows\` from the paths the model tests play (tests/machines);`,
    'a test fails when this file is stale or when a state or transition has no path.',
    `Diagram: [${name}.svg](${name}.svg); all machines: [README.md](README.md).`,
    '',
  ];
  const langName: Record<Lang, string> = { en: 'English', am: 'አማርኛ' };
  for (const lang of FLOW_LANGS) {
    md.push(`## ${langName[lang]}`, '', c.about[lang], '');
    for (const kind of ['state', 'transition'] as const) {
      md.push(`### ${kind === 'state' ? w.states[lang] : w.transitions[lang]}`, '');
      for (const e of c.entries.filter((x) => x.kind === kind)) {
        md.push(`#### \`${e.title}\``, '', e.text[lang].about, '');
        e.text[lang].steps.forEach((step, i) => md.push(`${i + 1}. ${step}`));
        md.push('', `${w.playedBy[lang]}: \`${e.test}\``, '');
      }
    }
  }
  const json = { version: c.version, about: c.about, entries: c.entries };
  const [mdFile, jsonFile] = catalogueFiles(name) as [string, string];
  return new Map([
    [mdFile, `${md.join('\n').trimEnd()}\n`],
    [jsonFile, `${JSON.stringify(json, null, 2)}\n`],
  ]);
}
