import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { ErrorBody } from '../../contract/common.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import type { RouteDef, Routes } from '../../contract/requests.ts';
import { requests } from '../../contract/requests.ts';
import type { Context } from '../context.ts';
import { AppError, unauthorized } from '../errors.ts';
import { fieldsOf } from '../plugins/errors.ts';
import type { Area, Staged } from '../plugins/storage.ts';
import { authenticate } from '../services/customers.ts';
import type { SessionClaims } from '../services/tokens.ts';

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : Record<string, never>;

export interface Caller {
  customerId: string;
  claims: SessionClaims;
  /** The customer's data version as the session check read it (services/customers.ts). */
  version: string;
}

export interface HandlerInput<E extends RouteDef> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: E extends { multipart: { fields: infer F } } ? Infer<F> : Infer<E['body']>;
  files: Record<string, Staged | undefined>;
  caller: E['auth'] extends 'required' ? Caller : Caller | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Says that this answer depends on nothing but the caller's own data and the reference
   * data, and, by the clock, holds until `until` (epoch ms): it may be kept in memory and
   * sent again while the caller's data version holds (plugins/read-cache.ts). For reads
   * only: a request whose answer is kept never reaches its handler again.
   */
  keep: (until?: number) => void;
}

export type Handler<E extends RouteDef> = (input: HandlerInput<E>) => Promise<z.input<E['response']>>;
export type Handlers = { [K in EndpointName]: Handler<Routes[K]> };

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The authenticated caller of a request, found by its onRequest hook. */
const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * Of a request whose answer may be kept (a caller's, or a public reference read): the key its
 * answer is kept under with the version it was read at, and until when its handler said the
 * answer holds (`keep`).
 */
const keys = new WeakMap<FastifyRequest, { key: string; version: string }>();
const kept = new WeakMap<FastifyRequest, number>();

/** The tag of a reference answer; a kept answer is the same Buffer at every send, tagged once. */
const tags = new WeakMap<Buffer, string>();
const tagOf = (payload: string | Buffer) => {
  const known = typeof payload === 'string' ? undefined : tags.get(payload);
  if (known) return known;
  const tag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  if (typeof payload !== 'string') tags.set(payload, tag);
  return tag;
};

/** Which media area an endpoint's uploads go to. */
const AREA: Partial<Record<EndpointName, Area>> = {
  createCustomerUser: 'CustomerImages',
  createCase: 'CaseFiles',
  createAccusation: 'Accusations',
};

/**
 * Reads a multipart payload: file parts are streamed to staging (checked by content and
 * size), text fields are validated with the contract. Nothing is kept if anything fails.
 */
async function readMultipart(ctx: Context, name: EndpointName, def: RouteDef, request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(415, 'notMultipart');
  const spec = def.multipart as NonNullable<RouteDef['multipart']>;
  const raw: Record<string, string> = {};
  const files: Record<string, Staged | undefined> = {};
  const discard = () => Promise.all(Object.values(files).map((f) => f?.discard()));
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const rule = spec.files[part.fieldname];
        if (!rule || files[part.fieldname]) {
          part.file.resume();
          throw new AppError(400, 'validation', { fields: { [part.fieldname]: 'unexpected' } });
        }
        // A file input left empty still sends a part without a name or content.
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        try {
          files[part.fieldname] = await ctx.storage.stage(part.file, rule, AREA[name] ?? 'CaseFiles');
        } catch (error) {
          if (error instanceof AppError) throw new AppError(error.status, error.key, { values: error.values, fields: { [part.fieldname]: error.key } });
          throw error;
        }
      } else if (typeof part.value === 'string') {
        raw[part.fieldname] = part.value;
      }
    }
    for (const [field, rule] of Object.entries(spec.files)) {
      if (rule.required && !files[field]) throw new AppError(400, 'validation', { fields: { [field]: 'required' } });
    }
    const parsed = spec.fields.safeParse(raw);
    if (!parsed.success) throw new AppError(400, 'validation', { fields: fieldsOf(parsed.error.issues) });
    return { body: parsed.data, files };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** Registers one route of the contract with its checks: rate limit, API key, token, payload. */
export function defineRoute<K extends EndpointName>(app: FastifyInstance, ctx: Context, name: K, handler: Handler<Routes[K]>): void {
  const def: RouteDef = { ...endpoints[name], ...requests[name] };
  const rule = ctx.rules[name] ?? ctx.rules.default;
  const headerName = def.apiKeyHeader.toLowerCase();
  app.route({
    method: def.method,
    url: `${API_PREFIX}${def.path}`,
    schema: {
      summary: def.summary,
      operationId: name,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      security:
        def.auth === 'required'
          ? [{ bearer: [], [headerName]: [] }]
          : def.auth === 'optional'
            ? [{ [headerName]: [] }, { bearer: [], [headerName]: [] }]
            : [{ [headerName]: [] }],
      response: { [def.status]: def.response, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    onRequest: async (request, reply) => {
      const key = `${name}:${request.ip}`;
      const hit = await ctx.rates.hit(key, rule.windowMs);
      if (hit.count > rule.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(hit.resetMs / 1000))));
        throw new AppError(429, 'tooManyRequests');
      }
      const expected = ctx.config.apiKeys[headerName];
      const given = request.headers[headerName];
      if (expected && (typeof given !== 'string' || !sameSecret(given, expected))) throw new AppError(403, 'apiKey');
      // Who is calling is settled before the payload is read: without a valid token a
      // customer endpoint answers 401, whatever was sent.
      const token = bearer(request);
      if (def.auth === 'required') {
        if (!token) throw unauthorized();
        callers.set(request, await authenticate(ctx, token));
      } else if (def.auth === 'optional' && token) {
        // A stale token makes the caller a visitor; a database failure stays a failure.
        const caller = await authenticate(ctx, token).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 401) return undefined;
          throw error;
        });
        if (caller) callers.set(request, caller);
      }
    },
    // An answer kept at the version just read (by the session check, or for a public
    // reference read the reference version) is sent as it was.
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = callers.get(request);
      const version = caller?.version ?? (def.reference ? await ctx.sessions.referenceVersion() : undefined);
      if (version === undefined) return;
      const key = [name, caller?.customerId ?? '', ...[request.params, request.query, request.body].map((part) => JSON.stringify(part ?? null))].join('\u0000');
      keys.set(request, { key, version });
      const payload = ctx.reads.get(key, version);
      if (payload !== undefined) return reply.code(def.status).type('application/json; charset=utf-8').send(payload);
    },
    onSend: [
      // The data read after the session check is at least as new as the version it read; if
      // newer, a change came between, raised the version, and no later check reads the old
      // one: the answer is never sent again.
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const until = kept.get(request);
        const keyed = keys.get(request);
        if (until !== undefined && keyed && reply.statusCode === def.status && typeof payload === 'string') {
          // Encoded once: these bytes are sent now and kept.
          const bytes = Buffer.from(payload);
          ctx.reads.set(keyed.key, keyed.version, until, bytes);
          return bytes;
        }
        return payload;
      },
      // Reference data changes rarely: a tag of the answer, and 304 without a body when the
      // browser already holds that answer (it asks each time: `no-cache`).
      ...(def.reference
        ? [
            async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
              if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
              const tag = tagOf(payload);
              reply.header('etag', tag).header('cache-control', 'no-cache');
              if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(tag)) {
                reply.code(304);
                return '';
              }
              return payload;
            },
          ]
        : []),
    ],
    handler: async (request, reply) => {
      const caller = callers.get(request);
      const { body, files } = def.multipart ? await readMultipart(ctx, name, def, request) : { body: request.body, files: {} };
      const result = await handler({
        params: request.params,
        query: request.query,
        body,
        files,
        caller,
        request,
        reply,
        keep: (until = Infinity) => kept.set(request, until),
      } as HandlerInput<Routes[K]>);
      reply.code(def.status);
      return result;
    },
  });
}
