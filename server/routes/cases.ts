import { CASE_PHONE_HEADER, IDEMPOTENCY_HEADER } from '../../contract/endpoints.ts';
import type { Context } from '../context.ts';
import { fileLink } from '../adapters/file-links.ts';
import { createCase } from '../cases/application.ts';
import { allCases } from '../cases/reader/reader.ts';
import { caseHistory, caseStatistics, listCases, listOwnCaseNumbers } from '../cases/repository.ts';
import { caseById, caseByNumber } from '../cases/visibility.ts';
import { printCase } from '../cases/print.ts';
import { langOf } from '../texts/messages.ts';
import { appointmentCalendar } from '../cases/calendar.ts';
import { takeStep } from '../cases/steps.ts';
import type { Handlers } from './define.ts';

export const caseHandlers = (ctx: Context) =>
  ({
    // Reads of the caller's own data: their answers may be kept (`keep`, routes/define.ts).
    getCasesByCustomer: ({ caller, keep }) => {
      keep();
      return listOwnCaseNumbers(ctx, caller.customerId);
    },
    createCase: ({ body, files, caller, request }) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return createCase(ctx, caller.customerId, body, files.attachment, typeof key === 'string' ? key : undefined);
    },
    getCases: ({ query, caller, keep }) => {
      keep();
      return listCases(ctx, caller.customerId, query);
    },
    getCaseStatistics: ({ caller, keep }) => {
      keep();
      return caseStatistics(ctx, caller.customerId);
    },
    getAllCases: async ({ caller, keep }) => {
      const { cases, until } = await allCases(ctx, caller.customerId);
      keep(until);
      return cases;
    },
    getCaseByNumber: async ({ body, caller, keep, request }) => {
      const viewed = await caseByNumber(ctx, body.casenum, caller?.customerId, body.phone, request.client);
      if (viewed.keepUntil !== undefined) keep(viewed.keepUntil);
      return viewed.case;
    },
    printCase: async ({ params, query, caller, request }) => {
      const phone = request.headers[CASE_PHONE_HEADER];
      const viewed = await caseById(ctx, params.id, caller?.customerId, typeof phone === 'string' ? phone : undefined);
      const printed = await printCase(ctx, viewed.case, query.lan ? langOf(query.lan) : undefined);
      // Its address is a link of minutes, which dies with the caller's session (issue 48).
      return { ...printed, path: fileLink(ctx.config.jwtSecret, printed.path, caller?.claims) };
    },
    getAppointmentCalendar: async ({ params, reply }) => {
      const file = await appointmentCalendar(ctx, params.id);
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${file.name}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.ics);
    },
    // The customer's steps on their own case, through the case lifecycle (cases/steps.ts).
    answerCaseInfo: ({ params, body, files, caller }) =>
      takeStep(ctx, caller.customerId, params.id, 'answer', body.answer, files.attachment),
    withdrawCase: ({ params, body, caller }) =>
      takeStep(ctx, caller.customerId, params.id, 'withdraw', body.reason, undefined),
    appealCase: ({ params, body, files, caller }) =>
      takeStep(ctx, caller.customerId, params.id, 'appeal', body.reason, files.attachment),
    getCaseHistory: ({ query, caller, keep }) => {
      keep();
      return caseHistory(ctx, caller.customerId, query.case_id || undefined);
    },
  }) satisfies Partial<Handlers>;
