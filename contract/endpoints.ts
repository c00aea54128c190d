import * as z from 'zod/mini';
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
  NotificationPreferences,
  Question,
  Rating,
  Team,
} from './entities.ts';
import {
  AccusationResult,
  CaseListResult,
  CaseStepResult,
  ComplaintStatus,
  CreateCaseResult,
  DataExportResult,
  FlowCounts,
  LoginResult,
  PreferencesResult,
  PrintResult,
  RegistrationResult,
} from './responses.ts';

/** The API's path prefix (spec section 7). */
export const API_PREFIX = '/api';

/** none: no token; required: a bearer token; optional: a token changes what is returned. */
export type Auth = 'none' | 'required' | 'optional';

/**
 * What both halves need of an endpoint: where it is, who may call it and what it answers.
 * What it accepts is in requests.ts (the server validates it; the SPA never loads it).
 */
export interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT';
  /** Path under API_PREFIX, with `:name` parameters. */
  path: string;
  auth: Auth;
  /** The fixed per-endpoint header that carries the API key (spec section 6). */
  apiKeyHeader: string;
  status: 200 | 201;
  response: z.ZodMiniType;
  /** Reference data (divisions, directorates, case types, questions): sent with an ETag, 304 when unchanged. */
  reference?: true;
  /** A POST that only reads (the spec makes the case lookup one): its answer may be kept as a GET's may. */
  read?: true;
  /** A GET that changes something (the spec makes the logout one): its answer is never kept. */
  effect?: true;
}

/**
 * A read the SPA copies for the session while a customer is signed in (src/api/copies.ts):
 * their own data, and the public data their pages read with it (a case's type and questions),
 * so that a page read online reads again offline whether or not the service worker holds it.
 */
export const isSessionRead = (def: EndpointDef): boolean => (def.method === 'GET' && !def.effect) || def.read === true;

export const endpoints = {
  getAllDivisions: {
    method: 'GET',
    path: '/division_api/get_all_divisions',
    auth: 'none',
    apiKeyHeader: 'get_divs_api',
    status: 200,
    response: z.array(Division),
    reference: true,
  },
  createCustomerUser: {
    method: 'POST',
    path: '/customer_user_api/create_customer_user',
    auth: 'none',
    apiKeyHeader: 'create_cust_api',
    status: 201,
    response: RegistrationResult,
  },
  validateCustomerOtp: {
    method: 'POST',
    path: '/customer_user_api/validate_customer_otp',
    auth: 'none',
    apiKeyHeader: 'validate_otp_api',
    status: 200,
    response: Messages,
  },
  resendCustomerOtp: {
    method: 'PUT',
    path: '/customer_user_api/resend_customer_otp',
    auth: 'none',
    apiKeyHeader: 'resend_otp_api',
    status: 200,
    response: Messages,
  },
  loginCustomerUser: {
    method: 'POST',
    path: '/customer_user_api/login_customer_user',
    auth: 'none',
    apiKeyHeader: 'login_cust_api',
    status: 200,
    response: LoginResult,
  },
  forgotCustomerUser: {
    method: 'POST',
    path: '/customer_user_api/forgot_customer_user',
    auth: 'none',
    apiKeyHeader: 'forgot_cust_api',
    status: 200,
    response: Messages,
  },
  resetCustomerUser: {
    method: 'PUT',
    path: '/customer_user_api/reset_customer_user/:id/:token',
    auth: 'none',
    apiKeyHeader: 'reset_cust_api',
    status: 200,
    response: Messages,
  },
  getCustomerUser: {
    method: 'GET',
    path: '/customer_user_api/get_customer_user/:id',
    auth: 'required',
    apiKeyHeader: 'get_cust_api',
    status: 200,
    response: Customer,
  },
  logoutCustomerUser: {
    method: 'GET',
    path: '/customer_user_api/logout_customer_user',
    auth: 'required',
    apiKeyHeader: 'logout_cust_api',
    status: 200,
    response: Messages,
    effect: true,
  },
  renewCustomerSession: {
    method: 'POST',
    path: '/customer_user_api/renew_session',
    auth: 'required',
    apiKeyHeader: 'renew_session_api',
    status: 200,
    response: LoginResult,
  },
  /** The customer's channels and language for messages (issue 22). */
  getNotificationPreferences: {
    method: 'GET',
    path: '/customer_user_api/preferences',
    auth: 'required',
    apiKeyHeader: 'get_prefs_api',
    status: 200,
    response: NotificationPreferences,
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/customer_user_api/preferences',
    auth: 'required',
    apiKeyHeader: 'set_prefs_api',
    status: 200,
    response: PreferencesResult,
  },
  /** A code by SMS to the phone number on file, to prove it before any notification goes there. */
  sendPhoneCode: {
    method: 'POST',
    path: '/customer_user_api/send_phone_code',
    auth: 'required',
    apiKeyHeader: 'phone_code_api',
    status: 200,
    response: Messages,
  },
  verifyPhoneCode: {
    method: 'POST',
    path: '/customer_user_api/verify_phone_code',
    auth: 'required',
    apiKeyHeader: 'phone_verify_api',
    status: 200,
    response: PreferencesResult,
  },
  /** The customer's rights of access and erasure (issue 22). */
  requestDataExport: {
    method: 'POST',
    path: '/customer_user_api/data_export',
    auth: 'required',
    apiKeyHeader: 'export_api',
    status: 200,
    response: DataExportResult,
  },
  downloadDataExport: {
    method: 'GET',
    path: '/customer_user_api/data_export/:id',
    auth: 'required',
    apiKeyHeader: 'get_export_api',
    status: 200,
    /** A ZIP (application/zip), not JSON. */
    response: z.unknown(),
    effect: true,
  },
  deleteCustomerAccount: {
    method: 'POST',
    path: '/customer_user_api/delete_account',
    auth: 'required',
    apiKeyHeader: 'delete_account_api',
    status: 200,
    response: Messages,
  },
  getAllCaseList: {
    method: 'GET',
    path: '/case_list_api/get_all_case_list',
    auth: 'none',
    apiKeyHeader: 'get_all_caselist_api',
    status: 200,
    response: z.array(CaseList),
    reference: true,
  },
  getCaseLists: {
    method: 'GET',
    path: '/case_list_api/get_case_list',
    auth: 'required',
    apiKeyHeader: 'get_caselist_api',
    status: 200,
    response: z.array(CaseList),
  },
  getCaseListById: {
    method: 'GET',
    path: '/case_list_api/get_case_list/:id',
    auth: 'none',
    apiKeyHeader: 'get_caselist_id_api',
    status: 200,
    response: CaseList,
    reference: true,
  },
  getAllQuestions: {
    method: 'GET',
    path: '/questions_api/get_all_questions',
    auth: 'none',
    apiKeyHeader: 'get_all_questions_api',
    status: 200,
    response: z.array(Question),
    reference: true,
  },
  getCasesByCustomer: {
    method: 'GET',
    path: '/customer_case_api/get_by_case_customerid',
    auth: 'required',
    apiKeyHeader: 'get_cust_cases_api',
    status: 200,
    response: z.array(CaseSummary),
  },
  createCase: {
    method: 'POST',
    path: '/customer_case_api/create_case',
    auth: 'required',
    apiKeyHeader: 'create_case_api',
    status: 201,
    response: CreateCaseResult,
  },
  getCases: {
    method: 'GET',
    path: '/customer_case_api/get_case',
    auth: 'required',
    apiKeyHeader: 'get_case_api',
    status: 200,
    response: CaseListResult,
  },
  getCaseStatistics: {
    method: 'GET',
    path: '/customer_case_api/get_case_cust',
    auth: 'required',
    apiKeyHeader: 'get_case_cust_api',
    status: 200,
    response: CaseStatistics,
  },
  getAllCases: {
    method: 'GET',
    path: '/customer_case_api/get_all_cases',
    auth: 'required',
    apiKeyHeader: 'get_all_cases_api',
    status: 200,
    response: z.array(Case),
  },
  getCaseByNumber: {
    method: 'POST',
    path: '/customer_case_api/get_case_by_casenum',
    auth: 'optional',
    apiKeyHeader: 'get_casenum_api',
    status: 200,
    response: Case,
    read: true,
  },
  printCase: {
    method: 'GET',
    path: '/customer_case_api/print_case/:id',
    auth: 'optional',
    apiKeyHeader: 'print_case_api',
    status: 200,
    response: PrintResult,
  },
  getCaseHistory: {
    method: 'GET',
    path: '/customer_case_history_api/get_case_history',
    auth: 'required',
    apiKeyHeader: 'get_case_history_api',
    status: 200,
    response: z.array(CaseHistoryEntry),
  },
  /** The spec lets anyone ask; a rating is its owner's alone (issue 32, ADR 0020): the case's owner only. */
  getRatingByCase: {
    method: 'GET',
    path: '/div_rate/get_rating_bycase/:caseId',
    auth: 'required',
    apiKeyHeader: 'get_rating_api',
    status: 200,
    response: z.array(Rating),
  },
  answerCaseInfo: {
    method: 'POST',
    path: '/customer_case_api/answer_info/:id',
    auth: 'required',
    apiKeyHeader: 'answer_case_api',
    status: 200,
    response: CaseStepResult,
  },
  withdrawCase: {
    method: 'POST',
    path: '/customer_case_api/withdraw_case/:id',
    auth: 'required',
    apiKeyHeader: 'withdraw_case_api',
    status: 200,
    response: CaseStepResult,
  },
  appealCase: {
    method: 'POST',
    path: '/customer_case_api/appeal_case/:id',
    auth: 'required',
    apiKeyHeader: 'appeal_case_api',
    status: 200,
    response: CaseStepResult,
  },
  createCustomerRating: {
    method: 'POST',
    path: '/div_rate/create_custrate',
    auth: 'required',
    apiKeyHeader: 'create_rating_api',
    status: 201,
    response: z.extend(Messages, { rating: Rating }),
  },
  getDivisionById: {
    method: 'GET',
    path: '/division_api/get_division/:id',
    auth: 'none',
    apiKeyHeader: 'get_div_api',
    status: 200,
    response: Division,
    reference: true,
  },
  getDivisions: {
    method: 'GET',
    path: '/division_api/get_division',
    auth: 'required',
    apiKeyHeader: 'get_division_api',
    status: 200,
    response: z.array(Division),
  },
  getAllDirectorates: {
    method: 'GET',
    path: '/directorate_api/get_all_directorate',
    auth: 'none',
    apiKeyHeader: 'get_all_dirs_api',
    status: 200,
    response: z.array(Directorate),
    reference: true,
  },
  getAllTeams: {
    method: 'GET',
    path: '/team_leader_api/get_all_team',
    auth: 'none',
    apiKeyHeader: 'get_all_team_api',
    status: 200,
    response: z.array(Team),
  },
  createAccusation: {
    method: 'POST',
    path: '/accusation_acceptor_api/create_accusation',
    auth: 'none',
    apiKeyHeader: 'create_accusation_api',
    status: 201,
    response: AccusationResult,
  },
  getComplaintByCode: {
    method: 'GET',
    path: '/accusation_acceptor_api/get_accusation/:code',
    auth: 'none',
    apiKeyHeader: 'get_accusation_api',
    status: 200,
    response: ComplaintStatus,
  },
  /** For /flows and its auditors: the case lifecycle's transitions counted (no personal data). */
  getFlowCounts: {
    method: 'GET',
    path: '/flows_api/counts',
    auth: 'none',
    apiKeyHeader: 'flow_counts_api',
    status: 200,
    response: FlowCounts,
  },
  logoutAccusationAcceptor: {
    method: 'GET',
    path: '/accusation_acceptor_user_api/logout_accusation_acceptor',
    auth: 'none',
    apiKeyHeader: 'logout_acc_api',
    status: 200,
    response: Messages,
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

/**
 * The header of `createCase` that makes a retry safe: the same key from the same customer
 * answers the case the first try created instead of a second case.
 */
/**
 * What operators and load balancers call; not the SPA's. Liveness and readiness answer
 * JSON; metrics the Prometheus text format, to the bearer of METRICS_TOKEN only.
 */
export const OPERATOR_PATHS = {
  live: `${API_PREFIX}/health/live`,
  ready: `${API_PREFIX}/health/ready`,
  metrics: '/metrics',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;
/** A new key: 128 random bits as hex (crypto.getRandomValues works on plain http too, randomUUID does not). */
export const newIdempotencyKey = (): string => [...globalThis.crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The optional proof of ownership of a printed case: the phone number on file. */
export const CASE_PHONE_HEADER = 'x-case-phone';
