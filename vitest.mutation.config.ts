import path from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

/** Stryker runs the tests in a copy of the project: `.stryker-tmp/sandbox-…` inside it. */
const here = import.meta.dirname;
const sandboxOf = /[\\/]\.stryker-tmp[\\/]sandbox-[^\\/]+$/.exec(here);

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`): the node tests of the
 * machines, the contract and the server's decision code, in one project, without the model
 * coverage table (a mutant run plays a part of the paths, never all of them). The production
 * build's budgets are left out: they measure a bundle, not the code under mutation. The same
 * set is `npm run test:quick`'s tests (scripts/test-quick.ts).
 */
export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({
    test: {
      name: 'mutation',
      environment: 'node',
      include: ['tests/{unit,machines}/**/*.test.ts'],
      exclude: ['tests/unit/budgets.test.ts'],
      // Machine versions hash the code as written, not Stryker's instrumented copy of it.
      env: sandboxOf ? { FLOW_SOURCES_ROOT: path.resolve(here, '..', '..') } : {},
    },
  }),
);
