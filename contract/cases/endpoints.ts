import type { EndpointDef } from '../define.ts';

/** Cases: the customer's applications, lists, reads, prints and steps; the lifecycle's counts. */
export const casesEndpoints = {
  getCasesByCustomer: {
    method: 'GET',
    path: '/customer_case_api/get_by_case_customerid',
    auth: 'required',
    apiKeyHeader: 'get_cust_cases_api',
    status: 200,
  },
  createCase: {
    method: 'POST',
    path: '/customer_case_api/create_case',
    auth: 'required',
    apiKeyHeader: 'create_case_api',
    status: 201,
  },
  getCases: {
    method: 'GET',
    path: '/customer_case_api/get_case',
    auth: 'required',
    apiKeyHeader: 'get_case_api',
    status: 200,
  },
  getCaseStatistics: {
    method: 'GET',
    path: '/customer_case_api/get_case_cust',
    auth: 'required',
    apiKeyHeader: 'get_case_cust_api',
    status: 200,
  },
  getAllCases: {
    method: 'GET',
    path: '/customer_case_api/get_all_cases',
    auth: 'required',
    apiKeyHeader: 'get_all_cases_api',
    status: 200,
  },
  getCaseByNumber: {
    method: 'POST',
    path: '/customer_case_api/get_case_by_casenum',
    auth: 'optional',
    apiKeyHeader: 'get_casenum_api',
    status: 200,
    read: true,
  },
  printCase: {
    method: 'GET',
    path: '/customer_case_api/print_case/:id',
    auth: 'optional',
    apiKeyHeader: 'print_case_api',
    status: 200,
  },
  /** Issue 38: the case's coming appointment as a calendar file (.ics); what the public lookup shows, nothing more. */
  getAppointmentCalendar: {
    method: 'GET',
    path: '/customer_case_api/appointment_calendar/:id',
    auth: 'none',
    apiKeyHeader: 'appointment_calendar_api',
    status: 200,
  },
  getCaseHistory: {
    method: 'GET',
    path: '/customer_case_history_api/get_case_history',
    auth: 'required',
    apiKeyHeader: 'get_case_history_api',
    status: 200,
  },
  answerCaseInfo: {
    method: 'POST',
    path: '/customer_case_api/answer_info/:id',
    auth: 'required',
    apiKeyHeader: 'answer_case_api',
    status: 200,
  },
  withdrawCase: {
    method: 'POST',
    path: '/customer_case_api/withdraw_case/:id',
    auth: 'required',
    apiKeyHeader: 'withdraw_case_api',
    status: 200,
  },
  appealCase: {
    method: 'POST',
    path: '/customer_case_api/appeal_case/:id',
    auth: 'required',
    apiKeyHeader: 'appeal_case_api',
    status: 200,
  },
  /** For /flows and its auditors: the case lifecycle's transitions counted (no personal data). */
  getFlowCounts: {
    method: 'GET',
    path: '/flows_api/counts',
    auth: 'none',
    apiKeyHeader: 'flow_counts_api',
    status: 200,
  },
} as const satisfies Record<string, EndpointDef>;
