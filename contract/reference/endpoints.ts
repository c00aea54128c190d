import type { EndpointDef } from '../define.ts';

/** Reference data: divisions, directorates, teams, case types and their questions. */
export const referenceEndpoints = {
  getAllDivisions: {
    method: 'GET',
    path: '/division_api/get_all_divisions',
    auth: 'none',
    apiKeyHeader: 'get_divs_api',
    status: 200,
    reference: true,
  },
  getAllCaseList: {
    method: 'GET',
    path: '/case_list_api/get_all_case_list',
    auth: 'none',
    apiKeyHeader: 'get_all_caselist_api',
    status: 200,
    reference: true,
  },
  getCaseLists: {
    method: 'GET',
    path: '/case_list_api/get_case_list',
    auth: 'required',
    apiKeyHeader: 'get_caselist_api',
    status: 200,
  },
  getCaseListById: {
    method: 'GET',
    path: '/case_list_api/get_case_list/:id',
    auth: 'none',
    apiKeyHeader: 'get_caselist_id_api',
    status: 200,
    reference: true,
  },
  getAllQuestions: {
    method: 'GET',
    path: '/questions_api/get_all_questions',
    auth: 'none',
    apiKeyHeader: 'get_all_questions_api',
    status: 200,
    reference: true,
  },
  getDivisionById: {
    method: 'GET',
    path: '/division_api/get_division/:id',
    auth: 'none',
    apiKeyHeader: 'get_div_api',
    status: 200,
    reference: true,
  },
  getDivisions: {
    method: 'GET',
    path: '/division_api/get_division',
    auth: 'required',
    apiKeyHeader: 'get_division_api',
    status: 200,
  },
  getAllDirectorates: {
    method: 'GET',
    path: '/directorate_api/get_all_directorate',
    auth: 'none',
    apiKeyHeader: 'get_all_dirs_api',
    status: 200,
    reference: true,
  },
  /** Beside the spec (issue 51): the number people text the bureau at, for the pages that say so. */
  getBureauContact: {
    method: 'GET',
    path: '/bureau_api/contact',
    auth: 'none',
    apiKeyHeader: 'get_bureau_contact_api',
    status: 200,
  },
  getAllTeams: {
    method: 'GET',
    path: '/team_leader_api/get_all_team',
    auth: 'none',
    apiKeyHeader: 'get_all_team_api',
    status: 200,
  },
} as const satisfies Record<string, EndpointDef>;
