import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser), the browser a person runs: CHROMIUM_PATH or /usr/bin/chromium. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`, when it is installed (`.ci/run` installs it): the same
 * Chromium, Blink and V8 as CHROMIUM, built without the browser's own window (its tab strip
 * and address bar, drawn by every window even headless) and without its PDF viewer.
 * Playwright's own default for headless runs. A screen test takes about two thirds of the
 * time in it (ADR 0033). Without it, CHROMIUM.
 */
const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const HEADLESS_SHELL = existsSync(shell) ? shell : CHROMIUM;
