import { z } from 'zod';
import { Id, LAN_CODES, Messages } from './common.ts';
import { CaseStatus, CaseSummary, Gender } from './entities.ts';
import {
  EMAIL_MAX_LENGTH,
  FIELD_LIMITS,
  OTP_DIGITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  RATING_MIN,
  TEXT_LIMITS,
  maxLength,
} from './limits.ts';

const limited = (limit: number) => z.string().trim().max(maxLength(limit));
const requiredLimited = (limit: number) => limited(limit).min(1);

export const Email = z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email());
export const Password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** Digits with an optional leading +, spaces allowed; the length limit of the spec applies. */
export const Phone = requiredLimited(FIELD_LIMITS.phone).regex(/^\+?[0-9][0-9 ]{5,}$/);

/** The text fields of the multipart registration payload (the picture is a file part). */
export const RegistrationFields = z.object({
  firstname: requiredLimited(FIELD_LIMITS.firstname),
  middlename: requiredLimited(FIELD_LIMITS.middlename),
  lastname: requiredLimited(FIELD_LIMITS.lastname),
  email: Email,
  password: Password,
  subcity: requiredLimited(FIELD_LIMITS.subcity),
  woreda: requiredLimited(FIELD_LIMITS.woreda),
  house_number: limited(FIELD_LIMITS.house_number).optional(),
  phone: Phone,
  house_phone_number: z.union([z.literal(''), limited(FIELD_LIMITS.house_phone_number).regex(/^\+?[0-9][0-9 ]{5,}$/)]).optional(),
  gender: Gender,
  /** The language the customer's mail is written in; the SPA sends its current choice. */
  preferred_language: z.enum(LAN_CODES).optional(),
});
export type RegistrationFields = z.infer<typeof RegistrationFields>;

export const RegistrationResult = Messages.extend({ email: z.string() });

export const OtpBody = z.object({
  email: Email,
  otp: z.string().trim().regex(/^[0-9]+$/).max(OTP_DIGITS * 2),
});
export const EmailBody = z.object({ email: Email });
export const LoginBody = z.object({ email: z.string().trim().max(EMAIL_MAX_LENGTH), password: z.string().max(PASSWORD_MAX_LENGTH) });
export const LoginResult = Messages.extend({ token: z.string() });
export const ResetParams = z.object({ id: Id, token: z.string().min(1).max(200) });
export const ResetBody = z.object({ password: Password });

export const IdParams = z.object({ id: Id });
export const CaseIdParams = z.object({ caseId: Id });

const pageNumber = z.string().regex(/^[0-9]*$/).max(9);
/** The list query. Empty values mean "no filter" (the dashboard sends empty filters). */
export const CaseListQuery = z.object({
  page: pageNumber.optional(),
  sort: z.enum(['', '-1', '1']).optional(),
  status: z.union([z.literal(''), CaseStatus]).optional(),
  case_number: z.string().max(TEXT_LIMITS.caseNumber).optional(),
  phone_number: z.string().max(FIELD_LIMITS.phone).optional(),
  customer_id: z.string().max(64).optional(),
  firstname: z.string().max(FIELD_LIMITS.firstname).optional(),
});
export type CaseListQuery = z.infer<typeof CaseListQuery>;

export const CaseListResult = z.object({
  cases: z.array(CaseSummary),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalCases: z.number().int(),
});

/**
 * The lookup by case number. `phone` is optional: with the phone number on file for the
 * case (or the owner's token) the whole case is returned, otherwise a masked one.
 */
export const CaseNumberBody = z.object({
  casenum: z.string().trim().min(1).max(TEXT_LIMITS.caseNumber),
  phone: z.string().trim().max(maxLength(FIELD_LIMITS.phone)).optional(),
});

/** The text fields of the multipart case creation payload (the attachment is a file part). */
export const CreateCaseFields = z.object({
  division: Id,
  caselist: Id,
  /** A JSON list of single-entry objects mapping question id to answer. */
  form: z.string().max(200_000),
  remark: z.string().max(TEXT_LIMITS.remark).optional(),
  related_case_id: z.union([z.literal(''), Id]).optional(),
});
export type CreateCaseFields = z.infer<typeof CreateCaseFields>;

/** The decoded `form` field: `[{ "<question id>": "<answer>" }, ...]`. */
export const CaseForm = z.array(
  z.record(z.string().max(64), z.union([z.string().max(TEXT_LIMITS.answer), z.number()])).refine((o) => Object.keys(o).length === 1, {
    message: 'each entry maps one question to its answer',
  }),
);

export const CreateCaseResult = Messages.extend({ case: CaseSummary });

export const HistoryQuery = z.object({ case_id: z.string().max(64).optional() });

export const PrintResult = z.object({ file_name: z.string(), path: z.string() });

export const RatingBody = z.object({
  rateNum: z.number().int().min(RATING_MIN).max(RATING_MAX),
  rateCase: Id,
});

export const AccusationFields = z.object({
  name: z.string().trim().max(TEXT_LIMITS.accusationName).optional(),
  phone: z.union([z.literal(''), Phone]).optional(),
  subject: z.string().trim().min(1).max(TEXT_LIMITS.accusationSubject),
  description: z.string().trim().min(1).max(TEXT_LIMITS.accusationDescription),
  accused_organizational_part: z.string().trim().max(TEXT_LIMITS.accusationDepartment).optional(),
});
export type AccusationFields = z.infer<typeof AccusationFields>;

export const AccusationResult = Messages.extend({ tracking_code: z.string() });
