import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from './browsers.ts';
import pg from 'pg';
import { API_PREFIX, endpoints, pathOf } from '../../contract/endpoints.ts';
import { PdfWriter } from '../../server/adapters/pdf.ts';
import { NODE_FLAGS } from '../../server/config/node-flags.ts';
import { DEMO } from '../../server/seed/seed.ts';
import { freePort } from './global-setup.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../..');

/** A statement on the PostgreSQL server: by default its admin database; `url` for another. */
export async function admin<T>(sql: string, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)) as T;
  } finally {
    await client.end();
  }
}

/** The server of a file's staff journeys, known once its `beforeAll` has run. */
export interface StaffServer {
  /** The server's address. */
  base: string;
  /** Its own database on the PostgreSQL server. */
  databaseUrl: string;
  /** Its data folder (uploads, mail), where a test may put a file for a staff command. */
  dataDir: string;
  /** The staff command line, as `npm run staff -- ...` runs it beside the server; fails the test when it fails. */
  staff: (...args: string[]) => string;
}

/**
 * The second half of a case's life is played by the staff command line, as staff run it: next
 * to a running server. The embedded database is one process's only, so the file that calls
 * this runs its own server on PostgreSQL (TEST_DATABASE_URL, which CI sets) with the demo data,
 * started before its tests and removed after; each test's page opens on it in English.
 */
export function useStaffServer(): StaffServer {
  if (process.env.CI && !ADMIN_URL)
    throw new Error('CI must set TEST_DATABASE_URL: the staff journeys need PostgreSQL');
  test.skip(!ADMIN_URL, 'needs PostgreSQL (TEST_DATABASE_URL) to run the staff command line beside the server');
  let server: ChildProcess | undefined;
  let env: Record<string, string> = {};
  let database = '';
  const handle: StaffServer = {
    base: '',
    databaseUrl: '',
    dataDir: '',
    staff: (...args) => {
      const run = spawnSync(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'server', 'cli', 'staff.ts'), ...args], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`staff ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
      return run.stdout;
    },
  };

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    database = `portal_e2e_${process.pid}_${Date.now()}`;
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(ADMIN_URL as string);
    url.pathname = `/${database}`;
    handle.databaseUrl = url.toString();
    handle.dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-staff-'));
    const port = await freePort();
    env = {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: handle.databaseUrl,
      DATA_DIR: handle.dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-staff-journeys-secret-long-enough-0123456789',
    };
    server = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000);
      server?.stderr?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Housing bureau customer portal')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server?.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    handle.base = `http://127.0.0.1:${port}`;
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => (server?.exitCode !== null ? resolve(null) : server?.once('exit', resolve)));
    if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(handle.dataDir, { recursive: true, force: true });
  });

  // This server's pages start in Amharic like any first visit; the journeys read English.
  test.beforeEach(async ({ page }) => {
    await page.goto(`${handle.base}/`);
    await page.evaluate(() => localStorage.setItem('lan', 'En'));
  });
  return handle;
}

/** A call to the server's API, as its contract names it. */
export const callApi = (base: string, name: keyof typeof endpoints, init: RequestInit = {}) =>
  fetch(`${base}${API_PREFIX}${pathOf(name)}`, { method: endpoints[name].method, ...init });

/** The demo customer's session token on that server. */
export async function demoToken(base: string): Promise<string> {
  const login = await callApi(base, 'loginCustomerUser', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** The demo customer's cases by status, as the API lists them. */
export async function demoCases(base: string): Promise<{ _id: string; case_number: string; status: string }[]> {
  const token = await demoToken(base);
  return (await (
    await callApi(base, 'getAllCases', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as never;
}

/** A real PDF of one page with its title. */
export async function pdfFile(title: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const writer = await PdfWriter.create(title, 'e2e');
  return {
    name: 'document.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await writer.title(title).paragraph('A test document.').save()),
  };
}
