import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { catalogs } from './scripts/vite-plugins.ts';

/**
 * Vitest runs one project's files after the other's, by name (`node`, then `ui`), each
 * longest first when its cache knows their times, larger files first when not (a clean
 * clone). The UI files hold the longest (the screen paths, 25 to 55 s each): run last, they
 * kept one worker busy for a minute after the other had run out of files (380 s in all).
 * They start first now and the node files fill in beside them: 321 s with no cache, the same
 * day (docs/testing.md). The node files stay together: a worker that runs them without
 * isolation is kept, modules loaded, only while the next file is one of them too.
 */
class UiFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === 'ui'), ...sorted.filter((f) => f.project.name !== 'ui')];
  }
}

/** The tests that keep, serve, zip or delete files: run on the data folder (`node`) and on a bucket (`bucket`). */
const BUCKET_TESTS = [
  'tests/api/{cases-filing,case-steps,cases-reading,cases-staff,customers-registration,registration-owner}.test.ts',
  'tests/api/{data-rights,data-rights-erasure,complaints,feedback,phone-owner}.test.ts',
  'tests/api/{print-summary,print-wrap,appointment-calendar,appeal-decision,reference}.test.ts',
  'tests/security/{files,headers,uploads,authorization}.test.ts',
  'tests/reliability/idempotency.test.ts',
];

export default defineConfig({
  plugins: [catalogs(), react(), vanillaExtractPlugin()],
  test: {
    // Database suites start PGlite (a few seconds) and hash passwords with argon2id.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: UiFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // One module graph per worker, not per file: the server's modules are loaded once, not
          // 60 times (tests/api and tests/security: 169 s became 108 s). Nothing of a file's own
          // state leaks: each builds its app, database and mailbox, and restores what it stubs.
          isolate: false,
          include: ['tests/{api,unit,machines,security,reliability}/**/*.test.ts'],
          // Prints the model coverage table of every machine and fails below 100%.
          // And migrates one embedded database that every test database starts from.
          globalSetup: ['tests/machines/coverage-setup.ts', 'tests/support/pglite-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The tests of every file path again, with the files kept in a bucket (issue 55): each
          // test app starts an s3rver of its own on loopback (tests/support/s3.ts).
          name: 'bucket',
          environment: 'node',
          isolate: false,
          env: { TEST_OBJECT_STORAGE: 's3rver' },
          include: BUCKET_TESTS,
          globalSetup: ['tests/support/pglite-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
    ],
  },
});
