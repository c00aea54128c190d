import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, MB } from '../../contract/limits.ts';
import { isFieldErrorCode } from '../../contract/rules.ts';
import { AppError } from '../runtime/errors.ts';
import type { MessageKey } from '../texts/messages.ts';
import { message } from '../texts/messages.ts';

// The contract is written with zod/mini, which loads no messages: fieldCode reads the English ones.
z.config(z.locales.en());

/** Zod issue codes as the field codes of an error answer (the SPA translates them). */
export function fieldCode(issue: {
  code?: string;
  keyword?: string;
  message?: string;
  params?: { minimum?: unknown };
}): string {
  const code = issue.code ?? issue.keyword;
  if (code === 'too_big') return 'tooLong';
  if (code === 'too_small') return issue.params?.minimum === 1 ? 'required' : 'tooShort';
  // Zod reports a missing field as an invalid type that "received undefined".
  if (code === 'invalid_type' && issue.message?.includes('received undefined')) return 'required';
  // A check of the contract's own (`z.refine`) names its field code as its message.
  if (code === 'custom' && issue.message && isFieldErrorCode(issue.message)) return issue.message;
  return 'invalid';
}

/** The fields of a refused payload, each with its code, and the limit of each one too long or too short (a zod issue's `maximum`, `minimum`). */
export function fieldsOf(
  issues: { path: PropertyKey[]; code: string; message: string; minimum?: unknown; maximum?: unknown }[],
): {
  fields: Record<string, string>;
  limits: Record<string, number>;
} {
  const fields: Record<string, string> = {};
  const limits: Record<string, number> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || 'body';
    if (fields[name]) continue;
    fields[name] = fieldCode({ code: issue.code, message: issue.message, params: { minimum: issue.minimum } });
    if (fields[name] === 'tooLong' && typeof issue.maximum === 'number') limits[name] = issue.maximum;
    if (fields[name] === 'tooShort' && typeof issue.minimum === 'number') limits[name] = issue.minimum;
  }
  return { fields, limits };
}

export function send(
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  extra: {
    values?: Record<string, string | number>;
    fields?: Record<string, string> | undefined;
    limits?: Record<string, number> | undefined;
    registration?: string | undefined;
  } = {},
) {
  const limits = extra.limits && Object.keys(extra.limits).length ? { limits: extra.limits } : {};
  return reply.code(status).send({
    code: key,
    ...message(key, extra.values),
    ...(extra.fields ? { fields: extra.fields } : {}),
    ...limits,
    ...(extra.registration ? { registration: extra.registration } : {}),
  });
}

/** Database connection failures (server gone, restarting, unreachable) answer 503, not 500. */
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
/** character_not_in_repertoire, untranslatable_character: a NUL or a broken character in text. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/** node-postgres reports a connection lost or never made without a code. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

const databaseUnavailable = (error: { code?: unknown; message?: unknown }): boolean =>
  UNAVAILABLE.has(String(error.code)) || UNAVAILABLE_MESSAGE.test(String(error.message));

/** The bucket's own failure (ADR 0043): the AWS SDK marks it a server fault; a connection it could not make carries its code. */
const bucketUnavailable = (error: { $fault?: unknown; name?: unknown }): boolean =>
  error.$fault === 'server' || error.name === 'TimeoutError';

/**
 * One error handler for the whole API: every error answer carries Message_* in the six
 * languages and a code; 5xx answers never carry details (they are logged instead).
 */
export const errorHandling = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        reply.headers(error.headers);
        return send(reply, error.status, error.key, {
          values: error.values,
          fields: error.fields,
          limits: error.limits,
          registration: error.registration,
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          ...(v.params as { minimum?: unknown; maximum?: unknown }),
          path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
          code: v.keyword,
          message: v.message ?? '',
        }));
        return send(reply, 400, 'validation', fieldsOf(issues));
      }
      const status = error.statusCode ?? 500;
      if (
        error.code === 'FST_REQ_FILE_TOO_LARGE' ||
        error.code === 'FST_PARTS_LIMIT' ||
        error.code === 'FST_FILES_LIMIT'
      ) {
        return send(reply, 413, 'fileTooLarge', { values: { max: `${ATTACHMENT_MAX_BYTES / MB} MB` } });
      }
      if (status === 415 || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
        return send(reply, 415, 'notMultipart');
      if (status === 413) return send(reply, 413, 'validation');
      if (status === 429) return send(reply, 429, 'tooManyRequests');
      if (status === 404) return send(reply, 404, 'notFound');
      if (status >= 400 && status < 500) return send(reply, status, 'validation');
      // Text PostgreSQL cannot store (a NUL character): the client's mistake, not the server's.
      if (UNSTORABLE_TEXT.has(String(error.code))) return send(reply, 400, 'validation');
      if (databaseUnavailable(error) || bucketUnavailable(error as { $fault?: unknown })) {
        request.log.error({ err: error }, 'database or file storage unavailable');
        reply.header('retry-after', '10');
        return send(reply, 503, 'unavailable');
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(reply, 500, 'internal');
    });
  },
  { name: 'errors', fastify: '5.x' },
);
