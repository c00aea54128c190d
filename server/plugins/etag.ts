import { createHash } from 'node:crypto';
import fastifyEtag from '@fastify/etag';
import fp from 'fastify-plugin';

/** The tag of an answer; a kept answer is the same Buffer at every send, hashed once. */
const tags = new WeakMap<Buffer, string>();
const hashOf = (payload: string | Buffer) => {
  const known = typeof payload === 'string' ? undefined : tags.get(payload);
  if (known) return known;
  const tag = createHash('sha256').update(payload).digest('base64url').slice(0, 27);
  if (typeof payload !== 'string') tags.set(payload, tag);
  return tag;
};

/**
 * Reference data changes rarely: its answers carry a tag, and a browser that already holds
 * that answer gets 304 without a body (it asks each time: `no-cache`). Registered in the
 * scope of the reference reads only (routes/index.ts).
 */
export const etag = fp(
  async (app) => {
    await app.register(fastifyEtag, { hashFn: hashOf });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('cache-control', 'no-cache');
      return payload;
    });
  },
  { name: 'etag', fastify: '5.x' },
);
