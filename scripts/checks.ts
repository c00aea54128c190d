import { bin, chain, run } from './jobs.ts';

/**
 * `npm test`'s first step: the linters and the type checks, side by side (two cores, two
 * single-threaded jobs): what `npm run lint` and `npm run typecheck` run, in the time of the
 * longer one.
 */
const results = (
  await Promise.all([
    chain(
      () => run('eslint', bin('eslint'), ['.']),
      () => run('prettier', bin('prettier'), ['--check', '.']),
    ),
    chain(
      () => run('types (tsconfig.json)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
      () => run('types (tsconfig.sw.json)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.sw.json']),
    ),
  ])
).flat();
process.exit(results.every((r) => r.ok) ? 0 : 1);
