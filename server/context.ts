import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { openDb } from './db/client.ts';
import type { Mailer } from './adapters/mail.ts';
import { createMailer } from './adapters/mail.ts';
import type { Metrics } from './adapters/metrics.ts';
import { createMetrics } from './adapters/metrics.ts';
import type { RateStore } from './adapters/rate-store.ts';
import type { Rules } from './limits.ts';
import { createMemoryStore, createRedisStore } from './adapters/rate-store.ts';
import type { ReadCache } from './adapters/read-cache.ts';
import { createReadCache } from './adapters/read-cache.ts';
import type { Storage } from './adapters/storage.ts';
import { createStorage } from './adapters/storage.ts';
import type { SessionChecks } from './adapters/session-checks.ts';
import { createSessionChecks } from './adapters/session-checks.ts';
import type { TokenService } from './adapters/tokens.ts';
import { createTokenService } from './adapters/tokens.ts';

/** Everything the services need; built once per process, shared by the API and the staff CLI. */
export interface Context {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  tokens: TokenService;
  /** The database's word on a session, asked at every authenticated request, and the reference version (ADR 0010). */
  sessions: SessionChecks;
  /** Answers of case reads and reference reads, kept while the customer's data version or the reference version holds. */
  reads: ReadCache;
  rates: RateStore;
  rules: Rules;
  /** What /metrics shows (server/plugins/metrics.ts). */
  metrics: Metrics;
  log: Logger;
}

export interface ContextOverrides {
  db?: Db;
  rules?: Partial<Rules>;
  printMail?: boolean;
  /** The name this process's pending files and staging folder go by (the staff CLI: its own). */
  instance?: string;
}

export async function createContext(config: Config, log: Logger, overrides: ContextOverrides = {}): Promise<Context> {
  const db = overrides.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/db` }));
  const storage = createStorage(config.dataDir, db, overrides.instance ?? config.instance);
  const removed = await storage.init();
  if (removed > 0) log.warn({ files: removed }, 'removed the files of submissions a crash cut short');
  return {
    config,
    db,
    storage,
    mailer: createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log, print: overrides.printMail ?? true }),
    tokens: createTokenService(config.jwtSecret, config.jwtTtlMinutes),
    sessions: createSessionChecks(db),
    reads: createReadCache(config.readCacheMaxBytes),
    rates: config.redisUrl ? await createRedisStore(config.redisUrl) : createMemoryStore(),
    rules: { ...config.rules, ...overrides.rules },
    metrics: createMetrics(db),
    log,
  };
}

export async function closeContext(ctx: Context): Promise<void> {
  await ctx.mailer.flush();
  ctx.mailer.stop();
  await ctx.rates.close();
  await ctx.db.close();
}
