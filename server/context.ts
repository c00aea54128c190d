import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Db } from './db/client.ts';
import { openDb } from './db/client.ts';
import type { Mailer } from './notify/mail.ts';
import { mailChannel } from './notify/mail.ts';
import type { Outbox, OutboxTiming } from './notify/outbox.ts';
import { createOutbox } from './notify/outbox.ts';
import type { Texter } from './notify/sms.ts';
import { smsChannel } from './notify/sms.ts';
import type { Metrics } from './adapters/metrics.ts';
import { createMetrics } from './adapters/metrics.ts';
import type { RateStore } from './adapters/rate-store.ts';
import type { Rules } from './config/rate-rules.ts';
import { createMemoryStore, createRedisStore } from './adapters/rate-store.ts';
import type { ReadCache } from './adapters/read-cache.ts';
import { createReadCache } from './adapters/read-cache.ts';
import type { Storage } from './adapters/storage.ts';
import { createStorage } from './adapters/storage.ts';
import { bucketStore, diskStore } from './adapters/object-store.ts';
import type { SessionChecks } from './adapters/session-checks.ts';
import { createSessionChecks } from './adapters/session-checks.ts';
import type { TokenService } from './adapters/tokens.ts';
import { createTokenService } from './adapters/tokens.ts';

/** What the domains, routes and plugins work with: built once per process, shared by the API and the staff CLI. */
export interface Context {
  config: Config;
  db: Db;
  /** Every message to a person, on every channel, goes through it (server/notify/outbox.ts). */
  outbox: Outbox;
  mailer: Mailer;
  texter: Texter;
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
  /**
   * What answers the texts sent to the bureau's number: server/sms/inbox.ts `answerSms`, given
   * by the composition root (server/main.ts, the tests' app), for the context imports no domain.
   * None: texts are not read (the staff CLI, which does not stay).
   */
  onSms?: (ctx: Context, incoming: { from: string; text: string }) => Promise<unknown>;
  /** The outbox's poll and first retry (server/config/tuning.ts), shorter where a test waits for a retry. */
  outbox?: Partial<OutboxTiming>;
}

export async function createContext(config: Config, log: Logger, overrides: ContextOverrides = {}): Promise<Context> {
  const db = overrides.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/db` }));
  const store = config.objectStorage ? bucketStore(config.objectStorage) : diskStore(config.dataDir);
  const storage = createStorage(config.dataDir, store, db, overrides.instance ?? config.instance);
  const removed = await storage.init();
  if (removed > 0)
    log.warn(
      { files: removed },
      'removed the files of submissions cut short (a crash, or the file storage out of reach)',
    );
  const print = overrides.printMail ?? config.outbox.print;
  const mail = mailChannel({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, print });
  const sms = smsChannel({ db, log, account: config.smpp, dataDir: config.dataDir, print });
  const outbox = createOutbox({
    db,
    log,
    channels: { email: mail, sms },
    ...(overrides.outbox ? { timing: overrides.outbox } : {}),
  });
  const ctx: Context = {
    config,
    db,
    storage,
    outbox,
    mailer: { kind: mail.kind, send: (m, about, q) => outbox.enqueue('email', { ...m, about }, q) },
    texter: { kind: sms.kind, send: (m, about, q) => outbox.enqueue('sms', { to: m.to, text: m.text, about }, q) },
    tokens: createTokenService(config.jwtSecret, config.jwtTtlMinutes),
    sessions: createSessionChecks(db),
    reads: createReadCache(config.readCacheMaxBytes),
    rates: config.redisUrl ? await createRedisStore(config.redisUrl) : createMemoryStore(),
    rules: { ...config.rules, ...overrides.rules },
    metrics: createMetrics(db),
    log,
  };
  const { onSms } = overrides;
  if (onSms) sms.listen(async (incoming) => void (await onSms(ctx, incoming)));
  return ctx;
}

export async function closeContext(ctx: Context): Promise<void> {
  await ctx.outbox.flush();
  await ctx.outbox.close();
  await ctx.rates.close();
  await ctx.db.close();
}
