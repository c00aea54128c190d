import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { MEDIA_PATHS } from '../contract/paths.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/limits.ts';
import type { TrustProxy } from './config-checks.ts';
import type { Context } from './context.ts';
import { apiKey } from './plugins/api-key.ts';
import { auth } from './plugins/auth.ts';
import { errorHandling, send } from './plugins/errors.ts';
import { headers, inlineScriptHashes, pageCsp, securityHeaders } from './plugins/headers.ts';
import { health } from './plugins/health.ts';
import { landing } from './plugins/landing.ts';
import { media } from './plugins/media.ts';
import { metrics } from './plugins/metrics.ts';
import { rateLimit } from './plugins/rate-limit.ts';
import { uploads } from './plugins/uploads.ts';
import { registerRoutes } from './routes/index.ts';
import { REQUEST_IDLE_MS, REQUEST_MAX_MS } from './tuning.ts';

export const OPENAPI_PATH = `${API_PREFIX}/docs/openapi.json`;

/** A path segment as the file server reads it (%-escapes decoded); a broken escape as it is. */
/**
 * Fastify's trust of X-Forwarded-For from TRUST_PROXY. A hop count is given as a function:
 * Fastify 5.12 reads a bare number as "trust nobody", since it cannot tell the proxy from a
 * client that reached the process directly (docs/deploy.md: only the proxy may reach it).
 */
const proxyTrust = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * The API and the files, as one Fastify app (the runner in main.ts listens). `requestIdleMs`:
 * how long a connection may send nothing (server/tuning.ts), shorter in a test that waits for it.
 */
export async function buildApp(
  ctx: Context,
  { requestIdleMs = REQUEST_IDLE_MS }: { requestIdleMs?: number } = {},
): Promise<FastifyInstance> {
  const hasSpa = existsSync(path.join(ctx.config.spaDir, 'index.html'));
  // The pages the build pre-renders (PRERENDERED: the landing page as index.html, the others
  // as <route>.html) are sent as written; every other route gets the empty page (app.html).
  const shellFile = existsSync(path.join(ctx.config.spaDir, 'app.html')) ? 'app.html' : 'index.html';
  const spaIndex = hasSpa ? readFileSync(path.join(ctx.config.spaDir, shellFile), 'utf8') : null;
  const prerendered = new Set(
    hasSpa ? readdirSync(ctx.config.spaDir).filter((f) => f.endsWith('.html') && f !== shellFile) : [],
  );
  // The pages' CSP names the inline scripts the build wrote into them (the boot module) by hash.
  const csp = pageCsp([
    ...new Set(
      [...prerendered].flatMap((file) => inlineScriptHashes(readFileSync(path.join(ctx.config.spaDir, file), 'utf8'))),
    ),
  ]);
  const pageFor = (url: string) => {
    const route = url.split('?')[0] ?? '';
    const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
    return prerendered.has(file) ? file : shellFile;
  };
  const isFile = (url: string) =>
    url.startsWith(API_PREFIX) || url.startsWith(MEDIA_PATHS.root) || url.startsWith('/assets/');
  const app = Fastify({
    // A malformed address (a broken %-escape): a page address gets the SPA, which answers it
    // with its own page; anything else a translated 400, never Fastify's own answer.
    frameworkErrors: (_error, request, res) => {
      const reply = res as FastifyReply;
      if (spaIndex && request.method === 'GET' && !isFile(request.url)) {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        securityHeaders(request, reply, csp);
        return reply.send(spaIndex);
      }
      securityHeaders(request, reply, csp);
      return send(reply, 400, 'validation');
    },
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: proxyTrust(ctx.config.trustProxy),
    // A request arriving while the process drains gets the health plugin's translated 503.
    return503OnClosing: false,
    // A body that stalls is cut; a slow one that keeps sending goes on (server/tuning.ts).
    connectionTimeout: requestIdleMs,
    requestTimeout: REQUEST_MAX_MS,
    // Keep the id short in logs; requests are correlated by it.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandling);
  await app.register(headers, { csp });
  await app.register(health, { ctx });
  await app.register(metrics, { ctx });

  const securitySchemes: Record<string, object> = { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } };
  for (const def of Object.values(endpoints)) {
    securitySchemes[def.apiKeyHeader.toLowerCase()] = { type: 'apiKey', in: 'header', name: def.apiKeyHeader };
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Housing bureau customer portal API',
        version: '1.0.0',
        description:
          'Every call of the portal. Errors answer { code, Message_en, Message_am, Message_or, Message_tg, Message_sm, Message_af, fields? }. ' +
          'The per-endpoint API-key headers ship inside the SPA and are not a security control (docs/decisions/0002-api-key-headers.md).',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: securitySchemes as never },
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 2, fields: 30, fieldSize: 256 * 1024, parts: 40 },
  });

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
  if (hasSpa) {
    await app.register(landing, { ctx });
    await app.register(fastifyStatic, {
      root: ctx.config.spaDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's own files (the server bundle in .ssr, the .built stamp) are not the site's.
      dotfiles: 'ignore',
      // The build's brotli and gzip copies, sent to the browsers that accept them.
      preCompressed: true,
      // Hashed files never change under their name; anything else is checked each time.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !isFile(request.url))
      return reply.header('cache-control', 'no-cache').sendFile(pageFor(request.url), ctx.config.spaDir);
    return send(reply, 404, 'notFound');
  });
  return app;
}
