import type { MessageKey } from '../texts/messages.ts';

/** An answer other than success, carrying a catalog message (never internal details). */
export class AppError extends Error {
  readonly status: number;
  readonly key: MessageKey;
  readonly values: Record<string, string | number>;
  readonly fields: Record<string, string> | undefined;
  /** The limit of each field too long (sent with the fields: the page says it). */
  readonly limits: Record<string, number> | undefined;
  readonly headers: Record<string, string>;
  /** The rate limit a 429 is for (counted by rule in /metrics). */
  readonly rule: string | undefined;
  /** An unverified account's pending registration, given to whoever proved its password (ADR 0029). */
  readonly registration: string | undefined;
  constructor(
    status: number,
    key: MessageKey,
    options: {
      values?: Record<string, string | number>;
      fields?: Record<string, string>;
      limits?: Record<string, number>;
      headers?: Record<string, string>;
      rule?: string;
      registration?: string;
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
    this.status = status;
    this.key = key;
    this.values = options.values ?? {};
    this.fields = options.fields;
    this.limits = options.limits;
    this.headers = options.headers ?? {};
    this.rule = options.rule;
    this.registration = options.registration;
  }
}

export const badRequest = (key: MessageKey = 'validation', fields?: Record<string, string>) =>
  new AppError(400, key, { fields: fields ?? {} });
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'notFound') => new AppError(404, key);
export const conflict = (key: MessageKey) => new AppError(409, key);

/** Seconds until a window of `ms` milliseconds ends, as a `Retry-After` value: at least 1. */
const retryAfter = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

/**
 * The one 429: a translated message, and a `Retry-After` saying when the same call goes
 * through (the window of `rule` ends then: counters never extend a window they refuse in).
 */
export const tooManyRequests = (resetMs: number, rule: string) =>
  new AppError(429, 'tooManyRequests', { headers: { 'retry-after': retryAfter(resetMs) }, rule });
