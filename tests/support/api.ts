import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import yauzl from 'yauzl';
import pino from 'pino';
import type { Logger } from 'pino';
import { expect, inject } from 'vitest';
import type { CaseList } from '../../contract/entities.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import { API_PREFIX, endpoints, pathOf } from '../../contract/endpoints.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/config.ts';
import type { TestBucket } from './s3.ts';
import { startBucket, testStore } from './s3.ts';
import type { Context } from '../../server/context.ts';
import type { OutboxTiming } from '../../server/notify/outbox.ts';
import { closeContext, createContext } from '../../server/context.ts';
import type { Db } from '../../server/db/client.ts';
import { migrate, openPglite, openPostgres } from '../../server/db/client.ts';
import type { Rules } from '../../server/config/rate-rules.ts';
import { DEFAULT_RULES } from '../../server/config/rate-rules.ts';
import { seedReference } from '../../server/seed/seed.ts';
import { answerSms } from '../../server/sms/inbox.ts';
import { PdfWriter } from '../../server/adapters/pdf.ts';

/** Every database test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh database: PGlite in memory (or in `dir`), or a new database on the test PostgreSQL server. */
async function freshDb(backend: 'pglite' | 'postgres', dir?: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    // In memory, from the run's migrated dump (tests/support/pglite-template.ts) when there is one.
    const template = dir ? undefined : inject('pgliteTemplate');
    const db = await openPglite(dir, template ? new Blob([readFileSync(template)]) : undefined);
    await migrate(db);
    return { db, drop: async () => undefined };
  }
  const { url, drop } = await createPostgresDatabase();
  const db = await openPostgres(url, 5);
  await migrate(db);
  return { db, drop };
}

/** A new, empty database on the test PostgreSQL server (TEST_DATABASE_URL), and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: Context;
  dataDir: string;
  /** The s3rver the files are kept in; null when they are kept in the data folder. */
  bucket: TestBucket | null;
  close(): Promise<void>;
}

/**
 * Generous limits so that tests of other things never meet a 429 by accident: every
 * per-route rule, and the login limit per account (the other per-account rules stay).
 */
const GENEROUS = { max: 10_000, windowMs: 60_000 };
const RELAXED: Partial<Rules> = {
  ...Object.fromEntries(
    Object.keys(DEFAULT_RULES)
      .filter((name) => !name.startsWith('account:'))
      .map((name) => [name, GENEROUS]),
  ),
  'account:login': { max: 1000, windowMs: 60_000 },
  'account:loginTotal': { max: 1000, windowMs: 60_000 },
};

export async function startApp(
  backend: 'pglite' | 'postgres',
  options: {
    env?: Record<string, string>;
    rules?: Partial<Rules>;
    seed?: boolean;
    log?: Logger;
    /** Print the development outbox as the configuration says (the tests' default: never). */
    outboxAsConfigured?: boolean;
    /** PGlite in files under `<dataDir>/db`, as `npm start` keeps it, instead of in memory. */
    onDisk?: boolean;
    /** A connection's idle limit (server/config/tuning.ts), shorter where a test waits for it. */
    requestIdleMs?: number;
    /** The outbox's poll and first retry (server/config/tuning.ts), shorter where a test waits for a retry. */
    outbox?: Partial<OutboxTiming>;
    /** Where files are kept: the data folder, or a bucket of its own on an s3rver (TEST_OBJECT_STORAGE). */
    store?: 'disk' | 'bucket';
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const bucket = (options.store ?? testStore()) === 'bucket' ? await startBucket() : null;
  const config = loadConfig({
    ...(bucket ? { OBJECT_STORAGE_URL: bucket.url } : {}),
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    SPA_DIR: path.join(dataDir, 'no-spa'),
    ...options.env,
  });
  const { db, drop } = await freshDb(backend, options.onDisk ? path.join(dataDir, 'db') : undefined);
  const ctx = await createContext(config, options.log ?? pino({ level: 'silent' }), {
    db,
    rules: { ...RELAXED, ...options.rules },
    onSms: answerSms,
    ...(options.outbox ? { outbox: options.outbox } : {}),
    ...(options.outboxAsConfigured ? {} : { printMail: false }),
  });
  if (options.seed !== false) await seedReference(db);
  const app = await buildApp(ctx, options.requestIdleMs ? { requestIdleMs: options.requestIdleMs } : {});
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    bucket,
    async close() {
      await app.close();
      await closeContext(ctx);
      await drop();
      await bucket?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An outbox that looks every 100 ms and retries after 300 ms (then 600, …): for the tests that wait for a retry. */
export const QUICK_OUTBOX: OutboxTiming = { pollMs: 100, retryFirstMs: 300 };

let ipCounter = 0;
/** A new client address, so that per-client rate limits of one test do not touch another. */
export const freshIp = (): string => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls an endpoint of the contract by name, through the app in process. */
export async function call(t: TestApp, name: EndpointName, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const def = endpoints[name];
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | Buffer | undefined;
  if (options.form) {
    const request = new Request('http://local/', { method: 'POST', body: options.form });
    payload = Buffer.from(await request.arrayBuffer());
    headers['content-type'] = request.headers.get('content-type') as string;
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({
    method: def.method,
    url: `${API_PREFIX}${pathOf(name, options.params)}`,
    ...(options.query ? { query: options.query } : {}),
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;

/** An error answer: the status, Message_* in the six languages, and nothing internal. */
export function expectError(res: LightMyRequestResponse, status: number, code?: string): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  const body = json(res);
  for (const lang of ['en', 'am', 'or', 'tg', 'sm', 'af']) expect(typeof body[`Message_${lang}`]).toBe('string');
  expect(String(body.Message_en).length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
  expect(res.body).not.toMatch(/\bat .*\.ts:\d+|SELECT |INSERT |\/work\/|node_modules|stack/i);
  return body;
}

export async function pdfBytes(title = 'Test document'): Promise<Uint8Array> {
  const w = await PdfWriter.create(title, 'test');
  return w.title(title).paragraph('የሙከራ ሰነድ — a test document.').save();
}

/** The names of the fonts embedded in a PDF (parsed with pdf-lib, so the PDF must be valid). */
export async function pdfFonts(bytes: Uint8Array): Promise<string[]> {
  const { PDFDict, PDFDocument, PDFName } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBeGreaterThan(0);
  const names: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) {
      names.push(String(object.get(PDFName.of('BaseFont'))));
    }
  }
  return names;
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function file(bytes: Uint8Array | Buffer, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

let emailCounter = 0;
export const uniqueEmail = (): string => `customer${++emailCounter}-${randomBytes(3).toString('hex')}@example.et`;
/** A mobile number no other registration of the run gives (registrations count per phone). */
export const uniquePhone = (): string => `09${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

export function registrationForm(overrides: Record<string, string> = {}, picture?: File): FormData {
  const form = new FormData();
  const fields = {
    firstname: 'Almaz',
    middlename: 'Bekele',
    lastname: 'Gebre',
    email: uniqueEmail(),
    password: 'a-long-enough-password',
    subcity: 'Kirkos',
    woreda: '05',
    house_number: '123',
    phone: uniquePhone(),
    house_phone_number: '0115150000',
    gender: 'Female',
    preferred_language: 'En',
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) if (v !== '__omit__') form.append(k, v);
  if (picture) form.append('picture', picture);
  return form;
}

/** The messages to `email` in the development outbox of a data folder, oldest first (whole files only: `writeWhole`). */
export function outboxMails(dataDir: string, email: string): { to: string; text: string; subject: string }[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; subject: string })
    .filter((m) => m.to === email);
}

/** The OTP code in the newest outbox message to `email`. */
export function outboxCode(dataDir: string, email: string): string {
  const code = /\b(\d{6})\b/.exec(outboxMails(dataDir, email).at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The development outbox's messages to `email`, oldest first, once the queue has sent them. */
export async function mailsTo(t: TestApp, email: string): Promise<{ to: string; text: string; subject: string }[]> {
  await t.ctx.outbox.flush();
  return outboxMails(t.dataDir, email);
}

/** The OTP code from the newest outbox message to `email`. */
export async function otpFromOutbox(t: TestApp, email: string): Promise<string> {
  await t.ctx.outbox.flush();
  return outboxCode(t.dataDir, email);
}

/** The claims a session token carries (read without checking its signature: the server does that). */
export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    user: { id: string };
    jti: string;
    tv: number;
    exp: number;
    iat: number;
  };

/** A statement run with the triggers off: the server's kept answers are not told (migrations 006, 007). */
export const unseen = (t: TestApp, sql: string, params: unknown[] = []) =>
  t.ctx.db.tx(async (q) => {
    await q.query('SET LOCAL session_replication_role = replica');
    await q.query(sql, params);
  });

/** Registers, verifies and logs in a new customer; answers the token and the customer id. */
export async function newCustomer(
  t: TestApp,
  overrides: Record<string, string> = {},
  picture?: File,
): Promise<{ token: string; id: string; email: string; phone: string }> {
  const form = registrationForm(overrides, picture);
  const email = String(form.get('email'));
  const phone = String(form.get('phone'));
  const reg = await call(t, 'createCustomerUser', { form, ip: freshIp() });
  expect(reg.statusCode, reg.body).toBe(201);
  const otp = await otpFromOutbox(t, email);
  // The browser that registered names its registration (ADR 0029).
  const { registration } = json<{ registration: string }>(reg);
  const ok = await call(t, 'validateCustomerOtp', { body: { email, otp, registration }, ip: freshIp() });
  expect(ok.statusCode, ok.body).toBe(200);
  const login = await call(t, 'loginCustomerUser', {
    body: { email, password: 'a-long-enough-password' },
    ip: freshIp(),
  });
  expect(login.statusCode, login.body).toBe(200);
  const token = json<{ token: string }>(login).token;
  return { token, id: claimsOf(token).user.id, email, phone };
}

/** An active case type of an open division with a select question (every input type is seeded). */
export function pickOpenCaseList(
  lists: CaseList[],
  divisions: { _id: string; status: string; special: string }[],
): CaseList {
  const openDivisions = new Set(divisions.filter((d) => d.status === 'active' && d.special === 'no').map((d) => d._id));
  return lists.find(
    (l) =>
      l.status === 'active' && openDivisions.has(l.division._id) && l.questions.some((q) => q.inputType === 'select'),
  ) as CaseList;
}

export async function openCaseList(t: TestApp): Promise<CaseList> {
  return pickOpenCaseList(json(await call(t, 'getAllCaseList')), json(await call(t, 'getAllDivisions')));
}

export interface Received {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a loopback port (0: any); every message it gets goes to `onMail`. */
export async function smtpServer(
  port: number,
  onMail: (mail: Received) => void,
): Promise<{ port: number; close: () => Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  const { simpleParser } = await import('mailparser');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          onMail({ to: session.envelope.rcptTo[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An application for the first active case type of an open division, every question answered. */
export function applicationFor(
  cl: CaseList,
  overrides: Record<string, string> = {},
  extra: Record<string, string | Blob> = {},
): FormData {
  const answers = cl.questions.map((q) => ({
    [q._id]:
      overrides[q._id] ??
      (q.inputType === 'select' ? (q.enumValues[0]?._id ?? '') : q.dataType === 'number' ? '4' : 'Block 12'),
  }));
  const form = new FormData();
  form.append('division', cl.division._id);
  form.append('caselist', cl._id);
  form.append('form', JSON.stringify(answers));
  form.append('remark', 'Please process quickly. እባክዎ በፍጥነት ያስተናግዱ።');
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

/** The entries of a ZIP, by name, with their bytes. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}
