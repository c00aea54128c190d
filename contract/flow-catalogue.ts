/**
 * The flows' shared types: what a machine's words, the model tests' played paths and the
 * path catalogue are (scripts/flows/ writes them, tests/machines/ records the paths, and the
 * SPA's /flows page reads the catalogue). Types only, and the two languages of the words.
 */

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
  /**
   * What a path starts from besides (a session stored in the tab, a wait remembered, the
   * case or address it is given), by the key a model test names (`start` in
   * tests/machines/model.ts): written before `start`, so that a path can be replayed from its
   * words alone.
   */
  starts?: Record<string, Words>;
  states: Record<string, Words>;
  /** By event label without its delay: `SUBMIT`, `submit done`, `after REDIRECT`. */
  events: Record<string, Words>;
  guards: Record<string, Words>;
}

export const FLOW_LANGS = ['en', 'am'] as const;
export type FlowLang = (typeof FLOW_LANGS)[number];

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
  text: Record<FlowLang, { about: string; steps: string[] }>;
}

export interface Catalogue {
  version: string;
  about: Words;
  entries: CatalogueEntry[];
  /** States and transitions no model test plays. */
  missing: string[];
}
