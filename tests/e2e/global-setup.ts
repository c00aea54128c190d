import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const MAILBOX = path.join(tmpdir(), 'portal-e2e-mailbox.json');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * The real thing for the browser journeys: a real SMTP server that keeps what it receives
 * in a mailbox file, the built SPA, and the API server on a free loopback port with a fresh
 * embedded database (reference data and the demo customer).
 */
export default async function globalSetup() {
  const mails: { to: string; subject: string; text: string }[] = [];
  writeFileSync(MAILBOX, '[]');
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({ to: session.envelope.rcptTo[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          writeFileSync(MAILBOX, JSON.stringify(mails));
          done();
        })
        .catch(done);
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const build = spawn(process.execPath, [path.join(ROOT, 'scripts', 'ensure-spa.ts')], { cwd: ROOT, stdio: 'inherit' });
  await new Promise((resolve, reject) => build.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error('SPA build failed')))));
  const server = spawn(process.execPath, [path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_TTL_MINUTES: '60',
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
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  return async () => {
    server.kill('SIGTERM');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
