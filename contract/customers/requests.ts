import * as z from 'zod/mini';
import { Id } from '../common.ts';
import { CUSTOMER_FIELDS } from '../customer-fields.ts';
import type { CustomerFieldRow } from '../customer-fields.ts';
import type { customersEndpoints } from './endpoints.ts';
import { Gender } from '../entities.ts';
import { LAN_CODES } from '../languages.ts';
import {
  EMAIL_MAX_LENGTH,
  LINKED_ID_MAX_LENGTH,
  OTP_DIGITS,
  PASSWORD_MAX_LENGTH,
  PICTURE_MAX_BYTES,
} from '../limits.ts';
import {
  Email,
  IdParams,
  PHONE_PATTERN,
  Password,
  Phone,
  limited,
  phoneWithin,
  requiredLimited,
} from '../request-parts.ts';
import type { RequestDef } from '../request-parts.ts';

/**
 * The requests of accounts (registration, verification, login, profile, preferences, data rights):
 * what the server validates; the SPA never loads this module.
 */

/** A home phone: empty, or digits with an optional leading + within its limit. */
const OptionalPhone = (limit: number) =>
  z.optional(z.union([z.literal(''), limited(limit).check(z.regex(PHONE_PATTERN))]));

/** The schema of a customer's field, as its row says (contract/customer-fields.ts). */
type FieldSchema<R extends CustomerFieldRow> = R['input'] extends 'choice'
  ? typeof Gender
  : R['input'] extends 'email'
    ? typeof Email
    : R['required'] extends true
      ? z.ZodMiniType<string>
      : z.ZodMiniOptional<z.ZodMiniType<string>>;

function fieldSchema<R extends CustomerFieldRow>(row: R): FieldSchema<R>;
function fieldSchema(row: CustomerFieldRow) {
  if (row.limit === undefined) return row.input === 'choice' ? Gender : Email;
  if (row.input === 'tel') return row.required ? phoneWithin(row.limit) : OptionalPhone(row.limit);
  return row.required ? requiredLimited(row.limit) : z.optional(limited(row.limit));
}

/** One schema per row of the table, each typed as its row says. */
function shapeOf<T extends Record<string, CustomerFieldRow>>(rows: T): { [K in keyof T]: FieldSchema<T[K]> } {
  const shape: Record<string, unknown> = {};
  for (const [field, row] of Object.entries(rows)) shape[field] = fieldSchema(row);
  return shape as { [K in keyof T]: FieldSchema<T[K]> };
}

/** The text fields of the multipart registration payload (the picture is a file part). */
export const RegistrationFields = z.object({
  ...shapeOf(CUSTOMER_FIELDS),
  password: Password,
  /** The language the customer's mail is written in; the SPA sends its current choice. */
  preferred_language: z.optional(z.enum(LAN_CODES)),
});
export type RegistrationFields = z.infer<typeof RegistrationFields>;

/**
 * The spec's `{ email, otp }`, and what proves that the registration the code confirms is the
 * caller's own (ADR 0029): the registration the browser made (`registration`, as the
 * registration's answer and an unverified login give it), or else the password chosen for
 * it. A code alone proves the mailbox, not whose registration it is.
 */
export const OtpBody = z.object({
  email: Email,
  otp: z.string().check(z.trim(), z.regex(/^[0-9]+$/), z.maxLength(OTP_DIGITS * 2)),
  registration: z.optional(Id),
  password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
});
export const EmailBody = z.object({ email: Email });
/** Resend: the spec's email, and the registration the browser made (RegistrationResult), when it knows it. */
export const ResendBody = z.object({ email: Email, registration: z.optional(Id) });
/**
 * `linked_case` (beside the spec's fields): the case whose link led to the login, by its id as
 * the link has it. Whatever it holds, the login goes on: an id that is not one of the
 * customer's cases only brings nothing (contract/customers/answers.ts, LinkedCaseFirst).
 */
export const LoginBody = z.object({
  email: z.string().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  linked_case: z.optional(z.string().check(z.maxLength(LINKED_ID_MAX_LENGTH))),
});
export const ResetParams = z.object({ id: Id, token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const ResetBody = z.object({ password: Password });

/** The channels and the language of the customer's messages: at least one channel (the server says so when none). */
export const PreferencesBody = z.object({ email: z.boolean(), sms: z.boolean(), language: z.enum(LAN_CODES) });
/**
 * A code to the number on file (no body, or no phone), or to a new number the customer is changing
 * theirs to (issue 48).
 */
export const SendPhoneCodeBody = z.nullish(z.object({ phone: z.optional(Phone) }));
export const PhoneCodeBody = z.object({
  code: z.string().check(z.trim(), z.regex(/^[0-9]+$/), z.maxLength(OTP_DIGITS * 2)),
});

/** Deleting the account: the password confirms it is the customer who asks. */
export const DeleteAccountBody = z.object({
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});

/** What each endpoint of accounts accepts (contract/customers/endpoints.ts). */
export const customersRequests = {
  createCustomerUser: {
    summary: 'Register a customer (multipart); emails a one-time code',
    multipart: {
      fields: RegistrationFields,
      files: { picture: { kind: 'image', maxBytes: PICTURE_MAX_BYTES, required: false } },
    },
  },
  validateCustomerOtp: { summary: 'Verify the email with the one-time code', body: OtpBody },
  resendCustomerOtp: { summary: 'Send a new one-time code (the old one stops working)', body: ResendBody },
  loginCustomerUser: {
    summary:
      "Log in; answers a bearer token, with what the dashboard shows first or, when `linked_case` names one of the customer's cases, that case as its page reads it",
    body: LoginBody,
  },
  forgotCustomerUser: {
    summary: 'Email a password reset link (same answer whether or not the email exists)',
    body: EmailBody,
  },
  resetCustomerUser: { summary: 'Set a new password with the emailed link', params: ResetParams, body: ResetBody },
  getCustomerUser: { summary: "The caller's own profile", params: IdParams },
  logoutCustomerUser: { summary: 'Log out: the token stops working' },
  renewCustomerSession: { summary: 'Stay signed in: a fresh token for the session; the token sent stops working' },
  getNotificationPreferences: {
    summary:
      "The caller's channels (e-mail, SMS) and the language of their messages, and whether their phone number is verified",
  },
  updateNotificationPreferences: {
    summary:
      'Choose the channels (at least one; SMS only to a verified number) and the language (any of the six) of every message from now on',
    body: PreferencesBody,
  },
  sendPhoneCode: {
    summary:
      'Send a 6-digit code by SMS to the phone number on file, or to `phone`, a new number (10 minutes, 5 tries; a new one replaces it)',
    body: SendPhoneCodeBody,
  },
  verifyPhoneCode: {
    summary:
      'Prove the number the code was sent to with the code: the number on file, or the new one, which then replaces it (the e-mail is told)',
    body: PhoneCodeBody,
  },
  requestDataExport: {
    summary:
      "Build the caller's data archive (a ZIP: data.json and their own files); downloadable once, within 24 hours",
  },
  downloadDataExport: {
    summary: 'Download the archive, once, by its owner, within its hours (application/zip)',
    params: IdParams,
  },
  deleteCustomerAccount: {
    summary:
      'Delete the account: password confirmed; sessions end; personal data and files erased; case records kept without identity',
    body: DeleteAccountBody,
  },
} as const satisfies Record<keyof typeof customersEndpoints, RequestDef>;
