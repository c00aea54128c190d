// @ts-check
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'machines/**/*.ts',
    'contract/rules.ts',
    'contract/case-rules.ts',
    'contract/limits.ts',
    'contract/case-lifecycle.machine.ts',
    'contract/dates.ts',
    'contract/phone.ts',
    'server/cases/lifecycle.ts',
    'server/cases/visibility.ts',
    'server/cases/lateness.ts',
    'server/config/rate-rules.ts',
    'server/adapters/tokens.ts',
    'server/sms/read-command.ts',
    'contract/case-number.ts',
    'server/sms/answers.ts',
  ],
  ignorePatterns: ['!.git', 'dist', 'data', 'test-output', 'reports'],
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
};
