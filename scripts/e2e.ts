import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser journeys run when a Chromium is here (CHROMIUM_PATH or /usr/bin/chromium);
 * otherwise they are skipped, loudly, unless REQUIRE_BROWSER=1 makes that a failure.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = '!'.repeat(78);
  console.error(
    `\n${line}\n  BROWSER JOURNEYS SKIPPED: no Chromium at ${chromium}.\n  Install it (apt-get install chromium) or set CHROMIUM_PATH.\n${line}\n`,
  );
  process.exit(process.env.REQUIRE_BROWSER === '1' ? 1 : 0);
}
const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const result = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
