import pino from 'pino';
import { OPENAPI_PATH, buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { closeContext, createContext } from './context.ts';
import { DEMO, seedDemo, seedReference } from './seed/seed.ts';
import { sweepExpired } from './services/customers.ts';
import { publishManual } from './services/manual.ts';

const PRINT_MAX_AGE_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
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
  const log = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-case-phone"]'] });
  const ctx = await createContext(config, log);
  log.info({ database: ctx.db.kind, rateLimits: ctx.rates.kind, mail: ctx.mailer.kind }, 'services ready');
  if (await seedReference(ctx.db)) log.info('reference data seeded');
  const demoCreated = config.seedDemo ? await seedDemo(ctx) : false;
  if (demoCreated) log.info('demo customer seeded');
  await publishManual(ctx.storage);

  const app = await buildApp(ctx);
  const sweep = setInterval(
    () => {
      void sweepExpired(ctx).catch((err: unknown) => log.warn({ err }, 'sweep failed'));
      void ctx.storage.sweepPrints(PRINT_MAX_AGE_MS).catch((err: unknown) => log.warn({ err }, 'print sweep failed'));
    },
    10 * 60 * 1000,
  );
  sweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Housing bureau customer portal: ${config.publicUrl}`,
    `  API description: ${config.publicUrl}${OPENAPI_PATH}`,
    `  Database: ${ctx.db.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}/db` : 'PostgreSQL'}; mail: ${ctx.mailer.kind === 'smtp' ? 'SMTP' : `development outbox (${config.dataDir}/outbox, printed here)`}`,
  ];
  if (config.seedDemo) lines.push(`  Demo customer: ${DEMO.email} / ${DEMO.password}`);
  console.warn(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
