import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { Context } from '../context.ts';
import { tooManyRequests } from '../runtime/errors.ts';
import { endpointOf } from './endpoint.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the limits count: `account:<id>` when signed in, else `address:<address or /64>`. */
    client: string;
  }
}

/**
 * The address a visitor is counted by: an IPv4 address as it is (an IPv4-mapped IPv6
 * address too), an IPv6 address by its /64, the block one subscriber is usually given.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

const clientOf = (request: FastifyRequest): string =>
  request.caller ? `account:${request.caller.customerId}` : `address:${addressKey(request.ip)}`;

/**
 * Per-route limits, counted per account for a signed-in customer and per address for a
 * visitor (server/config/rate-rules.ts), in the context's store (memory, or Redis shared by every
 * process). Runs once the caller is known and before the payload is read. Hand-written
 * rather than @fastify/rate-limit: the services count their own targets (an account, a
 * case) in the same store and peek at it before acting, and Redis away must answer 503,
 * not skip the limit (docs/decisions/0011).
 */
export const rateLimit = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    app.decorateRequest('client', '');
    app.addHook('onRequest', async (request) => {
      const endpoint = endpointOf(request);
      if (!endpoint) return;
      request.client = clientOf(request);
      const own = ctx.rules[endpoint.name];
      const name = own ? endpoint.name : request.caller ? 'signedIn' : 'default';
      const rule = own ?? ctx.rules[name as 'signedIn' | 'default'];
      const hit = await ctx.rates.hit(`${endpoint.name}:${request.client}`, rule.windowMs);
      if (hit.count > rule.max) throw tooManyRequests(hit.resetMs, name);
    });
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['auth'] },
);
