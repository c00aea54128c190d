import * as z from 'zod/mini';
import type { casesEndpoints } from './endpoints.ts';
import { IsoDate, Messages } from '../common.ts';
import { Case, CaseHistoryEntry, CaseStatistics, CaseStatus, CaseSummary } from '../entities.ts';

/**
 * The answers of cases (apply, list, read, print, steps, the flow counts): the server serializes
 * with them, the SPA parses with them.
 */

export const CaseListResult = z.object({
  cases: z.array(CaseSummary),
  currentPage: z.int(),
  totalPages: z.int(),
  totalCases: z.int(),
});

export const CreateCaseResult = z.extend(Messages, { case: CaseSummary });

/**
 * A step the customer takes on their case (answer, withdraw, appeal): the case and its
 * history as the owner now reads them (the case page shows them without reading again).
 */
export const CaseStepResult = z.extend(Messages, { case: Case, history: z.array(CaseHistoryEntry) });
export type CaseStepResult = z.infer<typeof CaseStepResult>;

/**
 * The print of a case: its PDF (`path`, a short-lived link) and what a phone shows instead of
 * the PDF's small type (issue 51): the case's number (the name the PDF is saved under), its
 * status and type, when it was filed, when it closed, the appointment ahead, and whether the
 * personal details are hidden (a print without the owner's session or phone).
 */
export const PrintResult = z.object({
  file_name: z.string(),
  path: z.string(),
  case_number: z.string(),
  status: CaseStatus,
  masked: z.boolean(),
  caselist: Case.shape.caselist,
  createdAt: IsoDate,
  closed_on: z.nullable(IsoDate),
  appointment: z.nullable(IsoDate),
});
export type PrintResult = z.infer<typeof PrintResult>;

/**
 * How many times each transition of the case lifecycle was taken in the last `days` days
 * (issue 21): counts only, nothing of any case or person. `from` is null for a case being
 * created; `event` names the machine's transition. Every transition of the machine is
 * listed, the ones never taken with 0.
 */
export const FlowCounts = z.object({
  days: z.int(),
  since: IsoDate,
  transitions: z.array(z.object({ from: z.nullable(z.string()), event: z.string(), to: z.string(), count: z.int() })),
});
export type FlowCounts = z.infer<typeof FlowCounts>;

/** What each endpoint of cases answers (contract/cases/endpoints.ts). */
export const casesAnswers = {
  getCasesByCustomer: z.array(CaseSummary),
  createCase: CreateCaseResult,
  getCases: CaseListResult,
  getCaseStatistics: CaseStatistics,
  getAllCases: z.array(Case),
  getCaseByNumber: Case,
  printCase: PrintResult,
  getAppointmentCalendar: z.unknown(),
  getCaseHistory: z.array(CaseHistoryEntry),
  answerCaseInfo: CaseStepResult,
  withdrawCase: CaseStepResult,
  appealCase: CaseStepResult,
  getFlowCounts: FlowCounts,
} as const satisfies Record<keyof typeof casesEndpoints, z.ZodMiniType>;
