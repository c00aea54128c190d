import { spawn } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** A command of the project's own node_modules/.bin. */
export const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

export interface JobResult {
  name: string;
  ok: boolean;
  out: string;
}

/** Runs a command, its output kept until it ends so that two jobs never interleave their lines. */
export function run(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<JobResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1', ...env } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => {
      const ok = code === 0;
      console.log(`${ok ? '✓' : '✗'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (!ok) console.log(out);
      resolve({ name, ok, out });
    });
  });
}

/** Runs the jobs of a chain one after the other, stopping at the first that fails. */
export async function chain(...jobs: (() => Promise<JobResult>)[]): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of jobs) {
    const result = await job();
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

/**
 * The linters and the type checks, side by side (two cores, two single-threaded jobs): what
 * `npm run lint` and `npm run typecheck` run, in the time of the longer one.
 */
export const checks = async (): Promise<JobResult[]> =>
  (
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
