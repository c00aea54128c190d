import type { instance } from '@viz-js/viz';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { COUNTED_FLOW, COUNT_MARK } from '../../contract/flow-catalogue.ts';
import type { GraphJson } from './crossings.ts';
import { labelCrossings } from './crossings.ts';
import type { NamedMachine } from './graph.ts';
import { allNodes, edgesOf, eventLabel, loadMachines, machineVersion, ownEntry } from './graph.ts';

/**
 * Diagrams of every machine for auditors (XSTATE-NOTES.md, "Diagrams"): Mermaid
 * stateDiagram-v2 and Graphviz DOT (rendered to SVG), plus a README that names every state,
 * event, guard, action, actor and delay.
 */

const mid = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');
const safe = (text: string) =>
  text
    .replace(/[:;#{}"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Mermaid stateDiagram-v2: the state blocks first, then every edge (Mermaid duplicates states otherwise). */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = [
    '---',
    `title: ${machine.id}, version ${machineVersion(machine)}`,
    '---',
    'stateDiagram-v2',
    '  direction LR',
  ];
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

/** A laptop's width (1366 px, less /flows' margins and a scroll bar: 1,280 px) in the diagrams' points (0.75 px each). */
export const LAPTOP_WIDTH_PT = 960;

/** Text sizes in points: read on a laptop at the diagram's own size (issue 36; they were 11 and 9). */
export const STATE_FONT = 13;
export const EDGE_FONT = 12;

/** An arrow's label on lines of its own: `EVENT [guard]` (the guard below when long), then its actions, a few per line, so that arrows stay short. */
export function wrapLabel(label: string): string[] {
  const [said, actions] = label.split(' / ') as [string, string | undefined];
  // A long `EVENT [guard]` puts its guard on a line of its own.
  const guard = said.indexOf(' [');
  const what = said.length > WRAP_AT && guard > 0 ? [said.slice(0, guard), said.slice(guard + 1)] : [said];
  if (!actions) return what;
  const lines: string[] = [];
  for (const action of actions.split(', ')) {
    const last = lines.length ? lines[lines.length - 1]! : null;
    if (last !== null && last.length + action.length + 2 <= WRAP_AT) lines[lines.length - 1] = `${last}, ${action}`;
    else lines.push(lines.length ? action : `/ ${action}`);
  }
  // A line that goes on ends with its comma, so that the next transition's line is not read as an action.
  return [...what, ...lines.map((line, i) => (i < lines.length - 1 ? `${line},` : line))];
}
const WRAP_AT = 20;

/**
 * The name of the node that holds a transition's label: `<from>__<to>__label`, and for the
 * second transition between the same two states on `<from>__<to>__2__label`, and so on.
 */
export const labelNode = (pair: string, nth: number) => `${pair}${nth ? `__${nth + 1}` : ''}__label`;

const dq = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/**
 * Graphviz DOT: compound states as clusters, the initial state marked, finals doubled. The
 * transitions that stay in their state are written inside its box, under a rule, as UML
 * writes internal transitions: drawn as loops, their labels fell on other edges' labels.
 */
export function toGraphviz(machine: AnyStateMachine, name: string, direction: 'LR' | 'TB' = 'LR'): string {
  const edges = edgesOf(machine);
  const internal = new Map<AnyStateNode, string[]>();
  for (const e of edges) if (e.internal) internal.set(e.from, [...(internal.get(e.from) ?? []), e.label]);
  const staying = (node: AnyStateNode) =>
    internal.has(node) ? ['────────', ...(internal.get(node) ?? []).flatMap(wrapLabel)] : [];
  const lines = [
    `digraph ${dq(name)} {`,
    `  rankdir=${direction}; nodesep=0.08;`,
    '  compound=true;',
    `  node [shape=box, style="rounded,filled", fillcolor="#e8eef9", color="#0b3d91", fontname="Helvetica", fontsize=${STATE_FONT}];`,
    '  edge [color="#4a5361"];',
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
          `${indent}  label=${dq([child.key, ...staying(child)].join('\n'))}; labelloc=b; style=rounded; color="#0b3d91";`,
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
  // A compound state is a cluster, not a node: its arrows start or end at the cluster's edge,
  // drawn from (or to) its initial state (Graphviz `ltail` / `lhead`).
  const compound = (node: AnyStateNode) => Object.keys(node.states).length > 0;
  const anchor = (node: AnyStateNode): AnyStateNode =>
    compound(node)
      ? anchor(
          (node.initial?.target?.[0] as AnyStateNode | undefined) ?? (Object.values(node.states)[0] as AnyStateNode),
        )
      : node;
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial)
    lines.push(
      `  "__initial" -> ${dq(mid(anchor(initial)))}${compound(initial) ? ` [lhead=${dq(`cluster_${mid(initial)}`)}]` : ''};`,
    );
  const above = (node: AnyStateNode): AnyStateNode[] => (node.parent ? [node.parent, ...above(node.parent)] : []);
  // Each transition its own arrow and its own label block, even between the same two states:
  // a block never holds two transitions' words (nor, on the counted flow, two counts).
  const pairs = new Map<string, number>();
  for (const e of edges.filter((x) => !x.internal)) {
    const pair = `${mid(e.from)}__${mid(e.to)}`;
    const nth = pairs.get(pair) ?? 0;
    pairs.set(pair, nth + 1);
    const from = mid(anchor(e.from));
    const to = mid(anchor(e.to));
    const tail = compound(e.from) ? [`ltail=${dq(`cluster_${mid(e.from)}`)}`] : [];
    const head = compound(e.to) ? [`lhead=${dq(`cluster_${mid(e.to)}`)}`] : [];
    const home = above(e.from).find((n) => above(e.to).includes(n)) ?? machine.root;
    // The label is a node of its own, in the innermost cluster holding both ends: Graphviz
    // routes lines around nodes, so no arrow or border crosses it (scripts/flows/crossings.ts).
    const label = labelNode(pair, nth);
    const where = home === machine.root ? '  ' : `  subgraph ${dq(`cluster_${mid(home)}`)} { `;
    const text = [...wrapLabel(e.label), ...(name === COUNTED_FLOW ? [COUNT_MARK] : [])].join('\n');
    lines.push(
      `${where}${dq(label)} [shape=plaintext, style="", margin="0.06,0.03", fontsize=${EDGE_FONT}, label=${dq(text)}];${home === machine.root ? '' : ' }'}`,
      `  ${dq(from)} -> ${dq(label)} [${[...tail, 'arrowhead=none'].join(', ')}];`,
      `  ${dq(label)} -> ${dq(to)}${head.length ? ` [${head.join(', ')}]` : ''};`,
    );
  }
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
    'entry and exit actions, invoked actors, delays) and of the code behind it (its module and the',
    "project's modules it imports: the bodies of its guards, actions, delays and actors, and the",
    "contract's rules and limits they call): any change of the flow or of what decides it changes it;",
    'a comment or a word of the catalogue does not. `--since` names the modules whose code changed.',
    'What changed between two releases: `npm run flows -- --since <git ref>` (`--markdown` for a',
    'pull request); [CHANGES.md](CHANGES.md) keeps it for each release.',
    "Transitions that stay in their state are written inside the state's box, under a rule.",
    'Each transition has an arrow and a label of its own, two transitions between the same states too.',
    "An arrow's label is a box of its own that Graphviz routes lines around; the generator fails when",
    'a line or a border crosses any text (scripts/flows/crossings.ts). Texts are 12 pt and more; a',
    "diagram is drawn left to right when it fits a laptop's width, otherwise top down if narrower.",
    `On /flows, each arrow of \`${COUNTED_FLOW}\` shows how often it was taken lately (\`× 12\`), and`,
    "the key under a machine's paths gives each state and event beside what it means, in English or Amharic.",
    "Each machine's path catalogue (`<machine>.md`, in English and Amharic) gives the shortest path",
    'to every state and transition as numbered steps, with the model test and the path in it that',
    'plays it (`npm run test:paths -- <machine>` plays them again); where a test lists them, the',
    'moves a state refuses, each with its reason. A step says its event, its guard and what the',
    "transition's actions do. The words come from `<machine>.words.json` beside the machine's",
    'source, and from machines/actions.words.json for actions many machines share.',
    '',
    '| Machine | Version | Paths | Source |',
    '|---|---|---|---|',
    ...machines.map(
      ({ name, source, machine }) =>
        `| [${name}](#${name}) | \`${machineVersion(machine)}\` | [${name}.md](${name}.md) | \`${source}\` |`,
    ),
    '',
  ];
  for (const { name, source, machine } of machines) {
    const nodes = allNodes(machine.root).slice(1);
    const events = [
      ...new Set(nodes.flatMap((n) => [...n.transitions.keys()]).map((e) => eventLabel(e, machine))),
    ].sort();
    const impl = machine.implementations;
    const delays = Object.entries(impl.delays).map(
      ([k, v]) => `${k} (${typeof v === 'number' ? `${v} ms` : 'computed from context'})`,
    );
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

type Viz = Awaited<ReturnType<typeof instance>>;

/**
 * A machine's diagram laid out by Graphviz: left to right when that fits a laptop's width,
 * otherwise the narrower of left to right and top down. `graph` is Graphviz's JSON of the
 * layout: where every text and line is drawn (scripts/flows/crossings.ts reads it).
 */
export function layOut(viz: Viz, machine: AnyStateMachine, name: string) {
  const ways = (['LR', 'TB'] as const).map((direction) => {
    const dot = toGraphviz(machine, name, direction);
    const graph = JSON.parse(viz.renderString(dot, { format: 'json', engine: 'dot' })) as GraphJson;
    return { direction, dot, graph, width: Number(graph.bb?.split(',')[2]) };
  });
  const [across, down] = ways as [(typeof ways)[0], (typeof ways)[0]];
  return across.width <= LAPTOP_WIDTH_PT || across.width <= down.width ? across : down;
}

/** Every file of docs/flows, by name, as `npm run flows` writes them. */
export async function generateFlows(): Promise<Map<string, string>> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  const machines = await loadMachines();
  const files = new Map<string, string>();
  for (const { name, machine } of machines) {
    files.set(`${name}.mmd`, toMermaid(machine));
    const way = layOut(viz, machine, name);
    // No line or border may cross a text of the diagram.
    const crossed = labelCrossings(way.graph);
    if (crossed.length) throw new Error(`${name}.svg: ${crossed.join('; ')}`);
    files.set(`${name}.svg`, viz.renderString(way.dot, { format: 'svg', engine: 'dot' }));
  }
  files.set('README.md', toReadme(machines));
  // For /flows, which shows each machine's version beside its diagram.
  files.set(
    'versions.json',
    `${JSON.stringify(Object.fromEntries(machines.map(({ name, machine }) => [name, machineVersion(machine)])), null, 2)}\n`,
  );
  return files;
}
