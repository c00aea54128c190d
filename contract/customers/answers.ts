import * as z from 'zod/mini';
import { CaseListResult } from '../cases/answers.ts';
import { IsoDate, Messages } from '../common.ts';
import type { customersEndpoints } from './endpoints.ts';
import {
  Case,
  CaseHistoryEntry,
  CaseList,
  CaseStatistics,
  Customer,
  NotificationPreferences,
  Rating,
} from '../entities.ts';

/**
 * The answers of accounts (registration, verification, login, profile, preferences, data rights):
 * the server serializes with them, the SPA parses with them.
 */

/**
 * `registration` (beside the spec's answer) names this registration to the browser that made
 * it, which sends it with "resend code": a code is then sent only for that registration,
 * never for one someone else made since (ADR 0020). Random, and given for a taken email too.
 */
export const RegistrationResult = z.extend(Messages, { email: z.string(), registration: z.optional(z.string()) });

/**
 * What the dashboard shows first, each as its own read answers it: the customer
 * (get_customer_user), the counts (get_case_cust) and the page of cases with the dashboard's
 * query (get_case, DASHBOARD_CASES_QUERY). The login's answer brings it beside the spec's
 * fields, so that the dashboard needs no call after the login (issue 35); the reads stay.
 */
export const DashboardFirst = z.object({ customer: Customer, statistics: CaseStatistics, cases: CaseListResult });
export type DashboardFirst = z.infer<typeof DashboardFirst>;

/**
 * A case's page as it reads it, each part as its own read answers it: the customer whose name
 * the dashboard's bar shows (get_customer_user), the case (get_case_by_casenum), its type
 * (get_case_list/:id), its rating (get_rating_bycase) and its history (get_case_history). The
 * login's answer brings it, instead of the dashboard's, when the login names one of the
 * customer's own cases (`linked_case`: a case's link from a mail led to the login): the case
 * opens with no call after the login (ADR 0040's addendum).
 */
export const LinkedCaseFirst = z.object({
  customer: Customer,
  case: Case,
  caselist: CaseList,
  rating: z.array(Rating),
  history: z.array(CaseHistoryEntry),
});
export type LinkedCaseFirst = z.infer<typeof LinkedCaseFirst>;

export const LoginResult = z.extend(Messages, {
  token: z.string(),
  dashboard: z.optional(DashboardFirst),
  linked: z.optional(LinkedCaseFirst),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** Preferences saved, or a phone number verified: what was said, and the preferences as they now are. */
export const PreferencesResult = z.extend(Messages, { preferences: NotificationPreferences });

/** The customer's data archive is built: its id for the one download, and until when. */
export const DataExportResult = z.extend(Messages, { export_id: z.string(), expires_at: IsoDate });

/** What each endpoint of accounts answers (contract/customers/endpoints.ts). */
export const customersAnswers = {
  createCustomerUser: RegistrationResult,
  validateCustomerOtp: Messages,
  resendCustomerOtp: Messages,
  loginCustomerUser: LoginResult,
  forgotCustomerUser: Messages,
  resetCustomerUser: Messages,
  getCustomerUser: Customer,
  logoutCustomerUser: Messages,
  renewCustomerSession: LoginResult,
  getNotificationPreferences: NotificationPreferences,
  updateNotificationPreferences: PreferencesResult,
  sendPhoneCode: Messages,
  verifyPhoneCode: PreferencesResult,
  requestDataExport: DataExportResult,
  downloadDataExport: z.unknown(),
  deleteCustomerAccount: Messages,
} as const satisfies Record<keyof typeof customersEndpoints, z.ZodMiniType>;
