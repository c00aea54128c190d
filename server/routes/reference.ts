import type { Context } from '../context.ts';
import { message } from '../messages.ts';
import { getCaseList, getDivision, listCaseLists, listDirectorates, listDivisions, listQuestions, listTeams } from '../services/reference.ts';
import type { Handlers } from './define.ts';

/** Reference data: divisions, directorates, teams, case types and questions. */
export const referenceHandlers = (ctx: Context) =>
  ({
    getAllDivisions: () => listDivisions(ctx.db),
    getDivisions: () => listDivisions(ctx.db),
    getDivisionById: ({ params }) => getDivision(ctx.db, params.id),
    getAllDirectorates: () => listDirectorates(ctx.db),
    getAllTeams: () => listTeams(ctx.db),
    getAllCaseList: () => listCaseLists(ctx.db),
    getCaseLists: () => listCaseLists(ctx.db),
    getCaseListById: ({ params }) => getCaseList(ctx.db, params.id),
    getAllQuestions: () => listQuestions(ctx.db),
    // The portal holds no staff session: this only answers, so that the staff SPA's call succeeds.
    logoutAccusationAcceptor: async () => message('staffLoggedOut'),
  }) satisfies Partial<Handlers>;
