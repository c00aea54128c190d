import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type {
  Catalogue,
  CatalogueEntry,
  FlowLang as Lang,
  MachineWords,
  PlayedGraph,
  PlayedPaths,
  PlayedRefusals,
  PlayedStep,
  Simulation,
  Words,
} from '../../contract/flow-catalogue.ts';
import { ENTRY_KINDS, FLOW_LANGS } from '../../contract/flow-catalogue.ts';
import type { NamedMachine, Transition } from './graph.ts';
import { ROOT, allNodes, endsOf, eventLabel, machineVersion, transitionsOf } from './graph.ts';

export function wordsOf({ source }: Pick<NamedMachine, 'source'>, root = ROOT): MachineWords {
  return JSON.parse(
    readFileSync(path.join(root, source.replace(/\.machine\.ts$/, '.words.json')), 'utf8'),
  ) as MachineWords;
}

/** The words of actions that many machines share (machines/actions.words.json). */
export function sharedActionWords(root = ROOT): Record<string, Words> {
  return (
    JSON.parse(readFileSync(path.join(root, 'machines', 'actions.words.json'), 'utf8')) as {
      actions: Record<string, Words>;
    }
  ).actions;
}

/** An event's key in the words: its label without the delay's length. */
export const eventKey = (label: string) => label.replace(/ \(\d+ ms\)$/, '');

/** The states, events, guards and actions of a machine that its words must describe. */
function describable(machine: AnyStateMachine): {
  states: string[];
  events: string[];
  guards: string[];
  actions: string[];
} {
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
    actions: Object.keys(machine.implementations.actions),
  };
}

/** What is missing from a machine's words, and what they describe that the machine no longer has. */
export function checkWords(
  machine: AnyStateMachine,
  words: MachineWords,
  shared: Record<string, Words> = sharedActionWords(),
): string[] {
  const need = describable(machine);
  const problems: string[] = [];
  const blank = (w: Words | undefined) => !w || FLOW_LANGS.some((l) => !w[l]?.trim());
  if (blank(words.machine)) problems.push('machine: no description');
  if (blank(words.start)) problems.push('start: no description');
  for (const [key, w] of Object.entries(words.starts ?? {}))
    if (blank(w)) problems.push(`starts.${key}: no description in ${FLOW_LANGS.join(' and ')}`);
  for (const kind of ['states', 'events', 'guards'] as const) {
    for (const key of need[kind])
      if (blank(words[kind][key])) problems.push(`${kind}.${key}: no description in ${FLOW_LANGS.join(' and ')}`);
    for (const key of Object.keys(words[kind]))
      if (!need[kind].includes(key)) problems.push(`${kind}.${key}: the machine has no such ${kind.slice(0, -1)}`);
  }
  for (const key of need.actions)
    if (blank(words.actions?.[key] ?? shared[key]))
      problems.push(
        `actions.${key}: no description in ${FLOW_LANGS.join(' and ')} (here or in machines/actions.words.json)`,
      );
  for (const key of Object.keys(words.actions ?? {}))
    if (!need.actions.includes(key)) problems.push(`actions.${key}: the machine has no such action`);
  const { times = {}, variants = {} } = words.askedWhen ?? {};
  for (const [key, w] of Object.entries(times))
    if (blank(w)) problems.push(`askedWhen.times.${key}: no description in ${FLOW_LANGS.join(' and ')}`);
  for (const [key, { who, when }] of Object.entries(variants))
    for (const [part, known] of [
      [key, words.askers],
      [who, words.askers],
      [when, times],
    ] as const)
      if (!known?.[part]) problems.push(`askedWhen.variants.${key}: ${part} is not in the words`);
  return problems;
}

/** The words the catalogue itself uses, in both languages. */
const CATALOGUE_WORDS = {
  eventless: { en: 'At once, without an event.', am: 'ወዲያውኑ፣ ያለ ክስተት።' },
  title: { en: 'Path catalogue', am: 'የመንገዶች ማውጫ' },
  states: { en: 'States', am: 'ሁኔታዎች' },
  transitions: { en: 'Transitions', am: 'ሽግግሮች' },
  playedBy: { en: 'Played by', am: 'የሚፈትነው' },
  refused: { en: 'Refused moves', am: 'የማይፈቀዱ እርምጃዎች' },
  refusedHere: {
    en: 'These moves are refused here, and nothing changes:',
    am: 'እነዚህ እርምጃዎች እዚህ አይፈቀዱም፤ ምንም አይለወጥም፦',
  },
  closed: { en: 'the case is closed: nothing moves it', am: 'ጉዳዩ ተዘግቷል፤ ምንም አያንቀሳቅሰውም' },
  none: { en: 'this step does not follow from here', am: 'ይህ እርምጃ ከዚህ ሁኔታ አይከተልም' },
} satisfies Record<string, Words>;

/** A transition its guard stops: the event, then the guard it waits for. */
const BLOCKED: Record<Lang, (event: string, guard: string) => string> = {
  en: (event, guard) => `${event} Only when ${guard}.`,
  am: (event, guard) => `${guard} ብቻ፣ ${event}`,
};

/** A line of refused moves: the events, who asks, and why they are refused. */
const REFUSED: Record<Lang, (events: string, asker: string, reason: string) => string> = {
  en: (events, asker, reason) => `${events}, ${asker}: ${reason}.`,
  am: (events, asker, reason) => `${events}፣ ${asker}፦ ${reason}።`,
};

/**
 * An unguarded transition after guarded siblings: taken when none of their guards holds, and
 * it says which (each guard is written as a clause that follows "When").
 */
const UNLESS: Record<Lang, (event: string, guards: string[]) => string> = {
  en: (event, guards) => `${event} Unless ${guards.join(', or ')}.`,
  am: (event, guards) =>
    guards.length === 1
      ? `«${guards[0]}» ካልሆነ፣ ${event}`
      : `${guards.map((g) => `«${g}»`).join('፣ ')} ከሚሉት አንዱም ካልሆነ፣ ${event}`,
};

/** An event under its guard: English adds "When …", Amharic guards are written as conditional clauses that lead. */
const GUARDED: Record<Lang, (event: string, guard: string) => string> = {
  en: (event, guard) => `${event} When ${guard}.`,
  am: (event, guard) => `${guard}፣ ${event}`,
};

/** The key a model test records a transition under (tests/machines/model.ts): its source, event and place among its siblings. */
const playedKey = (t: Transition, index: number) => `${t.from.path.join('.')} --${t.event}#${index}`;

/**
 * The path catalogue of a machine (issue 21): for every state and every transition, the
 * shortest path a model test played to it, as numbered steps in English and Amharic, with
 * the test's name. Among the tests that reach it, the fewest steps win, then the test's name.
 */
export function catalogueOf(
  named: NamedMachine,
  words: MachineWords,
  played: {
    test: string;
    start?: string | null;
    shortest: PlayedPaths;
    refused?: PlayedRefusals[];
    graph?: PlayedGraph;
  }[],
  root = ROOT,
): Catalogue {
  const { machine } = named;
  const runs = [...played].sort((a, b) => a.test.localeCompare(b.test));
  const best = (kind: 'states' | 'transitions', key: string) => {
    let found: { test: string; start: string | null; steps: PlayedStep[] } | null = null;
    for (const run of runs) {
      const steps = run.shortest[kind][key];
      const n = run.shortest.paths?.[kind][key];
      if (steps && (!found || steps.length < found.steps.length))
        found = { test: n ? `${run.test} › path ${n}` : run.test, start: run.start ?? null, steps };
    }
    return found;
  };
  const say = (w: Words | undefined, lang: Lang, what: string) => {
    if (!w)
      throw new Error(
        `${named.name}: no words for ${what}: add them to ${named.source.replace(/\.machine\.ts$/, '.words.json')}`,
      );
    return w[lang];
  };
  // What a transition's actions do, after its event: the words of each named action.
  const shared = sharedActionWords(root);
  const doing = (actions: readonly string[] | undefined, lang: Lang) =>
    (actions ?? []).map((a) => ` ${say(words.actions?.[a] ?? shared[a], lang, `action ${a}`)}`).join('');
  // Every transition by the key a model test records it under, with the guards of the
  // siblings before it (same state, same event): an unguarded one is taken only when none holds.
  const byKey = new Map<string, { t: Transition; label: string; before: string[] }>();
  const perEvent = new Map<string, Transition[]>();
  for (const t of transitionsOf(machine)) {
    const slot = `${t.from.id} ${t.event}`;
    const siblings = perEvent.get(slot) ?? [];
    byKey.set(playedKey(t, siblings.length), {
      t,
      label: eventLabel(t.event, machine),
      before: siblings.flatMap((o) => (o.guard ? [o.guard] : [])),
    });
    perEvent.set(slot, [...siblings, t]);
  }
  /** A transition in words: its event (or "at once"), its guard, or the guards it is taken without, then its actions. */
  const said = (key: string, lang: Lang) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`${named.name}: a played step takes ${key}, which the machine does not have`);
    const { t, label, before } = found;
    const what =
      t.event === 'always'
        ? CATALOGUE_WORDS.eventless[lang]
        : say(words.events[eventKey(label)], lang, `event ${label}`);
    const guardWords = (g: string) => say(words.guards[g], lang, `guard ${g}`);
    const when = t.guard
      ? GUARDED[lang](what, guardWords(t.guard))
      : before.length
        ? UNLESS[lang](what, before.map(guardWords))
        : what;
    return when + doing(t.actions, lang);
  };
  const stepsIn = ({ start, steps }: { start: string | null; steps: PlayedStep[] }, lang: Lang) => [
    ...(start ? [say(words.starts?.[start], lang, `the starting conditions ${start}`)] : []),
    say(words.start, lang, 'start'),
    ...steps.map((s) => `${said(s.transition, lang)} → ${s.to.join(', ')}`),
  ];
  const entries: CatalogueEntry[] = [];
  const missing: string[] = [];
  for (const node of allNodes(machine.root).slice(1)) {
    const key = node.path.join('.');
    const found = best('states', key);
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
        FLOW_LANGS.map((l) => [l, { about: say(words.states[key], l, `state ${key}`), steps: stepsIn(found, l) }]),
      ) as CatalogueEntry['text'],
    });
  }
  for (const [key, { t, label }] of byKey) {
    const to = endsOf(t)
      .map((n) => n.path.join('.'))
      .join(', ');
    const title = `${t.from.path.join('.')} · ${t.event === 'always' ? 'always' : label}${t.guard ? ` [${t.guard}]` : ''} -> ${to}`;
    const found = best('transitions', key);
    if (!found) {
      missing.push(`transition ${title}`);
      continue;
    }
    entries.push({
      kind: 'transition',
      title,
      test: found.test,
      text: Object.fromEntries(
        FLOW_LANGS.map((l) => [l, { about: said(key, l), steps: stepsIn(found, l) }]),
      ) as CatalogueEntry['text'],
    });
  }
  /** A line of refused moves: the events, who asked, and the one condition that failed. */
  const refusedLine = (events: string, asker: string, reason: string, l: Lang) =>
    REFUSED[l](
      events,
      say(words.askers?.[asker], l, `the asker ${asker}`),
      reason === 'closed' || reason === 'none'
        ? CATALOGUE_WORDS[reason][l]
        : say(words.refusals?.[reason], l, `the refusal by guard ${reason}`),
    );
  // The moves each state refuses, when a test lists them: one entry per state and context
  // whose refusals differ (a rejected case refuses a second appeal once it has appealed).
  const refusedAt = new Map<string, { test: string; start: string | null; r: PlayedRefusals }>();
  for (const run of runs)
    for (const r of run.refused ?? []) {
      const key = `${r.state.join(',')} ${JSON.stringify(r.moves)}`;
      const had = refusedAt.get(key);
      if (!had || had.r.steps.length > r.steps.length)
        refusedAt.set(key, { test: `${run.test} › path ${r.path}`, start: run.start ?? null, r });
    }
  const titles = new Set<string>();
  for (const { test, start, r } of refusedAt.values()) {
    let title = `${r.state.join(', ')} · refuses ${r.moves.length} moves`;
    for (let n = 2; titles.has(title); n++) title = `${r.state.join(', ')} · refuses ${r.moves.length} moves (${n})`;
    titles.add(title);
    const groups = new Map<string, string[]>();
    for (const m of r.moves) {
      const at = `${m.asker} ${m.reason}`;
      groups.set(at, [...(groups.get(at) ?? []), `\`${m.event}\``]);
    }
    const lines = (l: Lang) =>
      [...groups].map(([at, events]) => {
        const [asker, reason] = at.split(' ') as [string, string];
        return refusedLine(events.join(', '), asker, reason, l);
      });
    entries.push({
      kind: 'refused',
      title,
      test,
      text: Object.fromEntries(
        FLOW_LANGS.map((l) => [
          l,
          {
            about: r.state.map((k) => say(words.states[k], l, `state ${k}`)).join(' '),
            steps: stepsIn({ start, steps: r.steps }, l),
            refused: lines(l),
          },
        ]),
      ) as CatalogueEntry['text'],
    });
  }
  // The simulator walks the largest graph a test played (the most moves; then the test's name).
  const walked = runs
    .filter((r) => r.graph)
    .reduce<(typeof runs)[number] | null>(
      (a, b) => (!a || b.graph!.moves.length > a.graph!.moves.length ? b : a),
      null,
    );
  const graph = walked?.graph;
  const inBoth = <T>(say: (l: Lang) => T) => ({ en: say('en'), am: say('am') });
  // Each refusal's words once, whoever asked and why, with `{event}` where its event goes: the nodes index them.
  const lines: Record<Lang, string>[] = [];
  const lineKeys = new Map<string, number>();
  const lineOf = (asker: string, reason: string) => {
    const key = `${asker} ${reason}`;
    if (!lineKeys.has(key)) lineKeys.set(key, lines.push(inBoth((l) => refusedLine('{event}', asker, reason, l))) - 1);
    return lineKeys.get(key)!;
  };
  const simulation: Simulation | undefined = graph && {
    start: inBoth((l) => stepsIn({ start: walked.start ?? null, steps: [] }, l)),
    initial: graph.initial,
    nodes: graph.nodes.map((states, at) => ({
      states,
      about: inBoth((l) => states.map((k) => say(words.states[k], l, `state ${k}`)).join(' ')),
      // The machine ends there: a final state of the machine itself, not of a state within it.
      final: states.every((k) => machine.root.states[k]?.type === 'final'),
      ...(graph.refused
        ? {
            refused: graph.refused[at]!.map((m) => ({
              asker: m.asker,
              event: m.event,
              line: lineOf(m.asker, m.reason),
            })),
            allowed: Object.fromEntries(
              [...new Set(graph.allowed![at]!.map((a) => a.asker))].map((asker) => [
                asker,
                [...new Set(graph.allowed![at]!.filter((a) => a.asker === asker).map((a) => a.event))],
              ]),
            ),
          }
        : {}),
    })),
    ...(graph.refused && words.askers ? { askers: words.askers, refusalLines: lines } : {}),
    ...(graph.refused && words.askedWhen ? { askedWhen: words.askedWhen } : {}),
    moves: graph.moves.map((m) => ({
      from: m.from,
      to: m.to,
      event: eventLabel(m.transition.split(' --')[1]!.replace(/#\d+$/, ''), machine),
      // Each transition the move took; those it passed through say where they led.
      text: inBoth((l) =>
        m.steps
          .map((s, i) => said(s.transition, l) + (i < m.steps.length - 1 ? ` → ${s.to.join(', ')}` : ''))
          .join(' '),
      ),
    })),
    blocked: graph.blocked.map((b) => {
      const event = eventLabel(b.transition.split(' --')[1]!.replace(/#\d+$/, ''), machine);
      return {
        at: b.at,
        text: inBoth((l) =>
          BLOCKED[l](
            say(words.events[eventKey(event)], l, `event ${event}`),
            say(words.guards[b.guard], l, `guard ${b.guard}`),
          ),
        ),
      };
    }),
  };
  // Every state and event by its code name, with what it means: the diagram's key on /flows.
  const { states, events } = describable(machine);
  const wordsFor = (keys: string[], what: string, of: Record<string, Words>) =>
    Object.fromEntries(keys.map((k) => [k, inBoth((l) => say(of[k], l, `${what} ${k}`))]));
  return {
    version: machineVersion(machine),
    about: words.machine,
    names: { states: wordsFor(states, 'state', words.states), events: wordsFor(events, 'event', words.events) },
    entries,
    ...(simulation ? { simulation } : {}),
    missing,
  };
}

/** The catalogue's files in docs/flows: `<name>.md` for people, `<name>.paths.json` for /flows. */
export const catalogueFiles = (name: string) => [`${name}.md`, `${name}.paths.json`];
/** The model coverage of every machine (states and transitions covered), written with the catalogues, for /flows. */
export const COVERAGE_JSON = 'coverage.json';

export function catalogueToFiles(name: string, c: Catalogue): Map<string, string> {
  const w = CATALOGUE_WORDS;
  const md = [
    `# ${name}: ${w.title.en} / ${w.title.am}`,
    '',
    `Version \`${c.version}\`. Generated by \`npm run flows\` from the paths the model tests play (tests/machines);`,
    'a test fails when this file is stale or when a state or transition has no path.',
    `\`npm run test:paths -- ${name}\` plays these paths again and reports each by its number here.`,
    `Diagram: [${name}.svg](${name}.svg); all machines: [README.md](README.md).`,
    '',
  ];
  const langName: Record<Lang, string> = { en: 'English', am: 'አማርኛ' };
  for (const lang of FLOW_LANGS) {
    md.push(`## ${langName[lang]}`, '', c.about[lang], '');
    for (const kind of ENTRY_KINDS) {
      if (!c.entries.some((e) => e.kind === kind)) continue;
      md.push(`### ${w[kind === 'state' ? 'states' : kind === 'transition' ? 'transitions' : 'refused'][lang]}`, '');
      for (const [i, e] of c.entries.entries()) {
        if (e.kind !== kind) continue;
        md.push(`#### ${i + 1}. \`${e.title}\``, '', e.text[lang].about, '');
        e.text[lang].steps.forEach((step, n) => md.push(`${n + 1}. ${step}`));
        md.push('');
        const refused = e.text[lang].refused;
        if (refused) md.push(w.refusedHere[lang], '', ...refused.map((line) => `- ${line}`), '');
        md.push(`${w.playedBy[lang]}: \`${e.test}\``, '');
      }
    }
  }
  const json = { version: c.version, about: c.about, names: c.names, entries: c.entries, simulation: c.simulation };
  const [mdFile, jsonFile] = catalogueFiles(name) as [string, string];
  return new Map([
    [mdFile, `${md.join('\n').trimEnd()}\n`],
    [jsonFile, `${JSON.stringify(json, null, 2)}\n`],
  ]);
}
