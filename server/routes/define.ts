import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { ErrorBody } from '../../contract/common.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import { answers } from '../../contract/answers.ts';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import type { RouteDef, Routes } from '../../contract/requests.ts';
import { requests } from '../../contract/requests.ts';
import type { Staged } from '../adapters/storage.ts';
import type { Caller } from '../plugins/auth.ts';

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : Record<string, never>;

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
   * sent again while the caller's data version holds (plugins/read-cache.ts).
   */
  keep: (until?: number) => void;
}

export type Handler<E extends RouteDef> = (input: HandlerInput<E>) => Promise<z.input<E['response']>>;
export type Handlers = { [K in EndpointName]: Handler<Routes[K]> };

/** The contract's definition of an endpoint: where it is, who may call it, what it takes and gives. */
export const routeDef = (name: EndpointName): RouteDef => ({
  ...endpoints[name],
  ...requests[name],
  response: answers[name],
});

/** An endpoint whose answer may be kept: a read (a GET, or a POST the contract marks as one). */
export const isRead = (def: RouteDef) => def.method === 'GET' || def.read === true;

/**
 * Registers one route of the contract: its schemas (validation, serialization, OpenAPI) and
 * its handler. What every route goes through before the handler (rate limit, API key,
 * caller, multipart payload, kept answers, tags) is the plugins' (server/plugins/), which
 * read the endpoint from the route's config.
 */
export function defineRoute<K extends EndpointName>(app: FastifyInstance, name: K, handler: Handler<Routes[K]>): void {
  const def = routeDef(name);
  const headerName = def.apiKeyHeader.toLowerCase();
  app.route({
    method: def.method,
    url: `${API_PREFIX}${def.path}`,
    config: { endpoint: { name, def } },
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
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        files: request.staged,
        caller: request.caller,
        request,
        reply,
        keep: (until = Infinity) => {
          request.keepUntil = until;
        },
      } as HandlerInput<Routes[K]>);
      reply.code(def.status);
      return result;
    },
  });
}
