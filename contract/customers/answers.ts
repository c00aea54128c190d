import * as z from 'zod/mini';
import { CaseListResult } from '../cases/answers.ts';
import { IsoDate, Messages } from '../common.ts';
import type { customersEndpoints } from './endpoints.ts';
import { CaseStatistics, Customer, NotificationPreferences } from '../entities.ts';

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

export const LoginResult = z.extend(Messages, { token: z.string(), dashboard: z.optional(DashboardFirst) });
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
