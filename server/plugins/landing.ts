import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import { answers } from '../../contract/answers.ts';
import type { Division } from '../../contract/entities.ts';
import { PAGE_DATA_ID, paths } from '../../contract/paths.ts';
import type { Context } from '../context.ts';
import { listDivisions } from '../reference/catalogue.ts';

type Page = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** The landing page's template as the build wrote it: everything around the rendered app. */
function splitTemplate(html: string): { before: string; after: string } {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (start < 0 || end < start)
    throw new Error('index.html has no <div id="root"> where the landing plugin expects it');
  return { before: html.slice(0, start + open.length), after: html.slice(end) };
}

/**
 * `/` with the services grid in its first paint (issue 20): the build's pre-rendered landing
 * page, rendered again by the server with the divisions it holds (in the page's language,
 * the default one) and the same divisions written into the page as JSON, from which the SPA
 * starts, so that it takes over without fetching or moving anything. One page per reference
 * version: rendered at start and at the first request after the reference data changed,
 * then sent as kept (with its brotli and gzip copies and an ETag). Without the build's server bundle (a
 * development start) or when a render fails, the page as built is sent: the services load
 * after the script, as before.
 */
export const landing = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    const dir = ctx.config.spaDir;
    const bundle = path.join(dir, '.ssr', 'prerender.js');
    const catalog = path.join(dir, '.ssr', 'catalog.json');
    if (!existsSync(bundle) || !existsSync(catalog)) return;
    const { before, after } = splitTemplate(readFileSync(path.join(dir, 'index.html'), 'utf8'));

    let worker: Worker | null = null;
    let nextId = 0;
    const waiting = new Map<number, { resolve: (html: string) => void; reject: (e: Error) => void }>();
    const render = (divisions: Division[]): Promise<string> => {
      if (!worker) {
        worker = new Worker(new URL('../landing/render-worker.ts', import.meta.url), {
          workerData: { bundle, catalog },
        });
        worker.unref();
        worker.on('message', (m: { id: number; html?: string; error?: string }) => {
          const w = waiting.get(m.id);
          waiting.delete(m.id);
          if (m.html !== undefined) w?.resolve(m.html);
          else w?.reject(new Error(m.error ?? 'render failed'));
        });
        const fail = (error: Error) => {
          for (const w of waiting.values()) w.reject(error);
          waiting.clear();
          worker = null;
        };
        worker.on('error', fail);
        worker.on('exit', (code) => fail(new Error(`the landing renderer exited (${code})`)));
      }
      const id = ++nextId;
      const ready = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, divisions });
      return ready;
    };

    let kept: { version: string; page: Promise<Page> } | null = null;
    const build = async (): Promise<Page> => {
      // What the page carries is the API's answer exactly: the SPA starts from it as from the markup, unparsed.
      const divisions = answers.getAllDivisions.parse(await listDivisions(ctx.db));
      const html = await render(divisions);
      const data = JSON.stringify(divisions).replace(/</g, '\\u003c');
      const raw = Buffer.from(
        `${before}${html}${after.replace('</div>', `</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${data}</script>`)}`,
      );
      const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
      return { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw), etag };
    };
    const current = async (): Promise<Page> => {
      const version = await ctx.sessions.referenceVersion();
      if (kept?.version !== version) {
        const page = build();
        kept = { version, page };
        // A failed render is not kept: the next request tries again.
        page.catch(() => {
          if (kept?.page === page) kept = null;
        });
      }
      return kept.page;
    };
    // Rendered once at start, behind: the first visitor gets the kept page, not the 0.4 s render.
    app.addHook('onReady', async () => {
      current().catch((error: unknown) =>
        app.log.warn({ err: error }, 'the landing page could not be rendered at start; the first request tries again'),
      );
    });
    app.addHook('onClose', async () => {
      await worker?.terminate();
    });

    app.get(paths.home, { schema: { hide: true } }, async (request, reply) => {
      let page: Page;
      try {
        page = await current();
      } catch (error) {
        request.log.warn(
          { err: error },
          'the landing page could not be rendered with the services; sending it as built',
        );
        return reply.header('cache-control', 'no-cache').sendFile('index.html', dir);
      }
      reply
        .header('cache-control', 'no-cache')
        .header('etag', page.etag)
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.raw);
    });
  },
  { name: 'landing', fastify: '5.x' },
);
