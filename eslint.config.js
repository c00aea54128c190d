// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// The dependency direction of DESIGN.md: contract <- machines <- src; contract <- server.
const zones = [
  { target: './machines', from: ['./src', './server'], message: 'machines/ is framework-free: it never imports src/ or server/.' },
  { target: './contract', from: ['./src', './server', './machines'], message: 'contract/ depends on nothing of the project.' },
  { target: './server', from: ['./src', './machines'], message: 'server/ imports only contract/ from the shared code.' },
  { target: './src', from: ['./server'], message: 'The SPA talks to the server through the contract, never by import.' },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'docs', 'test-output', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } }, 'import-x/ignore': ['node_modules'] },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'react/*', '@xstate/react', 'wouter'], message: 'machines/ never imports React.' }] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/cli/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
