import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import type { Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import type { EndpointName } from '../../contract/endpoints.ts';
import { API_PREFIX, OPERATOR_PATHS, endpoints, pathOf } from '../../contract/endpoints.ts';
import { NODE_FLAGS } from '../../server/config/node-flags.ts';
import type { CaseList } from '../../contract/entities.ts';
import { outboxCode, outboxMails, pickOpenCaseList, registrationForm } from '../support/api.ts';

/** These suites run real server processes on the machine's PostgreSQL and Redis (CI has both). */
export const SERVICES = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
if (process.env.CI && !SERVICES)
  throw new Error('CI must set TEST_DATABASE_URL and TEST_REDIS_URL: the multi-process suites need them');

export const JWT_SECRET = 'multi-process-secret-that-is-long-enough-0123456789';
export const PASSWORD = 'a-long-enough-password';

/** A Redis database of its own (a number), emptied: counters of other suites and runs do not count. */
export async function freshRedis(db: number): Promise<string> {
  const url = new URL(process.env.TEST_REDIS_URL as string);
  url.pathname = `/${db}`;
  const redis = new Redis(url.toString());
  await redis.flushdb();
  await redis.quit();
  return url.toString();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown, no flush, as a crash or an OOM kill. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** `node server/main.ts` as `npm start` runs it, on a loopback port, answering once ready. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listen = port ?? (await freePort());
  const child = spawn(process.execPath, [...NODE_FLAGS, 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      // The suites read what was sent from the development outbox (never printed in production).
      DEV_OUTBOX: 'true',
      HOST: '127.0.0.1',
      PORT: String(listen),
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SPA_DIR: '/nonexistent',
      // Behind a reverse proxy, as docs/deploy.md runs it: the tests give each client an address.
      TRUST_PROXY: '1',
      // The suites file many applications as one customer: more than one person's hourly limit.
      RATE_LIMITS: 'createCase=1000/1h',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    const ready = await fetch(`${base}${OPERATOR_PATHS.ready}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port: listen,
    child,
    output: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** The readiness check of a running server. */
export const ready = (server: { base: string }): Promise<Response> => fetch(`${server.base}${OPERATOR_PATHS.ready}`);

let clients = 0;
/** A new client address (X-Forwarded-For), so that per-client limits of one step do not touch another. */
export const nextClient = (): string => `10.77.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

export interface Call {
  params?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  token?: string;
  client?: string;
}

/** Calls an endpoint of the contract on a running server. */
export async function api(server: { base: string }, name: EndpointName, options: Call = {}): Promise<Response> {
  const def = endpoints[name];
  const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? nextClient() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  return fetch(`${server.base}${API_PREFIX}${pathOf(name, options.params)}`, {
    method: def.method,
    headers,
    ...(body ? { body } : {}),
  });
}

/** Registers (on `a`), verifies and logs in (on `b`) a new customer. */
export async function customerOn(
  a: { base: string },
  b: { base: string },
  dataDir: string,
): Promise<{ token: string; email: string }> {
  const form = registrationForm();
  const email = String(form.get('email'));
  expect((await api(a, 'createCustomerUser', { form })).status).toBe(201);
  await expect.poll(() => outboxMails(dataDir, email).length).toBeGreaterThan(0);
  const otp = outboxCode(dataDir, email);
  // Another process than the one registered on, as another browser would: the password goes with the code (ADR 0029).
  expect((await api(b, 'validateCustomerOtp', { body: { email, otp, password: PASSWORD } })).status).toBe(200);
  const login = await api(b, 'loginCustomerUser', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return { token: ((await login.json()) as { token: string }).token, email };
}

/**
 * A TCP proxy on a loopback port in front of `target` (PostgreSQL): `cut()` drops every
 * connection and refuses new ones, as a database that went away; `restore()` brings it back.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The case type the suites apply for, as a running server lists it. */
export async function openCaseListOf(server: { base: string }): Promise<CaseList> {
  return pickOpenCaseList(
    (await (await api(server, 'getAllCaseList')).json()) as CaseList[],
    (await (await api(server, 'getAllDivisions')).json()) as never,
  );
}

/** The staff command line as `npm run staff -- ...` runs it beside a server, with that server's environment. */
export const staffCommand =
  (env: () => Record<string, string>) =>
  (...args: string[]) =>
    spawnSync(
      process.execPath,
      [...NODE_FLAGS, path.resolve(import.meta.dirname, '../../server/cli/staff.ts'), ...args],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: env(),
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
