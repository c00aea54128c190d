import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogs } from './scripts/vite-plugins.ts';

export default defineConfig({
  plugins: [catalogs(), react(), vanillaExtractPlugin()],
  test: {
    // Database suites start PGlite (a few seconds) and hash passwords with argon2id.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
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
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
    ],
  },
});
