import { z } from 'zod';
import { Messages } from './common.ts';
import {
  Case,
  CaseHistoryEntry,
  CaseList,
  CaseStatistics,
  CaseSummary,
  Customer,
  Directorate,
  Division,
  Question,
  Rating,
  Team,
} from './entities.ts';
import { ATTACHMENT_MAX_BYTES, PICTURE_MAX_BYTES } from './limits.ts';
import {
  AccusationFields,
  AccusationResult,
  CaseIdParams,
  CaseListQuery,
  CaseListResult,
  CaseNumberBody,
  CreateCaseFields,
  CreateCaseResult,
  EmailBody,
  HistoryQuery,
  IdParams,
  LoginBody,
  LoginResult,
  OtpBody,
  PrintResult,
  RatingBody,
  RegistrationFields,
  RegistrationResult,
  ResetBody,
  ResetParams,
} from './payloads.ts';

/** The API's path prefix (spec section 7). */
export const API_PREFIX = '/api';

/** none: no token; required: a bearer token; optional: a token changes what is returned. */
export type Auth = 'none' | 'required' | 'optional';

export interface FileRule {
  /** What the content must be, checked by its bytes, never by the name or declared type. */
  kind: 'pdf' | 'image';
  maxBytes: number;
  required: boolean;
}

export interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT';
  /** Path under API_PREFIX, with `:name` parameters. */
  path: string;
  auth: Auth;
  /** The fixed per-endpoint header that carries the API key (spec section 6). */
  apiKeyHeader: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Multipart payloads: the text fields and the file parts. */
  multipart?: { fields: z.ZodObject; files: Record<string, FileRule> };
  status: 200 | 201;
  response: z.ZodType;
  /** Reference data (divisions, directorates, case types, questions): sent with an ETag, 304 when unchanged. */
  reference?: true;
}

const pdf = (required: boolean): FileRule => ({ kind: 'pdf', maxBytes: ATTACHMENT_MAX_BYTES, required });

export const endpoints = {
  getAllDivisions: {
    method: 'GET', path: '/division_api/get_all_divisions', auth: 'none', apiKeyHeader: 'get_divs_api',
    summary: 'All divisions', status: 200, response: z.array(Division),
    reference: true,
  },
  createCustomerUser: {
    method: 'POST', path: '/customer_user_api/create_customer_user', auth: 'none', apiKeyHeader: 'create_cust_api',
    summary: 'Register a customer (multipart); emails a one-time code',
    multipart: { fields: RegistrationFields, files: { picture: { kind: 'image', maxBytes: PICTURE_MAX_BYTES, required: false } } },
    status: 201, response: RegistrationResult,
  },
  validateCustomerOtp: {
    method: 'POST', path: '/customer_user_api/validate_customer_otp', auth: 'none', apiKeyHeader: 'validate_otp_api',
    summary: 'Verify the email with the one-time code', body: OtpBody, status: 200, response: Messages,
  },
  resendCustomerOtp: {
    method: 'PUT', path: '/customer_user_api/resend_customer_otp', auth: 'none', apiKeyHeader: 'resend_otp_api',
    summary: 'Send a new one-time code (the old one stops working)', body: EmailBody, status: 200, response: Messages,
  },
  loginCustomerUser: {
    method: 'POST', path: '/customer_user_api/login_customer_user', auth: 'none', apiKeyHeader: 'login_cust_api',
    summary: 'Log in; answers a bearer token', body: LoginBody, status: 200, response: LoginResult,
  },
  forgotCustomerUser: {
    method: 'POST', path: '/customer_user_api/forgot_customer_user', auth: 'none', apiKeyHeader: 'forgot_cust_api',
    summary: 'Email a password reset link (same answer whether or not the email exists)', body: EmailBody, status: 200, response: Messages,
  },
  resetCustomerUser: {
    method: 'PUT', path: '/customer_user_api/reset_customer_user/:id/:token', auth: 'none', apiKeyHeader: 'reset_cust_api',
    summary: 'Set a new password with the emailed link', params: ResetParams, body: ResetBody, status: 200, response: Messages,
  },
  getCustomerUser: {
    method: 'GET', path: '/customer_user_api/get_customer_user/:id', auth: 'required', apiKeyHeader: 'get_cust_api',
    summary: "The caller's own profile", params: IdParams, status: 200, response: Customer,
  },
  logoutCustomerUser: {
    method: 'GET', path: '/customer_user_api/logout_customer_user', auth: 'required', apiKeyHeader: 'logout_cust_api',
    summary: 'Log out: the token stops working', status: 200, response: Messages,
  },
  getAllCaseList: {
    method: 'GET', path: '/case_list_api/get_all_case_list', auth: 'none', apiKeyHeader: 'get_all_caselist_api',
    summary: 'All case request types with their questions', status: 200, response: z.array(CaseList),
    reference: true,
  },
  getCaseLists: {
    method: 'GET', path: '/case_list_api/get_case_list', auth: 'required', apiKeyHeader: 'get_caselist_api',
    summary: 'All case request types (logged in)', status: 200, response: z.array(CaseList),
  },
  getCaseListById: {
    method: 'GET', path: '/case_list_api/get_case_list/:id', auth: 'none', apiKeyHeader: 'get_caselist_id_api',
    summary: 'One case request type', params: IdParams, status: 200, response: CaseList,
    reference: true,
  },
  getAllQuestions: {
    method: 'GET', path: '/questions_api/get_all_questions', auth: 'none', apiKeyHeader: 'get_all_questions_api',
    summary: 'All questions', status: 200, response: z.array(Question),
    reference: true,
  },
  getCasesByCustomer: {
    method: 'GET', path: '/customer_case_api/get_by_case_customerid', auth: 'required', apiKeyHeader: 'get_cust_cases_api',
    summary: "The caller's cases (for the related-case select)", status: 200, response: z.array(CaseSummary),
  },
  createCase: {
    method: 'POST', path: '/customer_case_api/create_case', auth: 'required', apiKeyHeader: 'create_case_api',
    summary: 'Apply for a case (multipart)',
    multipart: { fields: CreateCaseFields, files: { attachment: pdf(false) } },
    status: 201, response: CreateCaseResult,
  },
  getCases: {
    method: 'GET', path: '/customer_case_api/get_case', auth: 'required', apiKeyHeader: 'get_case_api',
    summary: "A page of the caller's cases", query: CaseListQuery, status: 200, response: CaseListResult,
  },
  getCaseStatistics: {
    method: 'GET', path: '/customer_case_api/get_case_cust', auth: 'required', apiKeyHeader: 'get_case_cust_api',
    summary: "Counts of the caller's cases by status", status: 200, response: CaseStatistics,
  },
  getAllCases: {
    method: 'GET', path: '/customer_case_api/get_all_cases', auth: 'required', apiKeyHeader: 'get_all_cases_api',
    summary: "All the caller's cases", status: 200, response: z.array(Case),
  },
  getCaseByNumber: {
    method: 'POST', path: '/customer_case_api/get_case_by_casenum', auth: 'optional', apiKeyHeader: 'get_casenum_api',
    summary: 'One case by its number; masked unless the owner token or the phone on file is given',
    body: CaseNumberBody, status: 200, response: Case,
  },
  printCase: {
    method: 'GET', path: '/customer_case_api/print_case/:id', auth: 'optional', apiKeyHeader: 'print_case_api',
    summary: 'Generate the printable PDF of a case; the same privacy rule as the lookup (phone in the x-case-phone header)',
    params: IdParams, status: 200, response: PrintResult,
  },
  getCaseHistory: {
    method: 'GET', path: '/customer_case_history_api/get_case_history', auth: 'required', apiKeyHeader: 'get_case_history_api',
    summary: "Every status change of the caller's cases (or of one, with case_id)", query: HistoryQuery, status: 200,
    response: z.array(CaseHistoryEntry),
  },
  getRatingByCase: {
    method: 'GET', path: '/div_rate/get_rating_bycase/:caseId', auth: 'none', apiKeyHeader: 'get_rating_api',
    summary: 'The rating of a case (an empty list when not rated)', params: CaseIdParams, status: 200, response: z.array(Rating),
  },
  createCustomerRating: {
    method: 'POST', path: '/div_rate/create_custrate', auth: 'required', apiKeyHeader: 'create_rating_api',
    summary: 'Rate a verified case, once', body: RatingBody, status: 201, response: Messages.extend({ rating: Rating }),
  },
  getDivisionById: {
    method: 'GET', path: '/division_api/get_division/:id', auth: 'none', apiKeyHeader: 'get_div_api',
    summary: 'One division', params: IdParams, status: 200, response: Division,
    reference: true,
  },
  getDivisions: {
    method: 'GET', path: '/division_api/get_division', auth: 'required', apiKeyHeader: 'get_division_api',
    summary: 'All divisions (logged in)', status: 200, response: z.array(Division),
  },
  getAllDirectorates: {
    method: 'GET', path: '/directorate_api/get_all_directorate', auth: 'none', apiKeyHeader: 'get_all_dirs_api',
    summary: 'All directorates', status: 200, response: z.array(Directorate),
    reference: true,
  },
  getAllTeams: {
    method: 'GET', path: '/team_leader_api/get_all_team', auth: 'none', apiKeyHeader: 'get_all_team_api',
    summary: 'All teams (names and divisions only)', status: 200, response: z.array(Team),
  },
  createAccusation: {
    method: 'POST', path: '/accusation_acceptor_api/create_accusation', auth: 'none', apiKeyHeader: 'create_accusation_api',
    summary: 'File a complaint, anonymously if wished (multipart)',
    multipart: { fields: AccusationFields, files: { attachment: pdf(false) } },
    status: 201, response: AccusationResult,
  },
  logoutAccusationAcceptor: {
    method: 'GET', path: '/accusation_acceptor_user_api/logout_accusation_acceptor', auth: 'none', apiKeyHeader: 'logout_acc_api',
    summary: 'Log out an accusation acceptor (staff); the portal holds no staff session, so it only answers', status: 200, response: Messages,
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;
export type Endpoints = typeof endpoints;

/** The path with its parameters filled in, for clients: `pathOf('getDivisionById', { id })`. */
export function pathOf(name: EndpointName, params: Record<string, string> = {}): string {
  return endpoints[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} of ${name}`);
    return encodeURIComponent(value);
  });
}

/** The optional proof of ownership of a printed case: the phone number on file. */
export const CASE_PHONE_HEADER = 'x-case-phone';

/** Where uploaded and generated files are served from (spec section 7). */
export const MEDIA_PATHS = {
  root: '/Media/',
  caseFiles: '/Media/CaseFiles/',
  customerImages: '/Media/CustomerImages/',
  manual: '/Media/manual/',
} as const;
