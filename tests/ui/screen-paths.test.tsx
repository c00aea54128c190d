import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { accusationMachine } from '../../machines/accusation.machine.ts';
import { caseListMachine } from '../../machines/case-list.machine.ts';
import { caseLookupMachine } from '../../machines/case-lookup.machine.ts';
import { divisionsMachine } from '../../machines/divisions.machine.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { resetPasswordMachine } from '../../machines/reset-password.machine.ts';
import { verificationMachine } from '../../machines/verification.machine.ts';
import { maskedCase } from './fixtures.ts';
import { fakeToken, messages } from './harness.tsx';
import { driveScreenPaths } from './screen-paths.tsx';

const user = () => userEvent.setup({ delay: null });
const failures = (id: string, statuses: number[]) => statuses.map((status) => ({ type: `xstate.error.actor.${id}`, error: { status } }));
const value = (e: EventObject) => (e as EventObject & { value: string }).value;

describe('the machines’ paths drive their screens', () => {
  it('login: every transition, on the screen', async () => {
    const n = await driveScreenPaths(loginMachine, {
      route: '/login',
      serialize: (s) => JSON.stringify(s.value),
      events: () => [{ type: 'CHANGE', field: 'email', value: 'a@b.et' }, { type: 'SUBMIT' }, { type: 'xstate.done.actor.login', output: { token: 't' } }, ...failures('login', [429, 500, 401])],
      calls: { login: 'POST /api/customer_user_api/login_customer_user' },
      answers: { login: { token: fakeToken(), ...messages('ok') } },
      user: {
        CHANGE: async (e) => user().type(screen.getByLabelText('Email'), value(e)),
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Login' })),
      },
      shows: {
        editing: () => expect(document.body.textContent).toMatch(/Login|Please wait 3 minutes|Something went wrong/),
        submitting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        done: () => expect(window.location.pathname).toBe('/dashboard'),
      },
    });
    expect(n).toBeGreaterThanOrEqual(6);
  });

  it('forgot password: every transition, on the screen', async () => {
    await driveScreenPaths(forgotPasswordMachine, {
      route: '/forgotpassword',
      serialize: (s) => JSON.stringify({ v: s.value, e: !!(s.context as { email: string }).email }),
      events: () => [{ type: 'CHANGE', value: 'a@b.et' }, { type: 'SUBMIT' }, { type: 'xstate.done.actor.requestLink', output: {} }, ...failures('requestLink', [429, 500, 400])],
      calls: { requestLink: 'POST /api/customer_user_api/forgot_customer_user' },
      answers: { requestLink: messages('Link sent.') },
      user: {
        CHANGE: async (e) => user().type(screen.getByLabelText('Email'), value(e)),
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Get reset link' })),
      },
      shows: {
        editing: () => expect(screen.getByRole('button', { name: 'Get reset link' })).toBeEnabled(),
        sending: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        connectionLost: () => expect(screen.getByRole('heading', { name: 'Connection Lost' })).toBeInTheDocument(),
      },
    });
  });

  it('reset password: every transition, on the screen, the 6 s redirect included', async () => {
    await driveScreenPaths(resetPasswordMachine, {
      route: '/reset_password/u1/tok',
      input: { id: 'u1', token: 'tok' },
      serialize: (s) => JSON.stringify({ v: s.value, p: (s.context as { password: string }).password, r: (s.context as { retype: string }).retype, m: !!(s.context as { errors: { retype?: unknown } }).errors.retype }),
      events: (s) => {
        const c = s.context as { password: string; retype: string };
        return [
          ...(!c.password ? [{ type: 'CHANGE', field: 'password', value: 'new-password' }] : []),
          ...(c.password && !c.retype ? [{ type: 'CHANGE', field: 'retype', value: 'new-passwordX' }] : []),
          ...(c.retype.endsWith('X') ? [{ type: 'CHANGE', field: 'retype', value: 'new-password' }] : []),
          { type: 'SUBMIT' },
          { type: 'xstate.done.actor.resetPassword', output: {} },
          ...failures('resetPassword', [429, 500, 400]),
          { type: 'xstate.after.REDIRECT.resetPassword.succeeded' },
        ];
      },
      calls: { resetPassword: 'PUT /api/customer_user_api/reset_customer_user/u1/tok' },
      answers: { resetPassword: messages('Your password has been changed.') },
      user: {
        CHANGE: async (e) => {
          const field = (e as EventObject & { field: string }).field === 'password' ? /^Password/ : /^Re-type password/;
          await user().clear(screen.getByLabelText(field));
          await user().type(screen.getByLabelText(field), value(e));
        },
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Reset password' })),
      },
      shows: {
        editing: () => expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled(),
        sending: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        succeeded: () => expect(screen.getByText('Your password has been changed.')).toBeInTheDocument(),
        redirected: () => expect(window.location.pathname).toBe('/login'),
        connectionLost: () => expect(screen.getByRole('heading', { name: 'Connection Lost' })).toBeInTheDocument(),
      },
    });
  });

  it('email verification: every transition, on the screen', async () => {
    await driveScreenPaths(verificationMachine, {
      route: '/email/verification',
      state: { email: 'a@b.et' },
      setup: () => sessionStorage.setItem('otpScreen', 'on'),
      input: { email: 'a@b.et' },
      serialize: (s) => JSON.stringify({ v: s.value, c: (s.context as { code: string }).code }),
      events: () => [
        { type: 'CHANGE', value: '123456' }, { type: 'VERIFY' }, { type: 'RESEND' },
        { type: 'xstate.done.actor.verify', output: {} }, ...failures('verify', [429, 400]),
        { type: 'xstate.done.actor.resend', output: {} }, ...failures('resend', [429, 400]),
      ],
      calls: { verify: 'POST /api/customer_user_api/validate_customer_otp', resend: 'PUT /api/customer_user_api/resend_customer_otp' },
      answers: { verify: messages('Verified.'), resend: messages('A new code has been sent.') },
      user: {
        CHANGE: async (e) => user().type(screen.getByLabelText('Verification code'), value(e)),
        VERIFY: async () => user().click(screen.getByRole('button', { name: 'Verify' })),
        RESEND: async () => user().click(screen.getByRole('button', { name: 'Resend code' })),
      },
      shows: {
        editing: () => expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled(),
        verifying: () => expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled(),
        resending: () => expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled(),
        done: () => expect(window.location.pathname).toBe('/login'),
      },
    });
  });

  it('case lookup: every transition, on the screen', async () => {
    const found = maskedCase;
    await driveScreenPaths(caseLookupMachine, {
      route: '/checkstatus',
      serialize: (s) => JSON.stringify({ v: s.value, n: !!(s.context as { caseNumber: string }).caseNumber, f: !!(s.context as { found: unknown }).found, e: !!(s.context as { errors: { caseNumber?: unknown } }).errors.caseNumber }),
      events: (s) => [
        ...((s.context as { caseNumber: string }).caseNumber ? [] : [{ type: 'CHANGE', field: 'caseNumber', value: 'HDAB-2019-000004' }]),
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.lookup', output: found },
        ...failures('lookup', [404, 429]),
      ],
      calls: { lookup: 'POST /api/customer_case_api/get_case_by_casenum' },
      answers: { lookup: found },
      user: {
        CHANGE: async (e) => user().type(screen.getByLabelText(/^Case number/), value(e)),
        SUBMIT: async () => user().click(screen.getByRole('button', { name: /Check Status|Loading…/ })),
      },
      shows: {
        editing: () => expect(document.body.textContent).toMatch(/Check Status|Please wait 3 minutes/),
        looking: () => expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled(),
      },
    });
  });

  it('divisions (landing): every transition, on the screen', async () => {
    await driveScreenPaths(divisionsMachine, {
      route: '/',
      serialize: (s) => JSON.stringify(s.value),
      events: () => [{ type: 'xstate.done.actor.fetchDivisions', output: [] }, ...failures('fetchDivisions', [429, 500]), { type: 'RETRY' }],
      calls: { fetchDivisions: 'GET /api/division_api/get_all_divisions' },
      answers: { fetchDivisions: [] },
      user: { RETRY: async () => user().click(screen.getByRole('button', { name: 'Try again' })) },
      shows: {
        loading: () => expect(screen.getByText('Loading the services…')).toBeInTheDocument(),
        success: () => expect(screen.getByText('No services are open at the moment.')).toBeInTheDocument(),
        error: () => expect(screen.getByText('The services could not be loaded.')).toBeInTheDocument(),
        limitError: () => expect(screen.getByText('Please wait 3 minutes before retrying.')).toBeInTheDocument(),
      },
    });
  });

  it('accusation: every transition, on the screen', async () => {
    await driveScreenPaths(accusationMachine, {
      route: '/makeaccusation',
      serialize: (s) => JSON.stringify({ v: s.value, s: !!(s.context as { values: { subject: string } }).values.subject, d: !!(s.context as { values: { description: string } }).values.description, code: (s.context as { trackingCode: string | null }).trackingCode }),
      events: (s) => {
        const v = (s.context as { values: { subject: string; description: string } }).values;
        return [
          ...(!v.subject ? [{ type: 'CHANGE', field: 'subject', value: 'Delay' }] : !v.description ? [{ type: 'CHANGE', field: 'description', value: 'Late' }] : []),
          { type: 'SUBMIT' }, { type: 'CANCEL' },
          { type: 'xstate.done.actor.submit', output: { tracking_code: 'ACC-ABCDEFGH23' } },
          ...failures('submit', [429, 400]),
        ];
      },
      calls: { submit: 'POST /api/accusation_acceptor_api/create_accusation' },
      answers: { submit: { tracking_code: 'ACC-ABCDEFGH23', ...messages('Received') } },
      user: {
        CHANGE: async (e) => user().type(screen.getByLabelText((e as EventObject & { field: string }).field === 'subject' ? /^Subject/ : /^Description/), value(e)),
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Submit' })),
        CANCEL: async () => user().click(screen.getByRole('button', { name: 'Cancel' })),
      },
      shows: {
        editing: () => expect(document.body.textContent).toMatch(/Make accusation|Customer Service/),
        submitting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        received: () => expect(screen.getByText('Your complaint has been received. Keep this tracking code: ACC-ABCDEFGH23')).toBeInTheDocument(),
      },
    });
  });

  it('case list: every transition, on the screen', async () => {
    const page = (n: number) => ({ cases: [], currentPage: n, totalPages: 2, totalCases: 11 });
    await driveScreenPaths(caseListMachine, {
      route: '/dashboard/casestatus',
      setup: () => sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken()),
      serialize: (s) => JSON.stringify({ v: s.value, p: (s.context as { page: number }).page, s: (s.context as { sort: number }).sort, r: !!(s.context as { result: unknown }).result }),
      events: (s) => [
        { type: 'xstate.done.actor.fetchPage', output: page((s.context as { page: number }).page) },
        ...failures('fetchPage', [429, 500]),
        { type: 'NEXT' }, { type: 'PREV' }, { type: 'SORT', sort: 1 }, { type: 'RETRY' },
      ],
      calls: { fetchPage: 'GET /api/customer_case_api/get_case' },
      answers: { fetchPage: { cases: [{ _id: 'c1', case_number: 'HDAB-2019-000001', status: 'pending', createdAt: '2026-11-01T00:00:00.000Z', division: { _id: 'd', name_en: 'D', name_am: 'D', name_or: 'D', name_tg: 'D', name_sm: 'D', name_af: 'D' }, caselist: { _id: 'l', case_name_en: 'L', case_name_am: 'L', case_name_or: 'L', case_name_tg: 'L', case_name_sm: 'L', case_name_af: 'L' } }], currentPage: 1, totalPages: 2, totalCases: 11 } },
      user: {
        NEXT: async () => user().click(screen.getByRole('button', { name: 'Next' })),
        PREV: async () => user().click(screen.getByRole('button', { name: 'Previous' })),
        SORT: async () => user().selectOptions(screen.getByLabelText('Sort'), 'Oldest'),
        RETRY: async () => user().click(screen.getByRole('button', { name: 'Try again' })),
      },
      shows: {
        loading: () => expect(screen.getByText('Loading…')).toBeInTheDocument(),
        ready: () => expect(screen.getByText(/Page \d of 2/)).toBeInTheDocument(),
        error: () => expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument(),
        limitError: () => expect(screen.getByText('Please wait 3 minutes before retrying.')).toBeInTheDocument(),
      },
    });
  });
});
