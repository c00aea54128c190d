import path from 'node:path';
import { parseCircular, parseDependencyTree, shortenTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * No two modules of the project import each other, however far round and type imports
 * included (issue 53): ESLint's import-x/no-cycle skips type imports, so a module whose
 * types come from the module that uses it passes the lint. dpdm reads every import, types too.
 */
describe('the import graph', () => {
  it('has no circle in the shared code, the server, the SPA or the scripts, type imports included', async () => {
    const tree = await parseDependencyTree(
      ['contract/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts', 'src/**/*.ts', 'src/**/*.tsx', 'scripts/**/*.ts'],
      { context: ROOT, cwd: ROOT, transform: false, tsconfig: path.join(ROOT, 'tsconfig.json') },
    );
    expect(parseCircular(shortenTree(ROOT, tree))).toEqual([]);
  }, 60_000);
});
