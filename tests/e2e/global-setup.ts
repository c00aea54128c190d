import { spawn } from 'node:child_process';
import type { FullConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { TEST_BUCKET, startBucket } from '../support/s3.ts';
import { startSmsc } from '../support/smsc.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import { API_PREFIX, endpoints, pathOf } from '../../contract/endpoints.ts';
import type { CaseList } from '../../contract/entities.ts';
import { FIELD_LIMITS, TEXT_LIMITS } from '../../contract/limits.ts';
import { DEMO } from '../../server/seed/seed.ts';
import { NODE_FLAGS } from '../../server/config/node-flags.ts';
import { writeWhole } from '../../server/notify/mail.ts';
import { atLimit } from '../long-values.ts';

export interface Seeded {
  /** A session of the demo customer, for the screens that need one. */
  token: string;
  customerId: string;
  /** One of the demo's cases in each status. */
  cases: Record<'pending' | 'ongoing' | 'responded' | 'verified' | 'rejected', { id: string; number: string }>;
  /** An open division. */
  division: string;
}

/**
 * A second customer for the audit of issue 23: every free text at its limit with no space,
 * Ethiopic and Latin; with one pending case whose remark and answers are at their limits.
 * Registered and filed through the API, its code read from the run's own mailbox.
 */
async function longValuesData(
  baseUrl: string,
  mails: { to: string; text: string }[],
  division: string,
): Promise<Seeded> {
  const url = (name: EndpointName) => `${baseUrl}${API_PREFIX}${pathOf(name)}`;
  const email = `long-values-${Date.now()}@example.et`;
  const password = 'a-long-enough-password';
  const form = new FormData();
  const fields = {
    firstname: atLimit('ሀለሐመሠረሰሸቀበ', FIELD_LIMITS.firstname),
    middlename: atLimit('Wolde-Giorgis', FIELD_LIMITS.middlename),
    lastname: atLimit('ዘዠየደጀገጠጨጰጸ', FIELD_LIMITS.lastname),
    subcity: atLimit('ፀፈፐቨ', FIELD_LIMITS.subcity),
    woreda: atLimit('0123456789', FIELD_LIMITS.woreda),
    house_number: atLimit('1234567890', FIELD_LIMITS.house_number),
    house_phone_number: '0115150000',
    phone: '0911000023',
    gender: 'Female',
    preferred_language: 'Am',
    email,
    password,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if ((await fetch(url('createCustomerUser'), { method: 'POST', body: form })).status !== 201)
    throw new Error('the long-values customer was not registered');
  let otp = '';
  for (let i = 0; i < 100 && !otp; i++) {
    otp = /(\d{6})/.exec(mails.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1] ?? '';
    if (!otp) await new Promise((r) => setTimeout(r, 100));
  }
  const json = { 'content-type': 'application/json' };
  await fetch(url('validateCustomerOtp'), {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, otp, password }),
  });
  const login = await fetch(url('loginCustomerUser'), {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const c = await fileCase(
    baseUrl,
    token,
    division,
    atLimit('ቤትHouse', TEXT_LIMITS.answer),
    atLimit('ማመልከቻRemark', TEXT_LIMITS.remark),
  );
  const pending = { id: c._id, number: c.case_number };
  const customerId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user: { id: string } }
  ).user.id;
  // One case, pending: the screens of the other statuses show it too.
  return {
    token,
    customerId,
    cases: { pending, ongoing: pending, responded: pending, verified: pending, rejected: pending },
    division,
  };
}

/** A case filed through the API as the apply form files it: the division's open request, every question answered. */
export async function fileCase(
  baseUrl: string,
  token: string,
  division: string,
  answer = 'House',
  remark = 'Filed by a browser test',
): Promise<{ _id: string; case_number: string }> {
  const url = (name: EndpointName) => `${baseUrl}${API_PREFIX}${pathOf(name)}`;
  const lists = (await (await fetch(url('getAllCaseList'))).json()) as CaseList[];
  const list = lists.find((l) => l.status === 'active' && l.division._id === division) ?? lists[0];
  if (!list) throw new Error('no case request to apply for');
  const answers = list.questions.map((q) => ({
    [q._id]: q.inputType === 'select' ? (q.enumValues[0]?._id ?? '') : q.dataType === 'number' ? '4' : answer,
  }));
  const application = new FormData();
  application.append('division', list.division._id);
  application.append('caselist', list._id);
  application.append('form', JSON.stringify(answers));
  application.append('remark', remark);
  const filed = await fetch(url('createCase'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: application,
  });
  if (filed.status !== 201) throw new Error(`the case was not filed (${filed.status})`);
  return ((await filed.json()) as { case: { _id: string; case_number: string } }).case;
}

/** What the browser tests need from the seeded data, asked of the API once for the whole run. */
async function seededData(baseUrl: string): Promise<Seeded> {
  const api = async <T>(name: EndpointName, init: { token?: string; body?: unknown } = {}): Promise<T> => {
    const def = endpoints[name];
    const res = await fetch(`${baseUrl}${API_PREFIX}${pathOf(name)}`, {
      method: def.method,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    if (!res.ok) throw new Error(`${name} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const { token } = await api<{ token: string }>('loginCustomerUser', {
    body: { email: DEMO.email, password: DEMO.password },
  });
  const customerId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user: { id: string } }
  ).user.id;
  const all = await api<{ _id: string; case_number: string; status: keyof Seeded['cases'] }[]>('getAllCases', {
    token,
  });
  const cases = Object.fromEntries(all.map((c) => [c.status, { id: c._id, number: c.case_number }])) as Seeded['cases'];
  const divisions = await api<{ _id: string; status: string; special: string }[]>('getAllDivisions');
  const division = divisions.find((d) => d.status === 'active' && d.special === 'no')?._id ?? '';
  return { token, customerId, cases, division };
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A free loopback port (the e2e servers and SMTP listen on loopback only). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** What one worker's tests run against: their own server, data, mailbox and SMSC. */
export interface Stack {
  baseUrl: string;
  mailbox: string;
  smsbox: string;
  seeded: Seeded;
  seededLong: Seeded;
  /** The bucket the stack keeps its files in (`bucketStack`, issue 55); none: its data folder. */
  bucket?: { endpoint: string; name: string };
}

/**
 * The real thing for one worker's browser journeys: a real SMTP server that keeps what it
 * receives in a mailbox file, a real SMSC, and the API server (serving the built SPA) on a
 * free loopback port with a fresh embedded database (reference data and the demo customer).
 * Each worker has a stack of its own, so that no test sees what another worker's test filed.
 */
async function startStack(index: number | 'bucket'): Promise<{ stack: Stack; stop: () => Promise<void> }> {
  // The files in an S3 bucket (s3rver on loopback), as OBJECT_STORAGE_URL keeps them.
  const bucket = index === 'bucket' ? await startBucket() : null;
  // The stack's own mailbox, always written whole: a test reading it while a mail arrives sees
  // the mails before or after, never half a file.
  const boxes = mkdtempSync(path.join(tmpdir(), `portal-e2e-${index}-mail-`));
  const mailbox = path.join(boxes, 'mailbox.json');
  const mails: { to: string; subject: string; text: string }[] = [];
  const keep = () => writeWhole(mailbox, JSON.stringify(mails));
  keep();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            to: session.envelope.rcptTo[0]?.address ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          keep();
          done();
        })
        .catch(done);
    },
  });
  // A real SMSC for the SMS journeys (the smpp package's server), keeping what it receives in its own file.
  const smsbox = path.join(boxes, 'smsbox.json');
  const smsc: Awaited<ReturnType<typeof startSmsc>> = await startSmsc({
    systemId: 'bureau',
    password: 'e2e-password',
    onPart: () => writeWhole(smsbox, JSON.stringify(smsc.messages().map(({ to, text }) => ({ to, text })))),
  });
  writeWhole(smsbox, '[]');
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-e2e-${index}-`));
  const server = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMPP_URL: smsc.url,
      SMS_SENDER: 'HousingBur',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_TTL_MINUTES: '60',
      ...(bucket ? { OBJECT_STORAGE_URL: bucket.url } : {}),
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000);
    // The runner prints the portal's address on stderr once it listens.
    server.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      if (chunk.toString().includes('Housing bureau customer portal')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const seeded = await seededData(baseUrl);
  const seededLong = await longValuesData(baseUrl, mails, seeded.division);
  return {
    stack: {
      baseUrl,
      mailbox,
      smsbox,
      seeded,
      seededLong,
      ...(bucket ? { bucket: { endpoint: bucket.endpoint, name: TEST_BUCKET } } : {}),
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await smsc.close();
      await bucket?.stop();
    },
  };
}

/**
 * The stacks of the run, one per worker (`E2E_STACKS`), a worker finding its own by
 * TEST_PARALLEL_INDEX (tests/e2e/journeys.ts), and last the bucket's (`bucketStack`).
 */
export default async function globalSetup(config: FullConfig) {
  const build = spawn(process.execPath, [path.join(ROOT, 'scripts', 'ensure-spa.ts')], { cwd: ROOT, stdio: 'inherit' });
  await new Promise((resolve, reject) =>
    build.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error('SPA build failed')))),
  );
  // One stack per worker, and one more whose files are in a bucket, for tests/e2e/bucket.spec.ts.
  const started = await Promise.all([
    ...Array.from({ length: config.workers }, (_, i) => startStack(i)),
    startStack('bucket'),
  ]);
  process.env.E2E_STACKS = JSON.stringify(started.map((s) => s.stack));
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}
