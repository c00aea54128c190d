import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PlayedGraph, PlayedPaths, PlayedRefusals } from '../../contract/flow-catalogue.ts';

/**
 * Where each model test records what it covered; the global teardown prints the table.
 * `npm run test:paths` names a file of its own (FLOW_COVERAGE_FILE), so that its run never
 * mixes with another run's.
 */
export const COVERAGE_FILE =
  process.env.FLOW_COVERAGE_FILE ?? path.resolve(import.meta.dirname, '../../test-output/flow-coverage.jsonl');

export interface CoverageRow {
  machine: string;
  /** The test that played them: `file › describe › it`. */
  test: string;
  /** The starting conditions its paths begin from (a key of the machine's words' `starts`), if any. */
  start: string | null;
  shortest: PlayedPaths;
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  /** Eventless transitions, apart: graph tools hide them (they are taken on the way, never triggered). */
  always: { taken: string[]; all: string[] };
  /** The moves each state refuses, when the test lists them (`refusals` in model.ts). */
  refused?: PlayedRefusals[];
  /** The graph the test played, for the simulator on /flows. */
  graph?: PlayedGraph;
}

export function recordCoverage(row: CoverageRow): void {
  mkdirSync(path.dirname(COVERAGE_FILE), { recursive: true });
  appendFileSync(COVERAGE_FILE, `${JSON.stringify(row)}\n`);
}

export function resetCoverage(): void {
  rmSync(COVERAGE_FILE, { force: true });
}

export function readCoverage(): CoverageRow[] {
  try {
    return readFileSync(COVERAGE_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CoverageRow);
  } catch {
    return [];
  }
}
