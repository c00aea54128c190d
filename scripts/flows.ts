import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FlowShape } from './flows/changes.ts';
import { compareFlows, formatChanges, shapeOf } from './flows/changes.ts';
import { stubMissingPackages } from './flows-since-hooks.ts';
import { COVERAGE_JSON, catalogueFiles } from './flows/catalogue-files.ts';
import { generateFlows } from './flows/diagrams.ts';
import { FLOWS_DIR, KEPT_FLOW_FILES, ROOT, loadMachines } from './flows/graph.ts';

/**
 * `npm run flows`: (re)writes docs/flows from the machines, then runs the model tests, whose
 * played paths make each machine's path catalogue (tests/machines/coverage-setup.ts).
 * `npm run flows -- --since <git ref> [--markdown] [--title <words>]`: writes nothing; prints
 * the refs compared and the day, a summary line, then, per machine, the states and transitions
 * added, removed and changed since that ref, with the versions before and after and the
 * declarations it runs whose code changed. With `--markdown` it is an entry of
 * docs/flows/CHANGES.md, `--title` its heading's words.
 */
const { values } = parseArgs({
  options: {
    since: { type: 'string' },
    markdown: { type: 'boolean', default: false },
    title: { type: 'string' },
  },
});

const shapes = (machines: Awaited<ReturnType<typeof loadMachines>>) =>
  new Map<string, FlowShape>(machines.map((m) => [m.name, shapeOf(m.machine)]));

if (values.since) {
  // The ref's machines, unpacked inside the project so that they resolve its packages.
  const dir = mkdtempSync(path.join(ROOT, '.flows-since-'));
  stubMissingPackages(dir);
  try {
    const archive = execFileSync('git', ['archive', values.since, 'machines', 'contract'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    const before = shapes(await loadMachines(dir));
    const after = shapes(await loadMachines());
    // What is compared with: the commit checked out when machines/ and contract/ are as it has them.
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--', 'machines', 'contract') !== '';
    const range = {
      from: git('rev-parse', '--short', values.since),
      to: changed ? `${head} with uncommitted changes` : head,
      date: new Date().toISOString().slice(0, 10),
      ...(values.title ? { title: values.title } : {}),
    };
    // The versions that ref published, when it had them: a version computed another way then is said.
    let published: Record<string, string> = {};
    try {
      published = JSON.parse(git('show', `${values.since}:docs/flows/versions.json`)) as Record<string, string>;
    } catch {
      // A ref before versions.json: the versions computed today stand for its own.
    }
    console.log(formatChanges(compareFlows(before, after, published), range, values.markdown));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  const files = await generateFlows();
  const keep = new Set([
    ...KEPT_FLOW_FILES,
    COVERAGE_JSON,
    ...(await loadMachines()).flatMap((m) => catalogueFiles(m.name)),
  ]);
  mkdirSync(FLOWS_DIR, { recursive: true });
  for (const old of readdirSync(FLOWS_DIR)) if (!files.has(old) && !keep.has(old)) rmSync(path.join(FLOWS_DIR, old));
  for (const [name, content] of files) writeFileSync(path.join(FLOWS_DIR, name), content);
  console.log(`Wrote ${files.size} files to docs/flows: ${[...files.keys()].join(', ')}`);
  console.log('Playing the model paths to write the path catalogues…');
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'node', 'tests/machines'],
    {
      cwd: ROOT,
      env: { ...process.env, FLOW_CATALOGUE: 'write' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log('Wrote the path catalogues: docs/flows/<machine>.md and <machine>.paths.json, and coverage.json');
}
