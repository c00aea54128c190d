/**
 * `npm run test:mutation`: Stryker mutates the machines, the contract's rules and the server's
 * decision code (stryker.config.mjs) and runs the tests that cover each mutant; then the
 * score of each folder is checked against its floor. `--incremental` tests only the mutants
 * whose code or tests changed since the committed results (docs/mutation/incremental.json),
 * which is what CI runs; the full run is for before a release. Either writes the scores into
 * docs/mutation/scores.json and docs/testing.md with the date, and the results the next
 * incremental run starts from: commit the three.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { calculateMetrics } from 'mutation-testing-metrics';
import type { MutationScores } from '../contract/flow-catalogue.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(ROOT, 'reports', 'mutation', 'mutation.json');
export const INCREMENTAL_FILE = 'docs/mutation/incremental.json';
const SCORES = path.join(ROOT, 'docs', 'mutation', 'scores.json');
const TESTING = path.join(ROOT, 'docs', 'testing.md');

/** The folders scored, with the score issue 37 asks of each (`target`) and the least a run may fall to (`floor`). */
export const GROUPS = [
  { name: 'machines', files: /^machines\//, target: 90, floor: 90 },
  { name: 'contract', files: /^contract\//, target: 90, floor: 90 },
  { name: 'server', files: /^server\//, target: 80, floor: 80 },
] as const;

type Files = MutationTestResult['files'];

const score = (files: Files) => {
  const { metrics } = calculateMetrics(files);
  return {
    score: Math.round(metrics.mutationScore * 10) / 10,
    mutants: metrics.totalValid,
    killed: metrics.killed + metrics.timeout,
    survived: metrics.survived,
    noCoverage: metrics.noCoverage,
    ignored: metrics.ignored,
  };
};

const only = (files: Files, keep: (name: string) => boolean): Files =>
  Object.fromEntries(Object.entries(files).filter(([name]) => keep(name)));

/** The scores of a report: per folder, and per machine (by its file's base name, as /flows names it). */
export function scoresOf(report: MutationTestResult, date: string, run: MutationScores['run']): MutationScores {
  const files = Object.fromEntries(
    Object.entries(report.files).map(([name, f]) => [path.relative(ROOT, path.resolve(ROOT, name)), f]),
  );
  const machines: MutationScores['machines'] = {};
  for (const name of Object.keys(files).filter((n) => n.endsWith('.machine.ts')))
    machines[path.basename(name, '.machine.ts')] = score(only(files, (n) => n === name));
  return {
    date,
    run,
    folders: Object.fromEntries(GROUPS.map((g) => [g.name, score(only(files, (n) => g.files.test(n)))])),
    machines,
  };
}

const table = (s: MutationScores) =>
  [
    `Measured ${s.date} (\`npm run test:mutation${s.run === 'incremental' ? ' -- --incremental' : ''}\`).`,
    '',
    '| Folder | Score | Target | Mutants | Caught (killed or timed out) | Survived | No test runs it | Ignored (equivalent) |',
    '|---|---|---|---|---|---|---|---|',
    ...GROUPS.map((g) => {
      const f = s.folders[g.name]!;
      return `| \`${g.name}/\` | ${f.score}% | ${g.target}% | ${f.mutants} | ${f.killed} | ${f.survived} | ${f.noCoverage} | ${f.ignored} |`;
    }),
    '',
    '| Machine | Score | Mutants | Survived | No test runs it |',
    '|---|---|---|---|---|',
    ...Object.entries(s.machines).map(
      ([name, m]) => `| \`${name}\` | ${m.score}% | ${m.mutants} | ${m.survived} | ${m.noCoverage} |`,
    ),
  ].join('\n');

/** Writes the scores between the markers of docs/testing.md. */
function writeTesting(s: MutationScores) {
  const text = readFileSync(TESTING, 'utf8');
  const [before, rest] = text.split('<!-- scores -->');
  const after = rest?.split('<!-- /scores -->')[1];
  if (before === undefined || after === undefined) throw new Error('docs/testing.md: no <!-- scores --> section');
  writeFileSync(TESTING, `${before}<!-- scores -->\n${table(s)}\n<!-- /scores -->${after}`);
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { incremental: { type: 'boolean', default: false } } });
  // A full run tests every mutant (--force) and still writes the results the next incremental run starts from.
  const args = ['stryker', 'run', '--incremental', '--incrementalFile', INCREMENTAL_FILE];
  if (!values.incremental) args.push('--force');
  const run = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  if (!existsSync(REPORT)) throw new Error(`no report at ${REPORT}`);
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as MutationTestResult;
  const scores = scoresOf(report, new Date().toISOString().slice(0, 10), values.incremental ? 'incremental' : 'full');
  console.log(`\n${table(scores)}\n`);
  writeFileSync(SCORES, `${JSON.stringify(scores, null, 2)}\n`);
  writeTesting(scores);
  console.log(`Wrote docs/mutation/scores.json, the scores of docs/testing.md and ${INCREMENTAL_FILE}.`);
  const low = GROUPS.filter((g) => scores.folders[g.name]!.score < g.floor);
  for (const g of low)
    console.error(`${g.name}/: mutation score ${scores.folders[g.name]!.score}% is below its floor of ${g.floor}%.`);
  for (const g of GROUPS.filter((g) => scores.folders[g.name]!.score < g.target && !low.includes(g)))
    console.log(`${g.name}/: ${scores.folders[g.name]!.score}%, short of the target of ${g.target}%.`);
  process.exit(low.length ? 1 : 0);
}
