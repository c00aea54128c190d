import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Context } from '../context.ts';
import { endpointOf } from './endpoint.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by a handler that says its answer depends on nothing but the caller's own data and
     * the reference data, and, by the clock, holds until then (epoch ms): `keep` of
     * routes/define.ts. Read only on the routes this plugin is registered for.
     */
    keepUntil: number | undefined;
  }
}

/**
 * Answers kept in memory at the data version they were read at (ADR 0009). Registered only
 * in the scope of the routes that read (routes/index.ts): a write never looks an answer up.
 * The key and version of a request whose answer may be kept are its own, found before the
 * handler runs.
 */
export const readCache = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    const keys = new WeakMap<FastifyRequest, { key: string; version: string }>();
    app.decorateRequest('keepUntil', undefined);
    // An answer kept at the version just read (by the session check, or for a public
    // reference read the reference version) is sent as it was.
    app.addHook('preHandler', async (request, reply) => {
      const endpoint = endpointOf(request);
      if (!endpoint) return;
      const caller = request.caller;
      const version = caller?.version ?? (endpoint.def.reference ? await ctx.sessions.referenceVersion() : undefined);
      if (version === undefined) return;
      const key = [
        endpoint.name,
        caller?.customerId ?? '',
        ...[request.params, request.query, request.body].map((part) => JSON.stringify(part ?? null)),
      ].join('\u0000');
      keys.set(request, { key, version });
      const payload = ctx.reads.get(key, version);
      if (payload !== undefined)
        return reply.code(endpoint.def.status).type('application/json; charset=utf-8').send(payload);
    });
    // The data read after the session check is at least as new as the version it read; if
    // newer, a change came between, raised the version, and no later check reads the old
    // one: the answer is never sent again.
    app.addHook('onSend', async (request, reply, payload) => {
      const until = request.keepUntil;
      const keyed = keys.get(request);
      if (
        until !== undefined &&
        keyed &&
        reply.statusCode === endpointOf(request)?.def.status &&
        typeof payload === 'string'
      ) {
        // Encoded once: these bytes are sent now and kept.
        const bytes = Buffer.from(payload);
        ctx.reads.set(keyed.key, keyed.version, until, bytes);
        return bytes;
      }
      return payload;
    });
  },
  { name: 'read-cache', fastify: '5.x' },
);
