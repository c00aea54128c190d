import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PathCoverage } from '../../contract/flow-catalogue.ts';
import { catalogueOf } from '../../scripts/flows/catalogue.ts';
import { COVERAGE_JSON, catalogueToFiles } from '../../scripts/flows/catalogue-files.ts';
import { wordsOf } from '../../scripts/flows/words.ts';
import { FLOWS_DIR, loadMachines } from '../../scripts/flows/graph.ts';
import { readCoverage, resetCoverage } from './coverage-report.ts';

/**
 * Before the node tests: forget the last run's coverage. After them: print the table of
 * every machine's model coverage, and fail the run when a machine has no model test or
 * covers less than every state and transition.
 *
 * The path catalogue (docs/flows/<machine>.md and .paths.json) is built from the paths this
 * run played: `npm run flows` sets FLOW_CATALOGUE=write to write it; otherwise the run fails
 * when the committed catalogue differs, or when a state or transition has no path.
 * `npm run test:paths -- <machine>` plays only the tests of one machine (FLOW_PATHS names it):
 * then only that machine is checked.
 */
const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

export function setup() {
  resetCoverage();
  return async () => {
    const rows = readCoverage();
    if (rows.length === 0) return; // This run did not include the machine tests.
    const only = process.env.FLOW_PATHS;
    const machines = (await loadMachines()).filter((m) => !only || m.machine.id === only);
    const pct = (c: { covered: number; total: number }) =>
      c.total === 0 ? 100 : Math.floor((c.covered / c.total) * 100);
    const lines = [
      '',
      'Model-based path coverage of the machines',
      'machine           states        transitions   always (eventless, apart)',
    ];
    let failed = false;
    const coverage: PathCoverage = {};
    for (const { name, machine } of machines) {
      const mine = rows.filter((r) => r.machine === machine.id);
      if (mine.length === 0) {
        failed = true;
        lines.push(`${machine.id.padEnd(18)}NO MODEL TEST`);
        continue;
      }
      const best = mine.reduce((a, b) =>
        pct(b.transitions) + pct(b.states) > pct(a.transitions) + pct(a.states) ? b : a,
      );
      if (pct(best.states) < 100 || pct(best.transitions) < 100) failed = true;
      coverage[name] = { states: best.states, transitions: best.transitions };
      // Eventless branches: taken by any model test of the machine (each may start from another input).
      const taken = new Set(mine.flatMap((r) => r.always.taken));
      const eventless = { covered: best.always.all.filter((a) => taken.has(a)).length, total: best.always.all.length };
      const always = eventless.total ? `${eventless.covered}/${eventless.total} (${pct(eventless)}%)` : '-';
      if (pct(eventless) < 100) failed = true;
      lines.push(
        `${machine.id.padEnd(18)}${`${best.states.covered}/${best.states.total} (${pct(best.states)}%)`.padEnd(14)}${`${best.transitions.covered}/${best.transitions.total} (${pct(best.transitions)}%)`.padEnd(14)}${always}`,
      );
    }
    for (const named of machines) {
      const mine = rows.filter((r) => r.machine === named.machine.id);
      if (!mine.length) continue;
      const catalogue = catalogueOf(named, wordsOf(named), mine);
      for (const m of catalogue.missing) {
        failed = true;
        lines.push(`${named.name}: no model test plays a path to the ${m}`);
      }
      for (const [file, content] of catalogueToFiles(named.name, catalogue)) {
        const at = path.join(FLOWS_DIR, file);
        if (process.env.FLOW_CATALOGUE === 'write') writeFileSync(at, content);
        else if (read(at) !== content) {
          failed = true;
          lines.push(`docs/flows/${file} is stale: run npm run flows`);
        }
      }
    }
    // Every machine's coverage, for /flows: only from a run of every machine's tests.
    if (!only) {
      const at = path.join(FLOWS_DIR, COVERAGE_JSON);
      const content = `${JSON.stringify(coverage, null, 2)}\n`;
      if (process.env.FLOW_CATALOGUE === 'write') writeFileSync(at, content);
      else if (read(at) !== content) {
        failed = true;
        lines.push(`docs/flows/${COVERAGE_JSON} is stale: run npm run flows`);
      }
    }
    console.warn(lines.join('\n'));
    if (failed) {
      console.error(
        'A machine is below 100% state, transition or eventless-transition coverage, has no model test, or its path catalogue is stale or has a gap.',
      );
      process.exitCode = 1;
    }
  };
}
