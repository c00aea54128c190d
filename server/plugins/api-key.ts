import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Context } from '../context.ts';
import { AppError } from '../runtime/errors.ts';
import { endpointOf } from './endpoint.ts';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The per-endpoint key header of the contract, checked when the deployment configures a key
 * for it (docs/decisions/0002-api-key-headers.md: not a security control).
 */
export const apiKey = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    app.addHook('onRequest', async (request) => {
      const endpoint = endpointOf(request);
      if (!endpoint) return;
      const header = endpoint.def.apiKeyHeader.toLowerCase();
      const expected = ctx.config.apiKeys[header];
      const given = request.headers[header];
      if (expected && (typeof given !== 'string' || !sameSecret(given, expected))) throw new AppError(403, 'apiKey');
    });
  },
  { name: 'api-key', fastify: '5.x' },
);
