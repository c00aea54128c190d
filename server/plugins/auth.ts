import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionClaims } from '../adapters/tokens.ts';
import type { Context } from '../context.ts';
import { AppError, unauthorized } from '../runtime/errors.ts';
import { authenticate } from '../customers/sessions.ts';
import { endpointOf } from './endpoint.ts';

export interface Caller {
  customerId: string;
  claims: SessionClaims;
  /** The customer's data version as the session check read it (server/adapters/session-checks.ts). */
  version: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, settled before the payload is read; undefined for a visitor. */
    caller: Caller | undefined;
  }
}

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/**
 * Who is calling, as `request.caller`. Settled before the payload is read: without a valid
 * token a customer endpoint answers 401, whatever was sent.
 */
export const auth = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    app.decorateRequest('caller', undefined);
    app.addHook('onRequest', async (request) => {
      const mode = endpointOf(request)?.def.auth;
      const token = bearer(request);
      if (mode === 'required') {
        if (!token) throw unauthorized();
        request.caller = await authenticate(ctx, token);
      } else if (mode === 'optional' && token) {
        // A stale token makes the caller a visitor; a database failure stays a failure.
        request.caller = await authenticate(ctx, token).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 401) return undefined;
          throw error;
        });
      }
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['api-key'] },
);
