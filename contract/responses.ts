import * as z from 'zod/mini';
import { IsoDate, Messages } from './common.ts';
import {
  Case,
  CaseHistoryEntry,
  CaseStatistics,
  CaseStatus,
  CaseSummary,
  Customer,
  NotificationPreferences,
} from './entities.ts';

/** The answers that are not an entity or a list of them (both halves parse them). */
/**
 * `registration` (beside the spec's answer) names this registration to the browser that made
 * it, which sends it with "resend code": a code is then sent only for that registration,
 * never for one someone else made since (ADR 0020). Random, and given for a taken email too.
 */
export const RegistrationResult = z.extend(Messages, { email: z.string(), registration: z.optional(z.string()) });

export const CaseListResult = z.object({
  cases: z.array(CaseSummary),
  currentPage: z.int(),
  totalPages: z.int(),
  totalCases: z.int(),
});

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

export const AccusationResult = z.extend(Messages, { tracking_code: z.string() });

export const COMPLAINT_STATUSES = ['received', 'under_review', 'answered'] as const;
/**
 * A complaint as anyone holding its tracking code sees it: where it stands and the bureau's
 * answer, nothing of who filed it or what they wrote.
 */
export const ComplaintStatus = z.object({
  tracking_code: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  createdAt: IsoDate,
  reviewed_at: z.nullable(IsoDate),
  answered_at: z.nullable(IsoDate),
  answer: z.nullable(z.string()),
  /** The bureau's PDF, under /Media/. */
  answer_file: z.nullable(z.string()),
});
export type ComplaintStatus = z.infer<typeof ComplaintStatus>;

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

/**
 * How people reach the bureau besides the portal (issue 51): the short code or number they
 * text a case number, a complaint's code, STOP or START to (SMS_NUMBER; null when not said),
 * and where appointments are held (BUREAU_ADDRESS, else the bureau's name), in Amharic and English.
 */
export const BureauContact = z.object({
  sms_number: z.nullable(z.string()),
  address: z.object({ am: z.string(), en: z.string() }),
});
export type BureauContact = z.infer<typeof BureauContact>;

/** Preferences saved, or a phone number verified: what was said, and the preferences as they now are. */
export const PreferencesResult = z.extend(Messages, { preferences: NotificationPreferences });

/** The customer's data archive is built: its id for the one download, and until when. */
export const DataExportResult = z.extend(Messages, { export_id: z.string(), expires_at: IsoDate });
