import * as z from 'zod/mini';
import { Id } from './common.ts';
import { ATTACHMENT_MAX_BYTES, FIELD_LIMITS, FORM_LIMITS, PASSWORD_MIN_LENGTH, maxLength } from './limits.ts';
import { phoneKey } from './phone.ts';
import type { FieldErrorCode } from './rules.ts';

/**
 * What the domains' requests are made of: the limited texts, the e-mail, password and phone, the
 * ids, the file rules. The SPA never loads it.
 */

export const limited = (limit: number) => z.string().check(z.trim(), z.maxLength(maxLength(limit)));
export const requiredLimited = (limit: number) => limited(limit).check(z.minLength(1));

export const Email = z.pipe(z.string().check(z.trim(), z.maxLength(FORM_LIMITS.registration.email)), z.email());
export const Password = z
  .string()
  .check(z.minLength(PASSWORD_MIN_LENGTH), z.maxLength(FORM_LIMITS.registration.password));
/** Digits with an optional leading +, spaces allowed; the length limit of the spec applies. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ]{5,}$/;
/** A mobile number: one the portal can compare, count and text (contract/phone.ts), within the spec's limit. */
export const phoneWithin = (limit: number) =>
  requiredLimited(limit).check(
    z.refine((written) => phoneKey(written) !== null, { message: 'notPhone' satisfies FieldErrorCode }),
  );
export const Phone = phoneWithin(FIELD_LIMITS.phone);

export const IdParams = z.object({ id: Id });
export const CaseIdParams = z.object({ caseId: Id });

export interface FileRule {
  /** What the content must be, checked by its bytes, never by the name or declared type. */
  kind: 'pdf' | 'image';
  maxBytes: number;
  required: boolean;
}

/** What an endpoint accepts, and its one-line description for the OpenAPI document. */
export interface RequestDef {
  summary: string;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** Multipart payloads: the text fields and the file parts. */
  multipart?: { fields: z.ZodMiniObject; files: Record<string, FileRule> };
}

export const pdf = (required: boolean): FileRule => ({ kind: 'pdf', maxBytes: ATTACHMENT_MAX_BYTES, required });
