import { Redis } from 'ioredis';
import { AppError, tooManyRequests } from '../runtime/errors.ts';
import type { RuleName, Rules } from '../config/rate-rules.ts';

export interface Hit {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/** Fixed-window counters, shared by every server process when they live in Redis. */
export interface RateStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  peek(key: string): Promise<Hit | null>;
  /** Gives back one count of a live window (a try that turned out not to count); never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

export function createMemoryStore(): RateStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const live = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > Date.now() ? w : undefined;
  };
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const now = Date.now();
      const w = live(key) ?? { count: 0, resetAt: now + windowMs };
      w.count++;
      windows.set(key, w);
      return { count: w.count, resetMs: w.resetAt - now };
    },
    async peek(key) {
      const w = live(key);
      return w ? { count: w.count, resetMs: w.resetAt - Date.now() } : null;
    },
    async release(key) {
      const w = live(key);
      if (w && w.count > 0) w.count--;
    },
    async reset(key) {
      windows.delete(key);
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

const RELEASE_SCRIPT = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Redis away: the limits cannot be checked, and are not skipped either; the call answers 503. */
const unavailable = (): never => {
  throw new AppError(503, 'unavailable', { headers: { 'retry-after': '10' } });
};

export async function createRedisStore(url: string, prefix = 'portal:rl:'): Promise<RateStore> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  // Reconnection is ioredis's; a lost connection must not take the process down.
  redis.on('error', () => undefined);
  await redis.connect();
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs)).catch(unavailable)) as [
        number,
        number,
      ];
      return { count, resetMs: Math.max(ttl, 0) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]).catch(unavailable);
      return count === null ? null : { count: Number(count), resetMs: Math.max(ttl, 0) };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key).catch(unavailable);
    },
    async reset(key) {
      await redis.del(prefix + key).catch(unavailable);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}

/**
 * Counts one call aimed at `target` (an email, a phone number: hashed before it is a key)
 * under `name`, and refuses it with a 429 once the rule's window holds more than its max.
 */
export async function countTarget(store: RateStore, rules: Rules, name: RuleName, target: string): Promise<void> {
  const rule = rules[name];
  const hit = await store.hit(`${name}:${target}`, rule.windowMs);
  if (hit.count > rule.max) throw tooManyRequests(hit.resetMs, name);
}
