import * as z from 'zod/mini';
import { Case, CaseHistoryEntry, CaseStatistics, CaseSummary } from '../entities.ts';
import { CaseListResult, CaseStepResult, CreateCaseResult, FlowCounts, PrintResult } from '../responses.ts';
import type { EndpointDef } from './define.ts';

/** Cases: the customer's applications, lists, reads, prints and steps; the lifecycle's counts. */
export const casesEndpoints = {
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
  /** For /flows and its auditors: the case lifecycle's transitions counted (no personal data). */
  getFlowCounts: {
    method: 'GET',
    path: '/flows_api/counts',
    auth: 'none',
    apiKeyHeader: 'flow_counts_api',
    status: 200,
    response: FlowCounts,
  },
} as const satisfies Record<string, EndpointDef>;
