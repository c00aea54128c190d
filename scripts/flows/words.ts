import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { FlowLang as Lang, MachineWords, Words } from '../../contract/flow-catalogue.ts';
import { FLOW_LANGS } from '../../contract/flow-catalogue.ts';
import type { NamedMachine } from './graph.ts';
import { ROOT, allNodes, eventLabel, transitionsOf } from './graph.ts';

// A machine's words (`<machine>.words.json`), what they must describe, and the words the path
// catalogue (scripts/flows/catalogue.ts) writes its steps with, in English and Amharic.

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
export function describable(machine: AnyStateMachine): {
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
export const CATALOGUE_WORDS = {
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
export const BLOCKED: Record<Lang, (event: string, guard: string) => string> = {
  en: (event, guard) => `${event} Only when ${guard}.`,
  am: (event, guard) => `${guard} ብቻ፣ ${event}`,
};

/** A line of refused moves: the events, who asks, and why they are refused. */
export const REFUSED: Record<Lang, (events: string, asker: string, reason: string) => string> = {
  en: (events, asker, reason) => `${events}, ${asker}: ${reason}.`,
  am: (events, asker, reason) => `${events}፣ ${asker}፦ ${reason}።`,
};

/**
 * An unguarded transition after guarded siblings: taken when none of their guards holds, and
 * it says which (each guard is written as a clause that follows "When").
 */
export const UNLESS: Record<Lang, (event: string, guards: string[]) => string> = {
  en: (event, guards) => `${event} Unless ${guards.join(', or ')}.`,
  am: (event, guards) =>
    guards.length === 1
      ? `«${guards[0]}» ካልሆነ፣ ${event}`
      : `${guards.map((g) => `«${g}»`).join('፣ ')} ከሚሉት አንዱም ካልሆነ፣ ${event}`,
};

/** An event under its guard: English adds "When …", Amharic guards are written as conditional clauses that lead. */
export const GUARDED: Record<Lang, (event: string, guard: string) => string> = {
  en: (event, guard) => `${event} When ${guard}.`,
  am: (event, guard) => `${guard}፣ ${event}`,
};
