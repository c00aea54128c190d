import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bin, checks, root, run } from './jobs.ts';

/**
 * `npm test` (docs/testing.md, "The suite's time"):
 *  1. The linters and the type checks side by side, and beside them the SPA's production
 *     build (scripts/ensure-spa.ts: only when missing or older than its sources), the one build
 *     the budgets test and the browser journeys then share. A failure here stops the run.
 *  2. Vitest, then the browser journeys, each printing as it goes. Side by side they took
 *     14.3 min where one after the other took 15.3 (the two cores are already busy), and each
 *     test twice as long: not worth the margin it costs a test's time limit.
 */
const started = Date.now();
const script = (name: string) => path.join(root, 'scripts', name);

const first = (await Promise.all([checks(), run('the SPA build', process.execPath, [script('ensure-spa.ts')])])).flat();
const failed = first.filter((r) => !r.ok).map((r) => r.name);
for (const [name, command, args] of [
  ['Vitest', bin('vitest'), ['run']],
  ['browser journeys', process.execPath, [script('e2e.ts')]],
] as const) {
  if (failed.length) break;
  if (spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status !== 0) failed.push(name);
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n${failed.length ? `npm test failed: ${failed.join(', ')}` : 'npm test passed'} in ${minutes} min`);
process.exit(failed.length ? 1 : 0);
