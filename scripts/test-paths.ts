import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Catalogue, FlowLang } from '../contract/flow-catalogue.ts';
import { FLOW_LANGS } from '../contract/flow-catalogue.ts';
import type { PathResult } from './flows/graph.ts';
import { FLOWS_DIR, PATHS_DIR, ROOT, loadMachines } from './flows/graph.ts';

/**
 * `npm run test:paths -- <machine> [--lang am] [--verbose]`: plays again the paths of one
 * machine's path catalogue (docs/flows/<machine>.md), running only the test files that
 * catalogue names, and prints one line per entry: its number in the catalogue, whether the
 * model path that plays it passed, and its title. `--verbose` adds its words, its steps and
 * its test. An entry of refused moves lists them; it is not counted among the paths. The
 * machine is its file's name (`apply`, `case-lookup`) or its id (`caseLookup`). Off a
 * terminal, nothing is coloured.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { lang: { type: 'string', default: 'en' }, verbose: { type: 'boolean', default: false } },
});
const wanted = positionals[0];
const lang = values.lang as FlowLang;
if (!wanted || !FLOW_LANGS.includes(lang)) {
  console.error(
    `Usage: npm run test:paths -- <machine> [--lang ${FLOW_LANGS.join('|')}] [--verbose]   (for example: apply, case-lookup, caseLifecycle)`,
  );
  process.exit(2);
}
const named = (await loadMachines()).find((m) => m.name === wanted || m.machine.id === wanted);
if (!named) {
  console.error(`There is no machine "${wanted}"; docs/flows/README.md lists them.`);
  process.exit(2);
}
const id = named.machine.id;
const catalogueFile = path.join(FLOWS_DIR, `${named.name}.paths.json`);
const read = () => JSON.parse(readFileSync(catalogueFile, 'utf8')) as Omit<Catalogue, 'missing'>;
const files = [...new Set(read().entries.map((e) => e.test.split(' › ')[0]!))];

const results = path.join(PATHS_DIR, `${id}.jsonl`);
const coverage = path.join(PATHS_DIR, `${id}.coverage.jsonl`);
rmSync(results, { force: true });
const env: NodeJS.ProcessEnv = { ...process.env, FLOW_PATHS: id, FLOW_COVERAGE_FILE: coverage };
if (!process.stdout.isTTY) {
  delete env.FORCE_COLOR;
  env.NO_COLOR = '1';
}
const run = spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'node', ...files],
  { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] },
);
rmSync(coverage, { force: true });
if (!existsSync(results)) {
  console.error(`\nNo model path of ${id} was played.`);
  process.exit(run.status || 1);
}
// Read again after the run: under `npm run flows` (FLOW_CATALOGUE=write) the run rewrites it.
const catalogue = read();
const outcome = new Map<string, boolean>();
for (const line of readFileSync(results, 'utf8').split('\n').filter(Boolean)) {
  const r = JSON.parse(line) as PathResult;
  outcome.set(`${r.test} › path ${r.path}`, r.passed);
}

const out = [
  '',
  `The path catalogue of ${named.name} (docs/flows/${named.name}.md, version ${catalogue.version}), played again:`,
  '',
];
let paths = 0;
let bad = 0;
catalogue.entries.forEach((e, i) => {
  const passed = outcome.get(e.test);
  const result = passed === true ? 'passed' : passed === false ? 'FAILED' : 'NOT PLAYED';
  if (e.kind !== 'refused') {
    paths += 1;
    if (passed !== true) bad += 1;
  }
  out.push(
    `${i + 1}. ${e.kind === 'refused' ? `refused moves, reached by a path that ${result}` : result}: ${e.title}`,
  );
  for (const line of e.text[lang].refused ?? []) out.push(`   - ${line}`);
  if (!values.verbose) return;
  out.push(`   ${e.text[lang].about}`);
  e.text[lang].steps.forEach((step, n) => out.push(`   ${n + 1}. ${step}`));
  out.push(`   Played by: ${e.test}`, '');
});
const refused = catalogue.entries.length - paths;
out.push(
  '',
  `${paths - bad} of ${paths} paths passed${refused ? `; ${refused} entries list the moves refused on the way` : ''}.`,
);
console.log(out.join('\n'));
process.exit(run.status || (bad || catalogue.entries.some((e) => outcome.get(e.test) !== true) ? 1 : 0));
