/** The payloads the server accepts (requests.ts); the SPA never loads this module. */
import * as z from 'zod/mini';
import { Id } from './common.ts';
import { LAN_CODES } from './languages.ts';
import { CaseStatus, Gender } from './entities.ts';
import { phoneKey } from './phone.ts';
import type { CustomerFieldRow } from './customer-fields.ts';
import { CUSTOMER_FIELDS } from './customer-fields.ts';
import type { FieldErrorCode } from './rules.ts';
import {
  EMAIL_MAX_LENGTH,
  FIELD_LIMITS,
  FORM_LIMITS,
  FLOW_REPORT_MAX_DAYS,
  OTP_DIGITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  RATING_MIN,
  TEXT_LIMITS,
  maxLength,
} from './limits.ts';

const limited = (limit: number) => z.string().check(z.trim(), z.maxLength(maxLength(limit)));
const requiredLimited = (limit: number) => limited(limit).check(z.minLength(1));

export const Email = z.pipe(z.string().check(z.trim(), z.maxLength(FORM_LIMITS.registration.email)), z.email());
export const Password = z
  .string()
  .check(z.minLength(PASSWORD_MIN_LENGTH), z.maxLength(FORM_LIMITS.registration.password));
/** Digits with an optional leading +, spaces allowed; the length limit of the spec applies. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ]{5,}$/;
/** A mobile number: one the portal can compare, count and text (contract/phone.ts), within the spec's limit. */
const phoneWithin = (limit: number) =>
  requiredLimited(limit).check(
    z.refine((written) => phoneKey(written) !== null, { message: 'notPhone' satisfies FieldErrorCode }),
  );
export const Phone = phoneWithin(FIELD_LIMITS.phone);

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
  if (row.input === 'choice') return Gender;
  if (row.input === 'email') return Email;
  const limit = row.limit ?? EMAIL_MAX_LENGTH;
  if (row.input === 'tel') return row.required ? phoneWithin(limit) : OptionalPhone(limit);
  return row.required ? requiredLimited(limit) : z.optional(limited(limit));
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
export const LoginBody = z.object({
  email: z.string().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
});
export const ResetParams = z.object({ id: Id, token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const ResetBody = z.object({ password: Password });

export const IdParams = z.object({ id: Id });
export const CaseIdParams = z.object({ caseId: Id });

const pageNumber = z.string().check(z.regex(/^[0-9]*$/), z.maxLength(9));
/** The list query. Empty values mean "no filter" (the dashboard sends empty filters). */
export const CaseListQuery = z.object({
  page: z.optional(pageNumber),
  sort: z.optional(z.enum(['', '-1', '1'])),
  status: z.optional(z.union([z.literal(''), CaseStatus])),
  case_number: z.optional(z.string().check(z.maxLength(TEXT_LIMITS.caseNumber))),
  phone_number: z.optional(z.string().check(z.maxLength(FIELD_LIMITS.phone))),
  customer_id: z.optional(z.string().check(z.maxLength(64))),
  firstname: z.optional(z.string().check(z.maxLength(FIELD_LIMITS.firstname))),
});
export type CaseListQuery = z.infer<typeof CaseListQuery>;

/**
 * The lookup by case number. `phone` is optional: with the phone number on file for the
 * case (or the owner's token) the whole case is returned, otherwise a masked one.
 */
export const CaseNumberBody = z.object({
  casenum: z.string().check(z.trim(), z.minLength(1), z.maxLength(TEXT_LIMITS.caseNumber)),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(maxLength(FIELD_LIMITS.phone)))),
});

/** The text fields of the multipart case creation payload (the attachment is a file part). */
export const CreateCaseFields = z.object({
  division: Id,
  caselist: Id,
  /** A JSON list of single-entry objects mapping question id to answer. */
  form: z.string().check(z.maxLength(200_000)),
  remark: z.optional(z.string().check(z.maxLength(FORM_LIMITS.application.remark))),
  related_case_id: z.optional(z.union([z.literal(''), Id])),
});
export type CreateCaseFields = z.infer<typeof CreateCaseFields>;

/** The decoded `form` field: `[{ "<question id>": "<answer>" }, ...]`. */
export const CaseForm = z.array(
  z
    .record(z.string().check(z.maxLength(64)), z.union([z.string().check(z.maxLength(TEXT_LIMITS.answer)), z.number()]))
    .check(z.refine((o) => Object.keys(o).length === 1, { message: 'each entry maps one question to its answer' })),
);

/** The print in its reader's language (its dates in the reader's calendar); the owner's when not given. */
export const PrintQuery = z.object({ lan: z.optional(z.enum(LAN_CODES)) });

export const HistoryQuery = z.object({ case_id: z.optional(z.string().check(z.maxLength(64))) });

/** The days /flows counts the case lifecycle over: 1 to FLOW_REPORT_MAX_DAYS, FLOW_REPORT_DAYS when not given. */
export const FlowCountsQuery = z.object({
  days: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(FLOW_REPORT_MAX_DAYS))),
});

/** The customer's answer to the bureau's request for information (multipart, an optional PDF beside it). */
export const AnswerInfoFields = z.object({ answer: requiredLimited(TEXT_LIMITS.stepText) });
/** Withdrawing a case: the reason is the customer's to give or not. */
export const WithdrawBody = z.object({ reason: z.optional(limited(TEXT_LIMITS.stepText)) });
/** Contesting a rejection (multipart, an optional PDF beside it): the reason is required. */
export const AppealFields = z.object({ reason: requiredLimited(TEXT_LIMITS.stepText) });

/** A complaint's tracking code as typed: letters, digits and dashes, upper-cased by the server. */
export const ComplaintCodeParams = z.object({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9-]+$/)),
});

export const RatingBody = z.object({
  rateNum: z.int().check(z.gte(RATING_MIN), z.lte(RATING_MAX)),
  rateCase: Id,
});

export const AccusationFields = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(FORM_LIMITS.accusation.name))),
  phone: z.optional(z.union([z.literal(''), Phone])),
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(FORM_LIMITS.accusation.subject)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(FORM_LIMITS.accusation.description)),
  accused_organizational_part: z.optional(
    z.string().check(z.trim(), z.maxLength(FORM_LIMITS.accusation.accused_organizational_part)),
  ),
  /** Tell me by SMS when the bureau answers, in this language (issue 22); needs the phone number. */
  notify: z.optional(z.union([z.literal(''), z.enum(LAN_CODES)])),
});
export type AccusationFields = z.infer<typeof AccusationFields>;

/** The channels and the language of the customer's messages: at least one channel (the server says so when none). */
export const PreferencesBody = z.object({ email: z.boolean(), sms: z.boolean(), language: z.enum(LAN_CODES) });
/** The code sent by SMS to the phone number on file. */
/** A code to the number on file (no body, or no phone), or to a new number the customer is changing theirs to (issue 48). */
export const SendPhoneCodeBody = z.nullish(z.object({ phone: z.optional(Phone) }));
export const PhoneCodeBody = z.object({
  code: z.string().check(z.trim(), z.regex(/^[0-9]+$/), z.maxLength(OTP_DIGITS * 2)),
});

/** Deleting the account: the password confirms it is the customer who asks. */
export const DeleteAccountBody = z.object({
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});
