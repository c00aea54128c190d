import * as z from 'zod/mini';
import { CaseList, Directorate, Division, Question, Team } from '../entities.ts';
import type { referenceEndpoints } from './endpoints.ts';

/**
 * The answers of reference data (divisions, directorates, teams, case types, questions, the
 * bureau's contact): the server serializes with them, the SPA parses with them.
 */

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

/** What each endpoint of reference data answers (contract/reference/endpoints.ts). */
export const referenceAnswers = {
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
} as const satisfies Record<keyof typeof referenceEndpoints, z.ZodMiniType>;
