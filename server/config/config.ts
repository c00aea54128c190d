import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CASE_NUMBER_PREFIX, DEFAULT_JWT_TTL_MINUTES } from '../../contract/limits.ts';
import type { Rules } from './rate-rules.ts';
import { DEFAULT_RULES, parseRules } from './rate-rules.ts';
import type { SmppAccount } from '../notify/smpp-session.ts';
import { SMS_SENDER_PATTERN } from '../notify/sms.ts';
import type { TrustProxy } from './checks.ts';
import { bucketAccountOf, jwtSecretFor, outboxChecks, parseApiKeys, smppAccountFor, trustProxyOf } from './checks.ts';
import type { BucketAccount } from '../adapters/object-store.ts';
import { DEFAULT_REMINDER_HOUR, DEFAULT_SMS_REACH, READ_CACHE_MAX_BYTES } from './tuning.ts';

/** Every environment variable the server reads. README "Configuration" documents each. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  DEV_OUTBOX: z.enum(['true', 'false']).optional(),
  MAIL_FROM: z.string().min(3).default('Housing Bureau <no-reply@housing.example.et>'),
  SMPP_URL: z.string().optional(),
  SMS_SENDER: z
    .string()
    .regex(SMS_SENDER_PATTERN, 'must be a name of up to 11 letters, digits and spaces, or a number of up to 15 digits')
    .optional(),
  SMS_NUMBER: z
    .string()
    .regex(/^\+?[0-9]{3,15}$/, 'must be the short code or number people text, in digits (8123, +251911000000)')
    .optional(),
  SMS_REACH: z
    .string()
    .regex(
      /^\+?[1-9][0-9]{0,14}(?:\s*,\s*\+?[1-9][0-9]{0,14})*$/,
      'must be number prefixes with their country code, separated by commas (2519,2517)',
    )
    .default(DEFAULT_SMS_REACH),
  REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(DEFAULT_REMINDER_HOUR),
  BUREAU_ADDRESS: z.string().trim().min(3).max(200).optional(),
  BUREAU_PHONE: z
    .string()
    .regex(/^\+?[0-9][0-9 ]{2,18}$/, 'must be the number people call, in digits (+251 11 123 4567)')
    .optional(),
  USSD_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_JWT_TTL_MINUTES),
  CASE_NUMBER_PREFIX: z
    .string()
    .regex(/^[A-Z]{2,8}$/, 'must be 2 to 8 capital letters')
    .default(DEFAULT_CASE_NUMBER_PREFIX),
  API_KEYS: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  SPA_DIR: z.string().min(1).default('./dist'),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'letters, digits and . _ : - only')
    .optional(),
  READ_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(READ_CACHE_MAX_BYTES),
  RATE_LIMITS: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  OBJECT_STORAGE_URL: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * Mail (without SMTP_URL) and SMS (without SMPP_URL) are written to the development outbox
   * in DATA_DIR; it is printed to the console outside production only.
   */
  outbox: { print: boolean };
  mailFrom: string;
  /** The operator's SMPP account; none: SMS go to the development outbox. */
  smpp: SmppAccount | undefined;
  /** The short code or number people text the bureau at (SMS_NUMBER, else SMS_SENDER when it is a number); null: not said. */
  smsNumber: string | null;
  /** The numbers the operator account may reach (SMS_REACH): prefixes of their keys (contract/phone.ts); no SMS goes elsewhere. */
  smsReach: string[];
  /** The hour (Addis Ababa time) of the day before an appointment when its reminder goes. */
  reminderHour: number;
  /** Where customers come for their appointments (the calendar file, the print); undefined: the catalogs' `bureau.address`. */
  bureauAddress: string | undefined;
  /** The number people call the bureau at (the USSD help); undefined: the SMS number, if any. */
  bureauPhone: string | undefined;
  /** What the USSD gateway proves itself with (`x-ussd-secret`); undefined: USSD is off (404). */
  ussdSecret: string | undefined;
  jwtSecret: string;
  jwtTtlMinutes: number;
  caseNumberPrefix: string;
  /** Header name -> expected value; empty when keys are not configured (then not checked). */
  apiKeys: Record<string, string>;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Which hops of `X-Forwarded-For` are the portal's own proxies: none (false), the last N
   * (a hop count), or those at these addresses and CIDRs. The client is the hop just before.
   */
  trustProxy: TrustProxy;
  spaDir: string;
  /** This process among several sharing the data folder and the database: its staging and pending files. */
  instance: string;
  /** Bytes of case-read answers one process keeps in memory (0: none). */
  readCacheMaxBytes: number;
  /** The rate limits: server/config/rate-rules.ts, changed by RATE_LIMITS. */
  rules: Rules;
  /** The bearer token /metrics asks for; undefined: /metrics is off (404). */
  metricsToken: string | undefined;
  /** The S3-compatible bucket the files are kept in (OBJECT_STORAGE_URL); undefined: DATA_DIR's disk. */
  objectStorage: BucketAccount | undefined;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Where the server notes the address it serves at (in DATA_DIR), for the staff command line run beside it. */
const SERVED_AT_FILE = 'public-url';

/** The server, once listening, notes its public address; a failure to write it costs only the note. */
export function noteServedAt(config: Pick<Config, 'dataDir' | 'publicUrl'>): void {
  try {
    writeFileSync(path.join(config.dataDir, SERVED_AT_FILE), `${config.publicUrl}\n`);
  } catch {
    // A read-only data folder: the command line then needs PUBLIC_URL, as it says.
  }
}

/** The address the server noted in this data folder, if it did and it is one. */
function notedAddress(dataDir: string): string | null {
  try {
    const noted = readFileSync(path.join(dataDir, SERVED_AT_FILE), 'utf8').trim();
    return z.url().safeParse(noted).success ? noted : null;
  } catch {
    return null;
  }
}

/**
 * The staff command line's configuration: the server's, read from the same environment, with
 * the links of its mails and SMS leading where the portal is. Without PUBLIC_URL it takes the
 * address the server noted in the same DATA_DIR; in production it refuses to guess.
 */
export function loadStaffConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(source);
  if (source.PUBLIC_URL) return config;
  if (config.env === 'production')
    throw new ConfigError([
      'PUBLIC_URL: required for the staff command line in production (the links in the mails and SMS it sends lead there)',
    ]);
  const noted = notedAddress(config.dataDir);
  return noted ? { ...config, publicUrl: noted } : config;
}

/** Reads and validates the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((k) => [k, source[k] === '' ? undefined : source[k]]),
  );
  const parsed = EnvSchema.safeParse(relevant);
  const problems: string[] = [];
  const changedRules = parseRules(typeof relevant.RATE_LIMITS === 'string' ? relevant.RATE_LIMITS : '');
  problems.push(...changedRules.problems);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const apiKeys = parseApiKeys(e.API_KEYS, problems);
  const jwtSecret = jwtSecretFor(e.JWT_SECRET, e.NODE_ENV, dataDir, problems);
  const smpp = smppAccountFor(e.SMPP_URL, e.SMS_SENDER, problems);
  const trustProxy = trustProxyOf(e.TRUST_PROXY, problems);
  const objectStorage = bucketAccountOf(e.OBJECT_STORAGE_URL, problems);
  outboxChecks(e.NODE_ENV, e.SMTP_URL, Boolean(e.SMPP_URL), e.DEV_OUTBOX, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    outbox: { print: e.NODE_ENV !== 'production' },
    mailFrom: e.MAIL_FROM,
    smpp,
    smsNumber: e.SMS_NUMBER ?? (e.SMS_SENDER && /^\+?[0-9]+$/.test(e.SMS_SENDER) ? e.SMS_SENDER : null),
    smsReach: e.SMS_REACH.split(',').map((p) => p.trim().replace(/^\+/, '')),
    reminderHour: e.REMINDER_HOUR,
    bureauAddress: e.BUREAU_ADDRESS,
    bureauPhone: e.BUREAU_PHONE,
    ussdSecret: e.USSD_SECRET,
    jwtSecret,
    jwtTtlMinutes: e.JWT_TTL_MINUTES,
    caseNumberPrefix: e.CASE_NUMBER_PREFIX,
    apiKeys,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL && e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy,
    spaDir: path.resolve(e.SPA_DIR),
    instance: e.INSTANCE_ID ?? `${hostname()}:${e.PORT}`,
    readCacheMaxBytes: e.READ_CACHE_MAX_BYTES,
    rules: { ...DEFAULT_RULES, ...changedRules.rules },
    metricsToken: e.METRICS_TOKEN,
    objectStorage,
  };
}
