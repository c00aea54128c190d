import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import pg from 'pg';
import { NODE_FLAGS } from '../server/config/node-flags.ts';
import { CHROMIUM } from './chromium.ts';

/** What the benchmark scripts share: a free loopback port, a fresh PostgreSQL database, the production server. */
const ROOT = path.resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const answers = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    const end = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500);
    socket
      .once('connect', () => end(true))
      .once('error', () => end(false))
      .once('timeout', () => end(false));
    socket.connect(port, host);
  });

/** A fresh database on the PostgreSQL server, dropped at the end. */
export async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base =
    process.env.DATABASE_URL ??
    ((await answers('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
  if (!base) return null;
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startPortal(
  env: Record<string, string>,
): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // No SMTP server or SMSC here: mail and SMS go to the development outbox (never printed in production).
      DEV_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      TRUST_PROXY: '1',
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the portal did not start within 120 s')), 120_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Housing bureau customer portal')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the portal exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

/** Every request from its own client address, as many visitors behind the bureau's proxy would be. */
export const someone = () =>
  `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

/** The system Chromium, headless, quiet (nothing fetched but what a page asks for). */
export const launchChromium = (): Promise<Browser> =>
  puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/**
 * The browser benchmarks' frame: the SPA built when its sources changed, the production
 * server on a fresh PostgreSQL database (or PGlite), the system Chromium; all of it ended
 * after `run`, whatever happens.
 */
export async function withBrowserOnPortal(run: (browser: Browser, url: string) => Promise<void>): Promise<void> {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-spa.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const database = await postgresDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const portal = await startPortal({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
  const browser = await launchChromium();
  try {
    await run(browser, portal.url);
  } finally {
    await browser.close();
    portal.stop();
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
