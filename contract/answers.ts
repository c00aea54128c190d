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
import type { EndpointName } from './endpoints.ts';
import {
  AccusationResult,
  BureauContact,
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

/**
 * What each endpoint answers (spec section 7), by name: the server serializes with it and the
 * SPA parses with it. Apart from the endpoints (contract/endpoints/) so that a page that only
 * needs to know where an endpoint is does not load the schemas and their library: the SPA
 * fetches this table beside its first call (src/api/client.ts), never with the landing page.
 */
export const answers = {
  // Reference data
  getAllDivisions: z.array(Division),
  getAllCaseList: z.array(CaseList),
  getCaseLists: z.array(CaseList),
  getCaseListById: CaseList,
  getAllQuestions: z.array(Question),
  getDivisionById: Division,
  getDivisions: z.array(Division),
  getAllDirectorates: z.array(Directorate),
  getAllTeams: z.array(Team),
  getBureauContact: BureauContact,
  // Accounts
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
  // Cases
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
  // Feedback
  getRatingByCase: z.array(Rating),
  createCustomerRating: z.extend(Messages, { rating: Rating }),
  createAccusation: AccusationResult,
  getComplaintByCode: ComplaintStatus,
  logoutAccusationAcceptor: Messages,
} as const satisfies Record<EndpointName, z.ZodMiniType>;

export type Answers = typeof answers;
/** What endpoint `K` answers, parsed. */
export type AnswerOf<K extends EndpointName> = z.infer<Answers[K]>;
