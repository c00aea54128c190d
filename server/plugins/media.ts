import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FILE_LINK_PARAM, MEDIA_PATHS, isPublicMedia } from '../../contract/paths.ts';
import { FILE_TYPES } from '../adapters/file-kind.ts';
import { readFileLink } from '../adapters/file-links.ts';
import { ownerOfFile } from '../cases/repository.ts';
import { isWithheldFile } from '../cases/visibility.ts';
import type { Context } from '../context.ts';
import { authenticate, liveSession } from '../customers/sessions.ts';
import { MANUAL_FILE } from '../reference/manual.ts';
import { AppError } from '../runtime/errors.ts';
import { send } from './errors.ts';

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Headers of every uploaded or generated file served under /Media. They are a person's (a
 * case's PDFs, a picture, a print): never stored, by the browser or its service worker, so
 * that nothing of them stays on a shared computer (issue 32). The public manual is revalidated instead.
 */
function mediaHeaders(res: FastifyReply, filePath: string): void {
  const base = path.basename(filePath).replace(/[^A-Za-z0-9._-]/g, '_');
  res.header('content-disposition', `inline; filename="${base}"`);
  res.header('cache-control', path.basename(filePath) === MANUAL_FILE ? 'no-cache' : 'private, no-store');
}

/**
 * Who may have a file: anyone, for the manual; otherwise (issue 48) the bearer of a link the
 * server gave out for that very file, within its minutes and, when it was given to a
 * signed-in customer, while their session lives; or the owner's own session (the SPA fetches
 * its files with its token). An address copied from a shared computer's history opens
 * nothing once the session ended. Everyone else gets the 404 a missing file gets.
 */
async function mayHave(ctx: Context, request: FastifyRequest, pathname: string, k: string | null): Promise<boolean> {
  if (isPublicMedia(pathname)) return true;
  if (k !== null) {
    const link = readFileLink(ctx.config.jwtSecret, pathname, k);
    return link !== null && (link.session === null || (await liveSession(ctx, link.session)) !== null);
  }
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return false;
  // A token that opens no session gets the 404 of a missing file; a database away stays a 503.
  const caller = await authenticate(ctx, token).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  });
  return caller !== null && (await ownerOfFile(ctx, path.posix.basename(pathname))) === caller.customerId;
}

/** The served files under /Media, each answered only to who may have it; a response PDF not yet verified to no one. */
export async function media(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    const [address = '', query = ''] = request.url.split('?');
    // The path as the file is found by (escapes decoded, dot segments resolved): what a link is given for.
    const pathname = path.posix.normalize(safeDecode(address));
    const k = new URLSearchParams(query).get(FILE_LINK_PARAM);
    if (!(await mayHave(ctx, request, pathname, k))) return send(reply, 404, 'notFound');
    if (await isWithheldFile(ctx, path.posix.basename(pathname))) return send(reply, 404, 'notFound');
  });
  const mediaRoot = ctx.storage.mediaRoot;
  if (mediaRoot !== null) {
    // The data folder's disk: served as it lies.
    await app.register(fastifyStatic, {
      root: mediaRoot,
      prefix: MEDIA_PATHS.root,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: mediaHeaders,
    });
    return;
  }
  // A bucket (ADR 0043): streamed from it, after the same checks; the bucket itself is never public.
  app.get(`${MEDIA_PATHS.root}*`, async (request, reply) => {
    const below = path.posix.normalize(safeDecode(request.url.split('?')[0] ?? '')).slice(MEDIA_PATHS.root.length);
    if (!below || below.split('/').some((segment) => segment === '' || segment.startsWith('.')))
      return send(reply, 404, 'notFound');
    const opened = await ctx.storage.store.open(`media/${below}`);
    if (!opened) return send(reply, 404, 'notFound');
    mediaHeaders(reply, below);
    reply.header(
      'content-type',
      FILE_TYPES[path.posix.extname(below).slice(1).toLowerCase()] ?? 'application/octet-stream',
    );
    reply.header('content-length', opened.size);
    reply.header('last-modified', opened.lastModified.toUTCString());
    return reply.send(opened.stream);
  });
}
