import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, root, run } from './jobs.ts';

/**
 * The inner loop (`npm run test:quick`): what a change breaks first, in under two minutes.
 * The files changed since the last commit (staged, unstaged and new) are linted and checked
 * for formatting; the type checks run beside the unit, machine and contract tests (two cores,
 * two jobs). The database, UI and browser tests, the SPA's budgets and the machines' coverage
 * table are `npm test`'s.
 */

const git = (...args: string[]) =>
  spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((f) => existsSync(path.join(root, f)));
const linted = changed.filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !/^(docs|dist)\//.test(f));

const started = Date.now();
const lint = async () => {
  if (changed.length === 0) return [{ name: 'lint: no changed file', ok: true, out: '' }];
  const prettier = await run(`prettier: ${changed.length} changed files`, bin('prettier'), [
    '--check',
    '--ignore-unknown',
    ...changed,
  ]);
  const eslint = linted.length > 0 ? await run(`eslint: ${linted.length} changed files`, bin('eslint'), linted) : null;
  return eslint ? [prettier, eslint] : [prettier];
};
const typecheck = async () => [
  await run('types (tsconfig.json)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
  await run('types (tsconfig.sw.json)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.sw.json']),
];
// The model tests record their coverage (tests/machines/coverage-report.ts): here in a file of this run's own.
const coverage = mkdtempSync(path.join(tmpdir(), 'portal-quick-'));
const tests = () =>
  run('unit, machine and contract tests', bin('vitest'), ['run', '--config', 'vitest.mutation.config.ts'], {
    FLOW_COVERAGE_FILE: path.join(coverage, 'flow-coverage.jsonl'),
  });

const results = (await Promise.all([(async () => [...(await lint()), ...(await typecheck())])(), tests()])).flat();
rmSync(coverage, { recursive: true, force: true });
const failed = results.filter((r) => !r.ok);
console.log(
  `\n${failed.length === 0 ? 'test:quick passed' : `test:quick failed: ${failed.map((f) => f.name).join(', ')}`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
