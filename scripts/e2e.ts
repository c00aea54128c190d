import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, HEADLESS_SHELL } from './chromium.ts';

/**
 * The browser journeys run when a Chromium is here (CHROMIUM_PATH or /usr/bin/chromium);
 * otherwise they are skipped, loudly, unless REQUIRE_BROWSER=1 makes that a failure. Most run
 * in Chromium's headless shell when it is installed, all in Chromium when not (ADR 0033).
 */
if (!existsSync(CHROMIUM)) {
  const line = '!'.repeat(78);
  console.error(
    `\n${line}\n  BROWSER JOURNEYS SKIPPED: no Chromium at ${CHROMIUM}.\n  Install it (apt-get install chromium) or set CHROMIUM_PATH.\n${line}\n`,
  );
  process.exit(process.env.REQUIRE_BROWSER === '1' ? 1 : 0);
}
if (HEADLESS_SHELL === CHROMIUM)
  console.error(
    'No chromium-headless-shell: every browser test runs in Chromium, about a third slower (apt-get install chromium-headless-shell).',
  );
const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const result = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
