import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { OPERATOR_PATHS } from '../../contract/endpoints.ts';
import type { Context } from '../context.ts';
import { pendingMigrations } from '../db/client.ts';
import { DRAINING_RETRY_AFTER_S, HEALTH_CHECK_TIMEOUT_MS } from '../config/tuning.ts';
import { send } from './errors.ts';
import { ping } from '../db/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on: not ready, and every new request answered 503 (a SIGTERM: server/main.ts).
     * Resolves once the requests already in flight have been answered.
     */
    drain(): Promise<void>;
  }
}

type State = 'ok' | 'failed' | 'pending' | 'off' | 'stopping';

/** A check's state, or `failed` when it throws or takes longer than HEALTH_CHECK_TIMEOUT_MS. */
async function check(run: () => Promise<State>): Promise<State> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<State>((resolve) => (timer = setTimeout(() => resolve('failed'), HEALTH_CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([run().catch((): State => 'failed'), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness for load balancers and orchestrators, and the way out at a
 * SIGTERM. Neither check is rate-limited (they are not the contract's endpoints), logged
 * per call at info, or kept by anyone. Their answers name each check and its state, never
 * an address, a path or an error's text.
 */
export const health = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    let draining = false;
    let inFlight = 0;
    let drained: (() => void) | undefined;
    app.decorate('drain', () => {
      draining = true;
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
    });
    // Registered first: once draining, a new request goes no further than this.
    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url;
      if (draining && route !== OPERATOR_PATHS.live && route !== OPERATOR_PATHS.ready) {
        reply.header('connection', 'close').header('retry-after', String(DRAINING_RETRY_AFTER_S));
        return send(reply, 503, 'unavailable');
      }
      inFlight++;
      // Answered or abandoned by the client alike.
      reply.raw.once('close', () => {
        if (--inFlight === 0 && draining) drained?.();
      });
    });
    // Answers finishing while draining close their connection, so that no client sends more on it.
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });

    const probe = path.join(ctx.config.dataDir, `.ready-${process.pid}`);
    const checks = {
      accepting: async (): Promise<State> => (draining ? 'stopping' : 'ok'),
      database: async (): Promise<State> => (await ping(ctx.db), 'ok'),
      migrations: async (): Promise<State> => ((await pendingMigrations(ctx.db)).length === 0 ? 'ok' : 'pending'),
      redis: async (): Promise<State> => (ctx.rates.kind === 'redis' ? (await ctx.rates.ping(), 'ok') : 'off'),
      // The data folder takes writing (uploads are checked there first), and a bucket, when the
      // files are kept in one, answers.
      storage: async (): Promise<State> => {
        await writeFile(probe, '');
        await rm(probe);
        if (ctx.storage.store.kind === 'bucket') await ctx.storage.store.sizeOf('ready-probe');
        return 'ok';
      },
    };
    const route = { logLevel: 'warn' as const, schema: { hide: true } };
    app.get(OPERATOR_PATHS.live, route, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    });
    app.get(OPERATOR_PATHS.ready, route, async (_request, reply) => {
      const names = Object.keys(checks) as (keyof typeof checks)[];
      const states = await Promise.all(names.map((name) => check(checks[name])));
      const result = Object.fromEntries(names.map((name, i) => [name, states[i]]));
      const ready = states.every((s) => s === 'ok' || s === 'off');
      reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
      return { status: ready ? 'ready' : 'unavailable', checks: result };
    });
  },
  { name: 'health', fastify: '5.x' },
);
