import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { ATTACHMENT_MAX_BYTES } from '../../contract/limits.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import type { RouteDef } from '../../contract/requests.ts';
import type { Area, Staged } from '../adapters/storage.ts';
import type { Context } from '../context.ts';
import { AppError } from '../runtime/errors.ts';
import { endpointOf } from './endpoint.ts';
import { fieldsOf } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart payload, staged and checked; the handler keeps them (`storage.keep`), or they are discarded once it answers. */
    staged: Record<string, Staged | undefined>;
  }
}

/** Which media area an endpoint's uploads go to. */
const AREA: Partial<Record<EndpointName, Area>> = {
  createCustomerUser: 'CustomerImages',
  createCase: 'CaseFiles',
  answerCaseInfo: 'CaseFiles',
  appealCase: 'CaseFiles',
  createAccusation: 'Accusations',
};

/**
 * Reads a multipart payload: file parts are streamed to staging (checked by content and
 * size), text fields are validated with the contract. Nothing is kept if anything fails.
 */
async function readMultipart(
  ctx: Context,
  name: EndpointName,
  spec: NonNullable<RouteDef['multipart']>,
  request: FastifyRequest,
) {
  if (!request.isMultipart()) throw new AppError(415, 'notMultipart');
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
          const staged = await ctx.storage.stage(part.file, rule, AREA[name] ?? 'CaseFiles', part.filename);
          files[part.fieldname] = staged;
          ctx.metrics.uploadBytes.inc(staged.size);
        } catch (error) {
          if (error instanceof AppError)
            throw new AppError(error.status, error.key, {
              values: error.values,
              fields: { [part.fieldname]: error.key },
            });
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
    if (!parsed.success) throw new AppError(400, 'validation', fieldsOf(parsed.error.issues));
    return { body: parsed.data, files };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** Multipart payloads of the contract's upload endpoints, read after the caller is known. */
export const uploads = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    // Fastify's multipart reader, held to the contract's limits: one case file or picture of
    // at most ATTACHMENT_MAX_BYTES, and a form's worth of fields.
    await app.register(multipart, {
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 2, fields: 30, fieldSize: 256 * 1024, parts: 40 },
    });
    app.decorateRequest('staged', null as never);
    app.addHook('preHandler', async (request) => {
      const endpoint = endpointOf(request);
      if (!endpoint) return;
      request.staged = {};
      if (!endpoint.def.multipart) return;
      const { body, files } = await readMultipart(ctx, endpoint.name, endpoint.def.multipart, request);
      request.body = body;
      request.staged = files;
    });
    // Whatever the handler did not keep leaves staging before the answer goes.
    app.addHook('onSend', async (request, _reply, payload) => {
      await Promise.all(Object.values(request.staged ?? {}).map((file) => file?.discard()));
      return payload;
    });
  },
  { name: 'uploads', fastify: '5.x', dependencies: ['rate-limit'] },
);
