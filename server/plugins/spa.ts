import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../contract/endpoints.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { pageRoute } from '../../contract/page-route.ts';
import type { Context } from '../context.ts';
import { send } from './errors.ts';
import { inlineScriptHashes, pageCsp } from './headers.ts';
import { landing } from './landing.ts';

/** The built SPA as the server sends it: its pages, the CSP that names their inline scripts, and which address is which. */
export interface Site {
  /** The empty page every route without a page of its own gets (null: no build in SPA_DIR). */
  shell: string | null;
  shellFile: string;
  csp: string;
  /** The page an address is answered with: its pre-rendered page, or the empty one. */
  pageFor: (url: string) => string;
  /** An address of the API, a served file or a built asset: never answered with a page. */
  isFile: (url: string) => boolean;
}

/**
 * Reads the build in `spaDir`: the pages it pre-renders (the landing page as index.html, the
 * others as <route>.html) are sent as written, the login's at a link below the dashboard too;
 * every other route gets the empty page (app.html).
 */
export function readSite(spaDir: string): Site {
  const built = existsSync(path.join(spaDir, 'index.html'));
  const shellFile = existsSync(path.join(spaDir, 'app.html')) ? 'app.html' : 'index.html';
  const prerendered = new Set(built ? readdirSync(spaDir).filter((f) => f.endsWith('.html') && f !== shellFile) : []);
  return {
    shell: built ? readFileSync(path.join(spaDir, shellFile), 'utf8') : null,
    shellFile,
    // The pages' CSP names the inline scripts the build wrote into them (the boot module) by hash.
    csp: pageCsp([
      ...new Set([...prerendered].flatMap((file) => inlineScriptHashes(readFileSync(path.join(spaDir, file), 'utf8')))),
    ]),
    pageFor: (url) => {
      // At a link below the dashboard, the login's (ADR 0042): a tab with a session is not shown it.
      const route = pageRoute(url.split('?')[0] ?? '');
      const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
      return prerendered.has(file) ? file : shellFile;
    },
    isFile: (url) => url.startsWith(API_PREFIX) || url.startsWith(MEDIA_PATHS.root) || url.startsWith('/assets/'),
  };
}

/**
 * The built SPA: the landing page drawn with the services, the build's files (precompressed,
 * hashed ones cached for good), and a history fallback for its client-side routes; JSON 404s
 * elsewhere, and everywhere when there is no build.
 */
export const spa = fp<{ ctx: Context; site: Site }>(
  async (app, { ctx, site }) => {
    if (site.shell !== null) {
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
      if (site.shell !== null && (request.method === 'GET' || request.method === 'HEAD') && !site.isFile(request.url))
        return reply.header('cache-control', 'no-cache').sendFile(site.pageFor(request.url), ctx.config.spaDir);
      return send(reply, 404, 'notFound');
    });
  },
  { name: 'spa', fastify: '5.x' },
);
