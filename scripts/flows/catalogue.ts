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
import { FLOW_LANGS } from '../../contract/flow-catalogue.ts';
import type { NamedMachine, Transition } from './graph.ts';
import { ROOT, allNodes, endsOf, eventLabel, machineVersion, transitionsOf } from './graph.ts';
import {
  BLOCKED,
  CATALOGUE_WORDS,
  GUARDED,
  REFUSED,
  UNLESS,
  describable,
  eventKey,
  sharedActionWords,
} from './words.ts';

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
