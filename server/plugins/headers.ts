import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../contract/endpoints.ts';
import { MAP_ORIGIN, MEDIA_PATHS } from '../../contract/paths.ts';

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * The pages' Content-Security-Policy (docs/security.md). Scripts only from the portal's own
 * files, and the inline scripts the build wrote into its pre-rendered pages, each by its hash
 * (`scriptHashes`: the boot module, scripts/boot.ts; never 'unsafe-inline'); styles may be
 * inline: the pre-rendered pages carry their CSS in a <style> element and React writes style
 * attributes. Frames: the portal's own PDFs (and a chosen PDF's preview, a blob: address) and
 * the map. Workers: the portal's own service worker; the web app manifest is its own too.
 */
export const pageCsp = (scriptHashes: readonly string[] = []): string =>
  policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'blob:', MAP_ORIGIN],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  });

/** The hashes (sha256, base64) of a page's inline scripts (its boot module; the login's classic ones, ADR 0042), for `pageCsp`. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script(?:>| type="module"(?![^>]*\ssrc=)[^>]*>)([\s\S]*?)<\/script>/g)].map((m) =>
    createHash('sha256')
      .update(m[1] ?? '')
      .digest('base64'),
  );

/**
 * Uploaded and generated files (PDFs, pictures): nothing in them may run or load anything,
 * and only the portal may frame them. No `sandbox`: it would add nothing (no script may run
 * anyway), and a sandboxed frame gets no PDF viewer in Chromium (tests/e2e/security.spec.ts
 * shows the viewer under this policy, and none in a sandboxed frame).
 */
export const MEDIA_CSP = policy({
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  'frame-ancestors': ["'self'"],
});

/**
 * Headers of every answer: no MIME sniffing and no referrer (a reset link's token must not
 * leak to another site); pages get the CSP (`pageCsp`'s); API answers are never stored by a
 * browser or a proxy, except reference data, which sets its own (ETag, `no-cache`).
 */
export function securityHeaders(request: FastifyRequest, reply: FastifyReply, csp: string): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  if (request.url.startsWith(MEDIA_PATHS.root)) {
    reply.header('content-security-policy', MEDIA_CSP);
  } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
    reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'SAMEORIGIN');
  } else if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'no-store');
  }
}

/** Every answer gets them; `frameworkErrors` answers, which skip the hooks, call securityHeaders itself. */
export const headers = fp<{ csp: string }>(
  async (app, { csp }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      securityHeaders(request, reply, csp);
      return payload;
    });
  },
  { name: 'headers', fastify: '5.x' },
);
