import type { referenceEndpoints } from './endpoints.ts';
import { IdParams } from '../request-parts.ts';
import type { RequestDef } from '../request-parts.ts';

/**
 * The requests of reference data (divisions, directorates, teams, case types, questions, the
 * bureau's contact): what the server validates; the SPA never loads this module.
 */

/** What each endpoint of reference data accepts (contract/reference/endpoints.ts). */
export const referenceRequests = {
  getAllDivisions: { summary: 'All divisions' },
  getAllCaseList: { summary: 'All case request types with their questions' },
  getCaseLists: { summary: 'All case request types (logged in)' },
  getCaseListById: { summary: 'One case request type', params: IdParams },
  getAllQuestions: { summary: 'All questions' },
  getDivisionById: { summary: 'One division', params: IdParams },
  getDivisions: { summary: 'All divisions (logged in)' },
  getAllDirectorates: { summary: 'All directorates' },
  getAllTeams: { summary: 'All teams (names and divisions only)' },
  getBureauContact: {
    summary: 'The number people text the bureau at (a case number, a complaint code, STOP, START), or null',
  },
} as const satisfies Record<keyof typeof referenceEndpoints, RequestDef>;
