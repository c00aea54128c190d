// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';

/**
 * The dependency direction of docs/architecture.md: contract <- machines <- src; contract <- server.
 * Each folder may not import the folders named here (matched on the import path).
 */
const layer = (message, folders, extra = []) => [
  'error',
  { patterns: [{ regex: `(^|/)(${folders.join('|')})/`, message }, ...extra] },
];

const SERVER_MESSAGE = 'server/ imports only contract/ from the shared code.';

/** A statement of SQL in a string or template: only repositories, db/, migrations and the seed write them. */
const SQL = '/\\b(SELECT|INSERT INTO|DELETE FROM|UPDATE [a-z_]+ SET|VACUUM|CREATE (TABLE|INDEX))\\b/';
const SQL_MESSAGE = 'SQL lives in a repository (a file named repository.ts) or server/db/, never beside the rules.';
const SPA_MESSAGE = 'The SPA talks to the server through the contract, never by import.';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'docs', 'test-output', 'coverage', '.stryker-tmp', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': layer('contract/ depends on nothing of the project.', ['src', 'server', 'machines']),
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': layer(
        'machines/ is framework-free: it never imports src/ or server/.',
        ['src', 'server'],
        [
          {
            group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react', 'wouter'],
            message: 'machines/ never imports React.',
          },
        ],
      ),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': layer(SERVER_MESSAGE, ['src', 'machines']) },
  },
  {
    // What the server talks to knows nothing of what uses it (docs/architecture.md).
    files: ['server/adapters/**/*.ts', 'server/db/**/*.ts', 'server/notify/**/*.ts'],
    rules: {
      'no-restricted-imports': layer(
        SERVER_MESSAGE,
        ['src', 'machines'],
        [
          {
            regex: '(^|/)((plugins|routes|cases|customers|reference|feedback|sms|seed|cli)/|context\\.ts$)',
            message: 'An adapter never imports the domains, plugins, routes or context that use it.',
          },
        ],
      ),
    },
  },
  {
    files: ['server/{cases,customers,reference,feedback,sms}/**/*.ts'],
    rules: {
      'no-restricted-imports': layer(
        SERVER_MESSAGE,
        ['src', 'machines'],
        [
          {
            regex: '(^|/)(plugins|routes|seed|cli)/',
            message: 'A domain module never imports the plugins, routes, seed or command line above it.',
          },
        ],
      ),
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/repository.ts', 'server/db/**', 'server/seed/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${SQL}]`, message: SQL_MESSAGE },
        { selector: `TemplateElement[value.raw=${SQL}]`, message: SQL_MESSAGE },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': layer(SPA_MESSAGE, ['server']),
    },
  },
  {
    // Components are the bottom of the SPA: the app and the screens use them, never the reverse.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layer(
        SPA_MESSAGE,
        ['server'],
        [{ regex: '(^|/)(app|screens)/', message: 'src/ui/ never imports src/app/ or src/screens/.' }],
      ),
    },
  },
  {
    // A screen is a room of its own: what two screens share belongs in src/ui/ or a machine.
    files: ['src/screens/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layer(
        SPA_MESSAGE,
        ['server'],
        [
          {
            regex: '^\\.\\./(?!\\.\\./)',
            message: 'A screen never imports a sibling screen: share through src/ui/ or machines/.',
          },
          {
            regex: '(^|/)app/(?!for-screens/)',
            message: 'A screen takes what it needs of src/app/ from src/app/for-screens/, its public surface.',
          },
        ],
      ),
    },
  },
  {
    files: ['contract/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A file a reader takes in whole (issue 53): past this, split it by what its parts do.
    files: ['contract/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['server/cli/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // Layout is Prettier's (npm run format); no lint rule argues with it.
  prettier,
);
