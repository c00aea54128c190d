import { readdirSync } from 'node:fs';
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
export async function loadMachines(): Promise<NamedMachine[]> {
  const out: NamedMachine[] = [];
  for (const folder of ['machines', 'contract']) {
    const dir = path.join(ROOT, folder);
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

interface Edge {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
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

function transitionLabel(event: string, t: { guard?: unknown; actions: readonly unknown[] }): string {
  const guard = guardName(t.guard);
  const actions = t.actions.map(actionName);
  return `${event}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
}

/** A state's entry actions by name, without XState's own (`xstate.raise` schedules its `after` timers, drawn as edges). */
const ownEntry = (node: AnyStateNode): string[] => node.entry.map(actionName).filter((name) => !name.startsWith('xstate.'));

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

function edgesOf(machine: AnyStateMachine): Edge[] {
  const edges: Edge[] = [];
  for (const node of allNodes(machine.root)) {
    for (const [eventType, list] of node.transitions) {
      for (const t of list) {
        for (const to of t.target ?? [node]) edges.push({ from: node, to: to as AnyStateNode, label: transitionLabel(eventLabel(eventType, machine), t) });
      }
    }
    for (const t of node.always ?? []) {
      for (const to of t.target ?? [node]) edges.push({ from: node, to: to as AnyStateNode, label: transitionLabel('always', t) });
    }
  }
  return edges;
}

const mid = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');
const safe = (text: string) =>
  text
    .replace(/[:;#{}"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Mermaid stateDiagram-v2: the state blocks first, then every edge (Mermaid duplicates states otherwise). */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', '  direction LR'];
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

/** Graphviz DOT: compound states as clusters, the initial state marked, finals doubled. */
export function toGraphviz(machine: AnyStateMachine, name: string): string {
  const lines = [
    `digraph ${dq(name)} {`,
    '  rankdir=LR;',
    '  compound=true;',
    '  node [shape=box, style="rounded,filled", fillcolor="#e8eef9", color="#0b3d91", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9, color="#4a5361"];',
    `  label=${dq(`${name} (machine id: ${machine.id})`)}; labelloc=t; fontname="Helvetica";`,
  ];
  const nodeLines = (node: AnyStateNode, indent: string) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      const details = [
        ...child.invoke.map((inv) => `invokes ${String(inv.src)}`),
        ...(ownEntry(child).length ? [`entry / ${ownEntry(child).join(', ')}`] : []),
      ];
      if (Object.keys(child.states).length) {
        lines.push(`${indent}subgraph ${dq(`cluster_${mid(child)}`)} {`, `${indent}  label=${dq(child.key)}; style=rounded; color="#0b3d91";`);
        const initial = child.initial?.target?.[0] as AnyStateNode | undefined;
        if (initial)
          lines.push(
            `${indent}  ${dq(`${mid(child)}__initial`)} [shape=point, width=0.12];`,
            `${indent}  ${dq(`${mid(child)}__initial`)} -> ${dq(mid(initial))};`,
          );
        nodeLines(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        const label = [child.key, ...details].join('\n');
        const shape = child.type === 'final' ? ', peripheries=2' : '';
        lines.push(`${indent}${dq(mid(child))} [label=${dq(label)}${shape}];`);
      }
    }
  };
  lines.push('  "__initial" [shape=point, width=0.15];');
  nodeLines(machine.root, '  ');
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`  "__initial" -> ${dq(mid(initial))};`);
  // Transitions between the same two states share one arrow, one label line each.
  const merged = new Map<string, string[]>();
  for (const e of edgesOf(machine)) {
    const key = `${dq(mid(e.from))} -> ${dq(mid(e.to))}`;
    merged.set(key, [...(merged.get(key) ?? []), e.label]);
  }
  for (const [key, labels] of merged) lines.push(`  ${key} [label=${dq(labels.join('\n'))}];`);
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
      `Source: \`${source}\` — Mermaid: [${name}.mmd](${name}.mmd)`,
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
  return files;
}
