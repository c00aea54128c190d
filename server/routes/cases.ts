import { CASE_PHONE_HEADER, IDEMPOTENCY_HEADER } from '../../contract/endpoints.ts';
import type { Context } from '../context.ts';
import { allCases, caseById, caseByNumber, caseHistory, caseStatistics, createCase, listCases, listOwnCaseNumbers } from '../services/cases.ts';
import { printCase } from '../services/print.ts';
import type { Handlers } from './define.ts';

export const caseHandlers = (ctx: Context) =>
  ({
    getCasesByCustomer: ({ caller }) => listOwnCaseNumbers(ctx, caller.customerId),
    createCase: ({ body, files, caller, request }) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return createCase(ctx, caller.customerId, body, files.attachment, typeof key === 'string' ? key : undefined);
    },
    getCases: ({ query, caller }) => listCases(ctx, caller.customerId, query),
    getCaseStatistics: ({ caller }) => caseStatistics(ctx, caller.customerId),
    getAllCases: ({ caller }) => allCases(ctx, caller.customerId),
    getCaseByNumber: ({ body, caller }) => caseByNumber(ctx, body.casenum, caller?.customerId, body.phone),
    printCase: async ({ params, caller, request }) => {
      const phone = request.headers[CASE_PHONE_HEADER];
      const found = await caseById(ctx, params.id, caller?.customerId, typeof phone === 'string' ? phone : undefined);
      return printCase(ctx, found);
    },
    getCaseHistory: ({ query, caller }) => caseHistory(ctx, caller.customerId, query.case_id || undefined),
  }) satisfies Partial<Handlers>;
