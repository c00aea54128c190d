import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start` builds the SPA (and the evidence pack beside it: docs/flows, docs/trace.json and
 * docs/mutation are among its sources) when its build is missing or older than its sources, so that
 * `npm ci && npm start` serves the portal on a fresh clone.
 */
const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.built');
const inputs = [
  'src',
  'machines',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/build.ts',
  'scripts/evidence.ts',
  'scripts/evidence',
  'docs/flows',
  'docs/trace.json',
  'docs/mutation',
  'scripts/boot.ts',
  'scripts/vite-plugins.ts',
  'package-lock.json',
];

function newest(p: string): number {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(full).map((entry) => newest(path.join(p, entry))));
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (built === 0 || Math.max(...inputs.map(newest)) > built) {
  console.log(built === 0 ? 'Building the SPA (first start)…' : 'The SPA sources changed: rebuilding…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.ts')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The SPA build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
