import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './flows/graph.ts';

/**
 * `npm run test:paths -- <machine>`: runs the model-based tests and prints each path of that
 * machine (`apply`, `case-lookup` or its id `caseLookup`) with its steps and its result
 * (tests/machines/model.ts writes them), then the coverage table.
 */
const name = process.argv[2];
if (!name) {
  console.error('Usage: npm run test:paths -- <machine>   (for example: apply, case-lookup, caseLifecycle)');
  process.exit(2);
}
const id = name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const file = path.join(ROOT, 'test-output', 'paths', `${id}.txt`);
rmSync(file, { force: true });
const run = spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'node', 'tests/machines'],
  {
    cwd: ROOT,
    env: { ...process.env, FLOW_PATHS: id },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
if (!existsSync(file)) {
  console.error(`No model paths were played for a machine "${id}".`);
  process.exit(run.status || 1);
}
console.log(`\nModel paths of ${id} (${file}):\n`);
console.log(readFileSync(file, 'utf8'));
process.exit(run.status ?? 1);
