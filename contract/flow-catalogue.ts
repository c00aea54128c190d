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
  /**
   * What each named action does, by action: a step of a path says its event, its guard and
   * then what its transition's actions do. Actions of the same name and meaning in many
   * machines (`rateLimited`, `saveDraft`) are described once, in machines/actions.words.json;
   * a machine's own words win.
   */
  actions?: Record<string, Words>;
  /**
   * Why a move is refused when a guard does not hold, by guard (`byStaff`: "only a staff
   * member may take this step"): a machine whose model test lists its refused moves
   * (`refusals` in tests/machines/model.ts) says each one's reason with these.
   */
  refusals?: Record<string, Words>;
  /** Who asks for a refused move, and when, by the key the model test gives each variant of an event. */
  askers?: Record<string, Words>;
  /** Where what an asker may do depends on when they ask as well (the appeal's window): the times, and who asks at each. */
  askedWhen?: AskedWhen;
}

/**
 * The times an asker may ask at, for the simulator's "when" beside its "who": `times` in
 * words, the usual one first; `variants` the askers of `askers` who are another asker at
 * another time (`ownerLate`: the owner, late). An asker that is no variant asks at the first.
 */
export interface AskedWhen {
  times: Record<string, Words>;
  variants: Record<string, { who: string; when: string }>;
}

export const FLOW_LANGS = ['en', 'am'] as const;

/**
 * The flow whose transitions the server counts (`getFlowCounts`): its diagram keeps a line
 * under each arrow's label, `COUNT_MARK`, that /flows fills with the count (`× 12`).
 */
export const COUNTED_FLOW = 'case-lifecycle';
export const COUNT_MARK = '× …';
export type FlowLang = (typeof FLOW_LANGS)[number];

/**
 * A step of a played path, as the model tests record it (tests/machines/coverage-report.ts):
 * one transition the actor took, as XState's inspection reported it (`@xstate.microstep`).
 * An event followed by eventless transitions is several steps.
 */
export interface PlayedStep {
  /**
   * The transition taken, as `source --EVENT#index` (its place among its state's transitions
   * for that event; `always` for an eventless one): the catalogue words the step from it alone.
   */
  transition: string;
  /** The deepest states the actor was in after it. */
  to: string[];
}

/** A move a state refuses: the event's label, who asks (a key of the words' `askers`), and the guard that stops it (or none). */
export interface RefusedMove {
  event: string;
  asker: string;
  /** The guard that does not hold, or `closed` (a final state) or `none` (the state takes no such event). */
  reason: string;
}

/** The moves refused in one state (with its context), played by a model test: the shortest path there, then each move. */
export interface PlayedRefusals {
  state: string[];
  steps: PlayedStep[];
  path: number;
  moves: RefusedMove[];
  /** The events tried there that the node took, and who asked: what each asker may do there. */
  allowed?: { event: string; asker: string }[];
}

/**
 * The graph a model test played: its nodes (a state with its context, by their deepest
 * states), the node it starts in, one move per event taken out of each node (`transition`:
 * the first transition it took, `source --EVENT#index`; `steps`: every transition it took,
 * its eventless ones after it, as the catalogue words them), and the guarded transitions of a
 * node's states no played event took there.
 */
export interface PlayedGraph {
  nodes: string[][];
  initial: number;
  moves: { from: number; to: number; transition: string; steps: PlayedStep[] }[];
  blocked: { at: number; transition: string; guard: string }[];
  /** Per node, in the nodes' order, the moves the test tried there and the node refused (a test that lists refusals). */
  refused?: RefusedMove[][];
  /** Per node, the events tried there that it took, and who asked. */
  allowed?: { event: string; asker: string }[][];
}

/**
 * What the simulator on /flows walks (scripts/flows/catalogue.ts writes it into
 * `<machine>.paths.json`): the played graph in words. `moves[i].text` is the catalogue's
 * words for the step; `blocked[i].text` names the event and the guard that stops it.
 */
export interface Simulation {
  start: Record<FlowLang, string[]>;
  initial: number;
  /**
   * `final`: the machine ends there (a closed case), nothing moves on. `refused`: the moves
   * the model test tried there and the node refused, each with who asked (a key of `askers`),
   * its event and its line (in `refusalLines`): the condition that failed, not the whole conjunction.
   */
  nodes: {
    states: string[];
    about: Record<FlowLang, string>;
    final: boolean;
    refused?: { asker: string; event: string; line: number }[];
    /** The events each asker may send there: `asker` → event labels. */
    allowed?: Record<string, string[]>;
  }[];
  /** Who asks, in words, for the simulator's choice (the machine words' `askers`). */
  askers?: Record<string, Record<FlowLang, string>>;
  /** When they ask, where it matters (the machine words' `askedWhen`). */
  askedWhen?: AskedWhen;
  /** The refused moves' lines, each once (`{event}` where the event goes): `nodes[].refused[].line` indexes them. */
  refusalLines?: Record<FlowLang, string>[];
  /** `event`: the label of the event that takes the move (for an asker's choice). */
  moves: { from: number; to: number; event: string; text: Record<FlowLang, string> }[];
  blocked: { at: number; text: Record<FlowLang, string> }[];
}

/** The shortest path a model test played to each state and through each transition. */
export interface PlayedPaths {
  states: Record<string, PlayedStep[]>;
  transitions: Record<string, PlayedStep[]>;
  /**
   * The number of the model path (1, 2, …, in the order the test plays them) each shortest
   * path was played in: the catalogue names it beside the test, so that each entry has a
   * test name of its own (`… › path 14`) that `npm run test:paths` reports on.
   */
  paths?: { states: Record<string, number>; transitions: Record<string, number> };
}

/** The kinds of entries of a catalogue, in its order. */
export const ENTRY_KINDS = ['state', 'transition', 'refused'] as const;

/** One entry of the catalogue: a state or a transition, the shortest path to it, and the test that plays it. */
export interface CatalogueEntry {
  kind: (typeof ENTRY_KINDS)[number];
  /** `editing`, or `editing · SUBMIT [isValid] -> checking`. */
  title: string;
  /** The test that plays its path, and the model path within it: `file › describe › it › path 14`. */
  test: string;
  /** Per language: what the state means or the transition does, then the numbered steps. */
  text: Record<FlowLang, { about: string; steps: string[]; refused?: string[] }>;
}

export interface Catalogue {
  version: string;
  about: Words;
  /** Every state and event of the machine by its code name, with what it means: the key beside its diagram. */
  names: { states: Record<string, Words>; events: Record<string, Words> };
  entries: CatalogueEntry[];
  /** The played graph in words, for the simulator on /flows. */
  simulation?: Simulation;
  /** States and transitions no model test plays. */
  missing: string[];
}

/** A mutation score (`npm run test:mutation`): of the valid mutants, the share some test kills. */
export interface MutationScore {
  score: number;
  mutants: number;
  killed: number;
  survived: number;
  noCoverage: number;
  ignored: number;
}

/** docs/mutation/scores.json: the last full mutation run, per folder and per machine (by file name). */
export interface MutationScores {
  date: string;
  /** A full run, or one that retested only what changed since the last (`--incremental`). */
  run: 'full' | 'incremental';
  folders: Record<string, MutationScore>;
  machines: Record<string, MutationScore>;
}

/** docs/flows/coverage.json: what the model tests cover of each machine (by file name), written with the catalogues. */
export type PathCoverage = Record<
  string,
  { states: { covered: number; total: number }; transitions: { covered: number; total: number } }
>;
