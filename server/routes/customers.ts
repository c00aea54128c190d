import { DASHBOARD_CASES_QUERY } from '../../contract/dashboard.ts';
import { linkedCaseFirst } from '../cases/linked-first.ts';
import { caseStatistics, listCases } from '../cases/repository.ts';
import type { Context } from '../context.ts';
import { register, resendOtp, validateOtp } from '../customers/registration.ts';
import { forgotPassword, getProfile, login, logout, renewSession, resetPassword } from '../customers/sessions.ts';
import { getPreferences, savePreferences, sendPhoneCode, verifyPhoneCode } from '../customers/preferences.ts';
import { deleteAccount, downloadExport, requestExport } from '../customers/data-rights/rights.ts';
import type { Handlers } from './define.ts';

export const customerHandlers = (ctx: Context) =>
  ({
    createCustomerUser: ({ body, files }) => register(ctx, body, files.picture),
    validateCustomerOtp: ({ body }) => validateOtp(ctx, body),
    resendCustomerOtp: ({ body }) => resendOtp(ctx, body.email, body.registration),
    // The answer brings what the dashboard shows first, read as its own reads would; or, when
    // the login names the customer's case whose link led to it, that case as its page reads it.
    loginCustomerUser: async ({ body, request }) => {
      const { customerId, ...answer } = await login(ctx, body.email, body.password, request.client);
      const linked = body.linked_case ? await linkedCaseFirst(ctx, customerId, body.linked_case) : undefined;
      if (linked) return { ...answer, linked };
      const [customer, statistics, cases] = await Promise.all([
        getProfile(ctx, customerId, customerId),
        caseStatistics(ctx, customerId),
        listCases(ctx, customerId, DASHBOARD_CASES_QUERY),
      ]);
      return { ...answer, dashboard: { customer, statistics, cases } };
    },
    forgotCustomerUser: ({ body }) => forgotPassword(ctx, body.email),
    resetCustomerUser: async ({ params, body, reply }) => {
      reply.header('referrer-policy', 'no-referrer');
      return resetPassword(ctx, params.id, params.token, body.password);
    },
    getCustomerUser: ({ params, caller }) => getProfile(ctx, caller.customerId, params.id),
    logoutCustomerUser: ({ caller }) => logout(ctx, caller.claims),
    renewCustomerSession: ({ caller }) => renewSession(ctx, caller.customerId, caller.claims),
    getNotificationPreferences: ({ caller }) => getPreferences(ctx, caller.customerId),
    updateNotificationPreferences: ({ caller, body }) => savePreferences(ctx, caller.customerId, body),
    sendPhoneCode: ({ caller, body }) => sendPhoneCode(ctx, caller.customerId, body?.phone),
    verifyPhoneCode: ({ caller, body }) => verifyPhoneCode(ctx, caller.customerId, body.code),
    requestDataExport: ({ caller }) => requestExport(ctx, caller.customerId),
    downloadDataExport: async ({ caller, params, reply }) => {
      const archive = await downloadExport(ctx, caller.customerId, params.id);
      archive.stream.on('close', () => void archive.done());
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${archive.name}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(archive.stream);
    },
    deleteCustomerAccount: ({ caller, body }) => deleteAccount(ctx, caller.customerId, body.password),
  }) satisfies Partial<Handlers>;
