import * as z from 'zod/mini';
import type { casesEndpoints } from './endpoints.ts';
import { Id } from '../common.ts';
import { CaseStatus } from '../entities.ts';
import { LAN_CODES } from '../languages.ts';
import { FIELD_LIMITS, FLOW_REPORT_MAX_DAYS, FORM_LIMITS, TEXT_LIMITS, maxLength } from '../limits.ts';
import { IdParams, limited, pdf, requiredLimited } from '../request-parts.ts';
import type { RequestDef } from '../request-parts.ts';

/**
 * The requests of cases (apply, list, read, print, steps, the flow counts): what the server
 * validates; the SPA never loads this module.
 */

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

/** What each endpoint of cases accepts (contract/cases/endpoints.ts). */
export const casesRequests = {
  getCasesByCustomer: { summary: "The caller's cases (for the related-case select)" },
  createCase: {
    summary:
      'Apply for a case (multipart); the same idempotency-key header on a retry answers the case the first try created',
    multipart: { fields: CreateCaseFields, files: { attachment: pdf(false) } },
  },
  getCases: { summary: "A page of the caller's cases", query: CaseListQuery },
  getCaseStatistics: { summary: "Counts of the caller's cases by status" },
  getAllCases: { summary: "All the caller's cases" },
  getCaseByNumber: {
    summary: 'One case by its number; masked unless the owner token or the phone on file is given',
    body: CaseNumberBody,
  },
  printCase: {
    summary:
      'Generate the printable PDF of a case; the same privacy rule as the lookup (phone in the x-case-phone header); its dates in the calendar of `lan`',
    params: IdParams,
    query: PrintQuery,
  },
  getAppointmentCalendar: {
    summary:
      "The case's coming appointment as an iCalendar file (text/calendar): its day, the case number and the bureau's address; 404 when none is ahead",
    params: IdParams,
  },
  getCaseHistory: {
    summary: "Every status change of the caller's cases (or of one, with case_id)",
    query: HistoryQuery,
  },
  answerCaseInfo: {
    summary:
      "Answer the bureau's request for information (multipart: the answer, an optional PDF); the case returns to processing",
    params: IdParams,
    multipart: { fields: AnswerInfoFields, files: { attachment: pdf(false) } },
  },
  withdrawCase: {
    summary: 'Withdraw a pending case or one waiting for information (an optional reason)',
    params: IdParams,
    body: WithdrawBody,
  },
  appealCase: {
    summary: 'Appeal a rejection, once, within the appeal window (multipart: the reason, an optional PDF)',
    params: IdParams,
    multipart: { fields: AppealFields, files: { attachment: pdf(false) } },
  },
  getFlowCounts: {
    summary:
      'How many times each transition of the case lifecycle was taken in the last days (1 to 366, 30 when not given): counts only',
    query: FlowCountsQuery,
  },
} as const satisfies Record<keyof typeof casesEndpoints, RequestDef>;
