import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { OPERATOR_PATHS } from '../../contract/endpoints.ts';
import type { Context } from '../context.ts';
import { AppError, notFound, unauthorized } from '../runtime/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Counts every answer by route pattern and status, times it, counts the 429s by rule, and
 * serves the registry at /metrics to the bearer of METRICS_TOKEN; without the variable,
 * /metrics does not exist (404).
 */
export const metrics = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    const { requests, latency, limited, registry } = ctx.metrics;
    app.addHook('onResponse', async (request, reply) => {
      // The pattern, never the address itself: ids and case numbers would be labels without end.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ route, method: request.method, status: reply.statusCode });
      latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    });
    app.addHook('onError', async (_request, _reply, error) => {
      if (error instanceof AppError && error.status === 429 && error.rule) limited.inc({ rule: error.rule });
    });
    const expected = ctx.config.metricsToken ? digest(`Bearer ${ctx.config.metricsToken}`) : undefined;
    app.get(OPERATOR_PATHS.metrics, { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      if (!expected) throw notFound();
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) throw unauthorized();
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics', fastify: '5.x' },
);
