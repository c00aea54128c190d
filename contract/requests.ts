import type * as z from 'zod/mini';
import type { Answers } from './answers.ts';
import type { EndpointDef, EndpointName, Endpoints } from './endpoints.ts';
import { ATTACHMENT_MAX_BYTES, PICTURE_MAX_BYTES } from './limits.ts';
import {
  AccusationFields,
  AnswerInfoFields,
  AppealFields,
  CaseIdParams,
  CaseListQuery,
  CaseNumberBody,
  ComplaintCodeParams,
  CreateCaseFields,
  DeleteAccountBody,
  EmailBody,
  ResendBody,
  FlowCountsQuery,
  HistoryQuery,
  IdParams,
  LoginBody,
  OtpBody,
  PhoneCodeBody,
  PrintQuery,
  SendPhoneCodeBody,
  PreferencesBody,
  RatingBody,
  RegistrationFields,
  ResetBody,
  ResetParams,
  WithdrawBody,
} from './payloads.ts';

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

const pdf = (required: boolean): FileRule => ({ kind: 'pdf', maxBytes: ATTACHMENT_MAX_BYTES, required });

/**
 * The request half of the endpoint table: the server validates every payload with it; the
 * SPA, which validates its forms with its machines, does not load it.
 */
export const requests = {
  getAllDivisions: { summary: 'All divisions' },
  createCustomerUser: {
    summary: 'Register a customer (multipart); emails a one-time code',
    multipart: {
      fields: RegistrationFields,
      files: { picture: { kind: 'image', maxBytes: PICTURE_MAX_BYTES, required: false } },
    },
  },
  validateCustomerOtp: { summary: 'Verify the email with the one-time code', body: OtpBody },
  resendCustomerOtp: { summary: 'Send a new one-time code (the old one stops working)', body: ResendBody },
  loginCustomerUser: { summary: 'Log in; answers a bearer token', body: LoginBody },
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
  getAllCaseList: { summary: 'All case request types with their questions' },
  getCaseLists: { summary: 'All case request types (logged in)' },
  getCaseListById: { summary: 'One case request type', params: IdParams },
  getAllQuestions: { summary: 'All questions' },
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
  getRatingByCase: { summary: 'The rating of a case (an empty list when not rated)', params: CaseIdParams },
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
  createCustomerRating: { summary: 'Rate a verified case, once', body: RatingBody },
  getDivisionById: { summary: 'One division', params: IdParams },
  getDivisions: { summary: 'All divisions (logged in)' },
  getAllDirectorates: { summary: 'All directorates' },
  getAllTeams: { summary: 'All teams (names and divisions only)' },
  getBureauContact: {
    summary: 'The number people text the bureau at (a case number, a complaint code, STOP, START), or null',
  },
  createAccusation: {
    summary:
      'File a complaint, anonymously if wished (multipart); the same idempotency-key header on a retry answers the tracking code the first try got',
    multipart: { fields: AccusationFields, files: { attachment: pdf(false) } },
  },
  getComplaintByCode: {
    summary: "A complaint's status and the bureau's answer, by its tracking code (nothing of the complainant)",
    params: ComplaintCodeParams,
  },
  getFlowCounts: {
    summary:
      'How many times each transition of the case lifecycle was taken in the last days (1 to 366, 30 when not given): counts only',
    query: FlowCountsQuery,
  },
  logoutAccusationAcceptor: {
    summary: 'Log out an accusation acceptor (staff); the portal holds no staff session, so it only answers',
  },
} as const satisfies Record<EndpointName, RequestDef>;

export type Requests = typeof requests;
/** An endpoint whole: where it is, what it accepts and what it answers. */
export type RouteDef = EndpointDef & RequestDef & { response: z.ZodMiniType };
export type Routes = { [K in EndpointName]: Endpoints[K] & Requests[K] & { response: Answers[K] } };
