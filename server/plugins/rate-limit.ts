import fp from 'fastify-plugin';
import type { Context } from '../context.ts';
import { tooManyRequests } from '../errors.ts';
import { endpointOf } from './endpoint.ts';

/**
 * Per-route limits, per client address, counted in the context's store (memory, or Redis
 * shared by every process). Hand-written rather than @fastify/rate-limit: the services
 * count their own targets (an account, a case) in the same store and peek at it before
 * acting, and Redis away must answer 503, not skip the limit (docs/decisions/0011).
 */
export const rateLimit = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    app.addHook('onRequest', async (request) => {
      const endpoint = endpointOf(request);
      if (!endpoint) return;
      const rule = ctx.rules[endpoint.name] ?? ctx.rules.default;
      const hit = await ctx.rates.hit(`${endpoint.name}:${request.ip}`, rule.windowMs);
      if (hit.count > rule.max) throw tooManyRequests(hit.resetMs);
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);
