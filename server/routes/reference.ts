import { bureauAddress } from '../cases/calendar.ts';
import { lifecycleCounts } from '../cases/flow-report.ts';
import type { Context } from '../context.ts';
import { message } from '../texts/messages.ts';
import {
  getCaseList,
  getDivision,
  listCaseLists,
  listDirectorates,
  listDivisions,
  listQuestions,
  listTeams,
} from '../reference/catalogue.ts';
import type { Handlers } from './define.ts';

/** A reference read: its answer depends on nothing but the reference data, and is kept while the reference version holds. */
const kept =
  <I extends { keep: () => void }, T>(read: (input: I) => Promise<T>) =>
  (input: I) => {
    input.keep();
    return read(input);
  };

/** Reference data: divisions, directorates, teams, case types and questions. */
export const referenceHandlers = (ctx: Context) =>
  ({
    getAllDivisions: kept(() => listDivisions(ctx.db)),
    getDivisions: kept(() => listDivisions(ctx.db)),
    getDivisionById: kept(({ params }) => getDivision(ctx.db, params.id)),
    getAllDirectorates: kept(() => listDirectorates(ctx.db)),
    getAllTeams: () => listTeams(ctx.db),
    getBureauContact: async () => ({
      sms_number: ctx.config.smsNumber,
      address: { am: bureauAddress(ctx, 'am'), en: bureauAddress(ctx, 'en') },
    }),
    getAllCaseList: kept(() => listCaseLists(ctx.db)),
    getCaseLists: kept(() => listCaseLists(ctx.db)),
    getCaseListById: kept(({ params }) => getCaseList(ctx.db, params.id)),
    getAllQuestions: kept(() => listQuestions(ctx.db)),
    getFlowCounts: ({ query }) => lifecycleCounts(ctx.db, query.days),
    // The portal holds no staff session: this only answers, so that the staff SPA's call succeeds.
    logoutAccusationAcceptor: async () => message('staffLoggedOut'),
  }) satisfies Partial<Handlers>;
