import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { Catalogue } from '../../contract/flow-catalogue.ts';
import type { PathResult } from '../../scripts/flows/graph.ts';
import { FLOWS_DIR, PATHS_DIR, ROOT } from '../../scripts/flows/graph.ts';
import { testModel } from './model.ts';

/** What `npm run test:paths -- <machine>` reports: each catalogue path, by its number, and how it went. */
describe('the paths a tester reads', () => {
  const file = path.join(PATHS_DIR, 'pathsDemo.jsonl');
  afterEach(() => {
    delete process.env.FLOW_PATHS;
    rmSync(file, { force: true });
  });

  it('a model test records each path it plays by its number, with the test and whether it passed', async () => {
    const demo = setup({
      guards: { filled: ({ context }: { context: { n: number } }) => context.n > 0 },
    }).createMachine({
      id: 'pathsDemo',
      context: { n: 1 },
      initial: 'editing',
      states: { editing: { on: { SEND: { guard: 'filled', target: 'sent' } } }, sent: { on: { BACK: 'editing' } } },
    });
    rmSync(file, { force: true });
    process.env.FLOW_PATHS = 'pathsDemo';
    const report = await testModel(demo, { events: () => [{ type: 'SEND' }, { type: 'BACK' }] });
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as PathResult);
    expect(lines.map((l) => l.path)).toEqual(Array.from({ length: report.paths }, (_, i) => i + 1));
    expect(lines.every((l) => l.passed && l.test.endsWith(expect.getState().currentTestName!))).toBe(true);
  });

  it('every entry of every catalogue names its test and the model path within it', () => {
    for (const name of readdirSync(FLOWS_DIR).filter((f) => f.endsWith('.paths.json'))) {
      const c = JSON.parse(readFileSync(path.join(FLOWS_DIR, name), 'utf8')) as Catalogue;
      for (const e of c.entries) expect(e.test, `${name}: ${e.title}`).toMatch(/^tests\/machines\/.+ › .+ › path \d+$/);
      const md = readFileSync(path.join(FLOWS_DIR, name.replace('.paths.json', '.md')), 'utf8');
      // The Markdown numbers the entries as the JSON orders them (once per language).
      const headings = [...md.matchAll(/^#### (\d+)\. `(.+)`$/gm)].map((m) => `${m[1]} ${m[2]}`);
      const numbered = c.entries.map((e, i) => `${i + 1} ${e.title}`);
      expect(headings).toEqual([...numbered, ...numbered]);
    }
  });

  const testPaths = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '1' };
    // Under `npm run flows` (FLOW_CATALOGUE=write) the run writes the catalogue as the whole run does.
    delete env.FLOW_PATHS;
    delete env.FLOW_COVERAGE_FILE;
    const run = spawnSync(process.execPath, ['scripts/test-paths.ts', ...args], { cwd: ROOT, env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.includes('\u001b['), 'colour codes').toBe(false);
    expect(run.stdout).not.toMatch(/\{"/); // No raw snapshots.
    return run.stdout;
  };
  const catalogueOf = (name: string) =>
    JSON.parse(readFileSync(path.join(FLOWS_DIR, `${name}.paths.json`), 'utf8')) as Catalogue;

  it('npm run test:paths -- apply --verbose plays only the files that play apply and prints the catalogue by its numbers, with its steps', () => {
    const out = testPaths('apply', '--verbose');
    const catalogue = catalogueOf('apply');
    const printed = [...out.matchAll(/^(\d+)\. (passed|FAILED|NOT PLAYED): (.+)$/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(printed).toEqual(catalogue.entries.map((e, i) => [String(i + 1), 'passed', e.title]));
    for (const e of catalogue.entries) for (const step of e.text.en.steps) expect(out).toContain(step);
    const files = new Set(catalogue.entries.map((e) => e.test.split(' › ')[0]));
    for (const f of readdirSync(path.join(ROOT, 'tests/machines')).filter((f) => f.endsWith('.test.ts')))
      expect(out.includes(`tests/machines/${f}`), f).toBe(files.has(`tests/machines/${f}`));
    expect(out).toContain(`${catalogue.entries.length} of ${catalogue.entries.length} paths passed.`);
  });

  it('by default, one line per entry; the moves a state refuses are listed under it, not counted as paths', () => {
    const out = testPaths('case-lifecycle');
    const catalogue = catalogueOf('case-lifecycle');
    const lines = out.slice(out.indexOf('The path catalogue of')).trim().split('\n').slice(1);
    const expected = catalogue.entries.flatMap((e, i) =>
      e.kind === 'refused'
        ? [
            `${i + 1}. refused moves, reached by a path that passed: ${e.title}`,
            ...e.text.en.refused!.map((l) => `   - ${l}`),
          ]
        : [`${i + 1}. passed: ${e.title}`],
    );
    const paths = catalogue.entries.filter((e) => e.kind !== 'refused').length;
    const refused = catalogue.entries.length - paths;
    expect(refused).toBeGreaterThan(0);
    expect(lines.filter(Boolean)).toEqual([
      ...expected,
      `${paths} of ${paths} paths passed; ${refused} entries list the moves refused on the way.`,
    ]);
  });
});
