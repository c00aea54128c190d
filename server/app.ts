import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config/checks.ts';
import type { Context } from './context.ts';
import { apiKey } from './plugins/api-key.ts';
import { auth } from './plugins/auth.ts';
import { compress } from './plugins/compress.ts';
import { errorHandling, send } from './plugins/errors.ts';
import { headers, securityHeaders } from './plugins/headers.ts';
import { health } from './plugins/health.ts';
import { media } from './plugins/media.ts';
import { metrics } from './plugins/metrics.ts';
import { openapi } from './plugins/openapi.ts';
import { readSite, spa } from './plugins/spa.ts';
import { rateLimit } from './plugins/rate-limit.ts';
import { uploads } from './plugins/uploads.ts';
import { ussd } from './ussd/gateway.ts';
import { registerRoutes } from './routes/index.ts';
import { REQUEST_IDLE_MS, REQUEST_MAX_MS } from './config/tuning.ts';

/**
 * Fastify's trust of X-Forwarded-For from TRUST_PROXY. A hop count is given as a function:
 * Fastify 5.12 reads a bare number as "trust nobody", since it cannot tell the proxy from a
 * client that reached the process directly (docs/deploy.md: only the proxy may reach it).
 */
const proxyTrust = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * The API and the files, as one Fastify app (the runner in main.ts listens). `requestIdleMs`:
 * how long a connection may send nothing (server/config/tuning.ts), shorter in a test that waits for it.
 */
export async function buildApp(
  ctx: Context,
  { requestIdleMs = REQUEST_IDLE_MS }: { requestIdleMs?: number } = {},
): Promise<FastifyInstance> {
  const site = readSite(ctx.config.spaDir);
  const app = Fastify({
    // A malformed address (a broken %-escape): a page address gets the SPA, which answers it
    // with its own page; anything else a translated 400, never Fastify's own answer.
    frameworkErrors: (_error, request, res) => {
      const reply = res as FastifyReply;
      if (site.shell !== null && request.method === 'GET' && !site.isFile(request.url)) {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        securityHeaders(request, reply, site.csp);
        return reply.send(site.shell);
      }
      securityHeaders(request, reply, site.csp);
      return send(reply, 400, 'validation');
    },
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: proxyTrust(ctx.config.trustProxy),
    // A request arriving while the process drains gets the health plugin's translated 503.
    return503OnClosing: false,
    // A body that stalls is cut; a slow one that keeps sending goes on (server/config/tuning.ts).
    connectionTimeout: requestIdleMs,
    requestTimeout: REQUEST_MAX_MS,
    // Keep the id short in logs; requests are correlated by it.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandling);
  await app.register(headers, { csp: site.csp });
  // Before every route: each gets its answer compressed (plugins/compress.ts).
  await app.register(compress);
  await app.register(health, { ctx });
  await app.register(metrics, { ctx });
  // The USSD gateway's callback (issue 56): its own form body and secret, none of the contract's routes' plugins.
  await app.register(ussd, { ctx });

  // The API described from the contract: registered first, so that every route is in it.
  await app.register(openapi);

  // Every route of the contract: keyed, its caller known, limited (per account or per
  // address), then its payload read.
  await app.register(apiKey, { ctx });
  await app.register(auth, { ctx });
  await app.register(rateLimit, { ctx });
  await app.register(uploads, { ctx });
  await registerRoutes(app, ctx);

  // The served files: the manual to anyone, the rest to its owner or by a short-lived link (plugins/media.ts).
  await app.register(media, { ctx });

  // The built SPA, with a history fallback for its client-side routes; JSON 404s elsewhere.
  await app.register(spa, { ctx, site });
  return app;
}
