import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { OPENAPI_PATH } from './plugins/openapi.ts';
import { openAdminSocket } from './runtime/admin-socket.ts';
import { ConfigError, loadConfig, noteServedAt } from './config/config.ts';
import { closeContext, createContext } from './context.ts';
import { createLog } from './runtime/log.ts';
import { closeUp, createOwnerOnly } from './adapters/private-files.ts';
import { DEMO, seedDemo, seedReference } from './seed/seed.ts';
import { answerSms } from './sms/inbox.ts';
import { sweepExports } from './customers/data-rights/rights.ts';
import { sweepExpired, sweepUnnamedFiles } from './customers/housekeeping.ts';
import { publishManual } from './reference/manual.ts';
import { REMINDER_POLL_MS, SHUTDOWN_GRACE_MS, UNNAMED_SWEEP_MS } from './config/tuning.ts';
import { remindAppointments } from './cases/reminders/reminders.ts';

const PRINT_MAX_AGE_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  // Before anything is written (the secret, the database, the files): the data folder is this user's alone.
  createOwnerOnly();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLog(config.logLevel);
  const closed = closeUp(config.dataDir);
  if (closed > 0) log.warn({ closed }, 'closed files and folders of the data folder that other accounts could open');
  const ctx = await createContext(config, log, { onSms: answerSms });
  log.info(
    { database: ctx.db.kind, rateLimits: ctx.rates.kind, mail: ctx.mailer.kind, files: ctx.storage.store.kind },
    'services ready',
  );
  if (await seedReference(ctx.db)) log.info('reference data seeded');
  const demoCreated = config.seedDemo ? await seedDemo(ctx) : false;
  if (demoCreated) log.info('demo customer seeded');
  await publishManual(ctx.storage, ctx.config.smsNumber);

  const app = await buildApp(ctx);
  const sweep = setInterval(
    () => {
      void sweepExpired(ctx).catch((err: unknown) => log.warn({ err }, 'sweep failed'));
      void ctx.storage.sweepPrints(PRINT_MAX_AGE_MS).catch((err: unknown) => log.warn({ err }, 'print sweep failed'));
      void sweepExports(ctx).catch((err: unknown) => log.warn({ err }, 'data archive sweep failed'));
    },
    10 * 60 * 1000,
  );
  sweep.unref();
  const unnamed = setInterval(() => {
    void sweepUnnamedFiles(ctx, UNNAMED_SWEEP_MS).catch((err: unknown) =>
      log.warn({ err }, 'sweep of unnamed files failed'),
    );
  }, UNNAMED_SWEEP_MS);
  unnamed.unref();
  // Tomorrow's appointments are reminded from REMINDER_HOUR on; every process looks, each date goes once.
  const remind = () => void remindAppointments(ctx).catch((err: unknown) => log.warn({ err }, 'reminders failed'));
  const reminders = setInterval(remind, REMINDER_POLL_MS);
  reminders.unref();
  remind();
  // On the embedded database, staff commands come to this process (ADR 0021): it alone may open the database.
  let closeAdmin: () => Promise<void> = async () => undefined;

  /**
   * At a SIGTERM (or SIGINT, or an error nothing caught): readiness turns 503 and new requests
   * get a translated 503 at once; the mail queue stops claiming; the requests in flight
   * finish; then the connections and the services close and the process exits 0 (1 after an
   * error, or when SHUTDOWN_GRACE_MS passes first: close-with-grace keeps that bound).
   */
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: log }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'an error nothing caught; shutting down');
    else log.info({ signal }, 'shutting down: not ready, finishing the requests in flight');
    const drained = app.drain();
    ctx.outbox.stop();
    clearInterval(sweep);
    clearInterval(unnamed);
    clearInterval(reminders);
    await closeAdmin();
    await drained;
    await app.close();
    await closeContext(ctx);
    log.info('stopped');
  });

  await app.listen({ port: config.port, host: config.host });
  noteServedAt(config);
  if (ctx.db.kind === 'pglite') closeAdmin = await openAdminSocket(ctx, config.dataDir, log);
  const lines = [
    '',
    `  Housing bureau customer portal: ${config.publicUrl}`,
    `  API description: ${config.publicUrl}${OPENAPI_PATH}`,
    `  Database: ${ctx.db.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}/db` : 'PostgreSQL'}; mail: ${ctx.mailer.kind === 'smtp' ? 'SMTP' : `development outbox (${config.dataDir}/outbox${config.outbox.print ? ', printed here' : ''})`}`,
  ];
  if (config.seedDemo) lines.push(`  Demo customer: ${DEMO.email} / ${DEMO.password}`);
  console.warn(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
