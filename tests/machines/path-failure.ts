import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { Catalogue } from '../../contract/flow-catalogue.ts';
import { wordsOf } from '../../scripts/flows/words.ts';
import { FLOWS_DIR, ROOT, eventLabel } from '../../scripts/flows/graph.ts';

/** A step of a model path as a failure reads it: the event's label and the state the model expects after it. */
export interface PathStep {
  event: string;
  to: string;
}

/** Where a model path and what it drives (the machine, a screen, the server) parted. */
export interface PathDisagreement {
  machine: AnyStateMachine;
  /** The test, as the catalogue names it: `file › describe > it`. */
  test: string;
  /** The path's number within the test (`… › path N` in the catalogue). */
  path: number;
  /** Every step of the path, in order. */
  steps: PathStep[];
  /** The step (1-based) where they parted; 0 is the start, before any event. */
  at: number;
  /** What was driven: the machine's own actor, a screen, the server. */
  against: 'machine' | 'screen' | 'server';
  /** The state the driven side was in, as far as the test could read it. */
  actual: string;
  cause: unknown;
}

const readJson = <T>(file: string): T | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;

/**
 * The catalogue that names this test's paths (docs/flows/<name>.paths.json), its machine's
 * file name, and the module that defines the machine (null for a machine made in a test).
 */
export function committedCatalogue(
  test: string,
  id: string,
): { name: string; source: string | null; catalogue: Catalogue | null } {
  const files = existsSync(FLOWS_DIR) ? readdirSync(FLOWS_DIR).filter((f) => f.endsWith('.paths.json')) : [];
  const found = files
    .map((file) => ({ file, catalogue: readJson<Catalogue>(path.join(FLOWS_DIR, file)) }))
    .find(({ catalogue }) => catalogue?.entries.some((e) => e.test.startsWith(`${test} › path `)));
  const name = found ? found.file.replace(/\.paths\.json$/, '') : id;
  const source =
    ['machines', 'contract']
      .map((folder) => `${folder}/${name}.machine.ts`)
      .find((file) => existsSync(path.join(ROOT, file))) ?? null;
  return { name, source, catalogue: found?.catalogue ?? null };
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The message of a failed model path, for a tester: the catalogue entries the path is the
 * shortest way to (their numbers and titles), the path in the machine's words with the step
 * where it failed marked, and both states: the one the model expects and the one the driven
 * side is in.
 */
export function describeDisagreement(d: PathDisagreement): string {
  const { name, source, catalogue } = committedCatalogue(d.test, d.machine.id);
  const words = source ? wordsOf({ source }) : null;
  const named = `${d.test} › path ${d.path}`;
  const entries = (catalogue?.entries ?? [])
    .map((e, i) => ({ e, n: i + 1 }))
    .filter(({ e }) => e.test === named)
    .map(({ e, n }) => `#${n} ${e.title}`);
  const said = (label: string) => words?.events[label.replace(/ \(\d+ ms\)$/, '')]?.en ?? label;
  const lines = [
    `${name}: model path ${d.path} of ${d.test} failed at ${d.at === 0 ? 'its start' : `step ${d.at} of ${d.steps.length}`}.`,
    entries.length
      ? `Catalogue (docs/flows/${name}.md): ${entries.join('; ')}.`
      : `No catalogue entry of docs/flows/${name}.md takes this path (a shorter path reaches each of its states and transitions).`,
    'The path in words:',
    `  0. ${words?.start.en ?? 'start'}`,
    ...d.steps.map((s, i) => {
      const mark = i + 1 === d.at ? '  ✗' : i + 1 < d.at ? '  ✓' : '';
      return `  ${i + 1}. ${said(eventLabel(s.event, d.machine))} (${s.event}) → ${s.to}${mark}`;
    }),
    `The model expects: ${d.at === 0 ? 'the start' : d.steps[d.at - 1]!.to}`,
    `The ${d.against} is in: ${d.actual}`,
    message(d.cause),
  ];
  return lines.join('\n');
}

export const disagreement = (d: PathDisagreement): Error => new Error(describeDisagreement(d), { cause: d.cause });
