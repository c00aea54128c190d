import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { accusationMachine } from '../../machines/accusation.machine.ts';
import { applyMachine } from '../../machines/apply.machine.ts';
import { caseListMachine } from '../../machines/case-list.machine.ts';
import { caseLookupMachine } from '../../machines/case-lookup.machine.ts';
import { divisionsMachine } from '../../machines/divisions.machine.ts';
import { loaderMachine } from '../../machines/loader.machine.ts';
import { lockoutMachine } from '../../machines/lockout.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { ratingMachine } from '../../machines/rating.machine.ts';
import { registrationErrors, registrationMachine } from '../../machines/registration.machine.ts';
import { signedInCustomer, verifiedCase } from './fixtures.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { resetPasswordMachine } from '../../machines/reset-password.machine.ts';
import { verificationMachine } from '../../machines/verification.machine.ts';
import { maskedCase } from './fixtures.ts';
import { fakeToken, messages } from './harness.tsx';
import { caseLoadFailureShows, driveScreenPaths, failures, retryOrWait, user } from './screen-paths.tsx';

const value = (e: EventObject) => (e as EventObject & { value: string }).value;

describe('the machines’ paths drive their screens', () => {
  it('login: every transition, on the screen', async () => {
    const n = await driveScreenPaths(loginMachine, {
      route: '/login',
      serialize: (s) =>
        JSON.stringify({ v: s.value, typed: !!(s.context as { values: { email: string } }).values.email }),
      // Sent with an email typed: the code screen needs it (without one it sends the visitor to registration).
      events: (s) => [
        { type: 'CHANGE', field: 'email', value: 'a@b.et' },
        ...((s.context as { values: { email: string } }).values.email ? [{ type: 'SUBMIT' }] : []),
        { type: 'xstate.done.actor.login', output: { token: 't' } },
        ...failures('login', [429, 500, 401, 403]),
        { type: 'ENTER_CODE' },
      ],
      calls: { login: 'POST /api/customer_user_api/login_customer_user' },
      answers: { login: { token: fakeToken(), ...messages('ok') } },
      user: {
        CHANGE: async (e) => {
          await user().clear(screen.getByLabelText('Email'));
          await user().type(screen.getByLabelText('Email'), value(e));
        },
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Login' })),
        ENTER_CODE: async () => user().click(screen.getByRole('button', { name: 'Enter your code' })),
      },
      shows: {
        editing: () => expect(document.body.textContent).toMatch(/Login|Please wait 3 minutes|Something went wrong/),
        unverified: () => expect(screen.getByRole('button', { name: 'Enter your code' })).toBeInTheDocument(),
        toCode: () => {
          expect(window.location.pathname).toBe('/email/verification');
          expect(screen.getByRole('button', { name: /Resend/ })).toBeInTheDocument();
        },
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
      events: () => [
        { type: 'CHANGE', value: 'a@b.et' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.requestLink', output: {} },
        ...failures('requestLink', [429, 500, 400]),
      ],
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
      serialize: (s) =>
        JSON.stringify({
          v: s.value,
          p: (s.context as { password: string }).password,
          r: (s.context as { retype: string }).retype,
          m: !!(s.context as { errors: { retype?: unknown } }).errors.retype,
        }),
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
      // Opened without the registration this browser made: the password goes with the code (ADR 0029).
      input: { email: 'a@b.et' },
      serialize: (s) =>
        JSON.stringify({
          v: s.value,
          c: (s.context as { code: string }).code,
          p: !!(s.context as { password: string }).password,
        }),
      events: () => [
        { type: 'CHANGE', value: '123456' },
        { type: 'CHANGE_PASSWORD', value: 'my own password' },
        { type: 'VERIFY' },
        { type: 'RESEND' },
        { type: 'xstate.done.actor.verify', output: {} },
        ...failures('verify', [429, 409, 400]),
        { type: 'xstate.done.actor.resend', output: {} },
        ...failures('resend', [429, 400]),
      ],
      calls: {
        verify: 'POST /api/customer_user_api/validate_customer_otp',
        resend: 'PUT /api/customer_user_api/resend_customer_otp',
      },
      answers: { verify: messages('Verified.'), resend: messages('A new code has been sent.') },
      user: {
        CHANGE: async (e) => user().type(screen.getByLabelText('Verification code'), value(e)),
        CHANGE_PASSWORD: async (e) =>
          user().type(screen.getByLabelText('The password you chose when registering'), value(e)),
        VERIFY: async () => user().click(screen.getByRole('button', { name: 'Verify' })),
        RESEND: async () => user().click(screen.getByRole('button', { name: 'Resend code' })),
      },
      shows: {
        editing: () => expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled(),
        verifying: () => expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled(),
        resending: () => expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled(),
        // Someone registered the address since: said, with the way back to registering.
        replaced: () => {
          expect(screen.getByRole('alert')).toHaveTextContent('Failure 409');
          expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
        },
        done: () => expect(window.location.pathname).toBe('/login'),
      },
    });
  });

  it('case lookup: every transition, on the screen', async () => {
    const found = maskedCase;
    await driveScreenPaths(caseLookupMachine, {
      route: '/checkstatus',
      serialize: (s) =>
        JSON.stringify({
          v: s.value,
          n: !!(s.context as { caseNumber: string }).caseNumber,
          f: !!(s.context as { found: unknown }).found,
          e: !!(s.context as { errors: { caseNumber?: unknown } }).errors.caseNumber,
        }),
      events: (s) => [
        ...((s.context as { caseNumber: string }).caseNumber
          ? []
          : [{ type: 'CHANGE', field: 'caseNumber', value: 'HDAB-2019-000004' }]),
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
      events: () => [
        { type: 'xstate.done.actor.fetchDivisions', output: [] },
        ...failures('fetchDivisions', [429, 500]),
        { type: 'RETRY' },
      ],
      calls: { fetchDivisions: 'GET /api/division_api/get_all_divisions' },
      answers: { fetchDivisions: [] },
      user: { RETRY: retryOrWait },
      shows: {
        loading: () => expect(screen.getByText('Loading the services…')).toBeInTheDocument(),
        success: () => expect(screen.getByText('No services are open at the moment.')).toBeInTheDocument(),
        error: () => expect(screen.getByText('The services could not be loaded.')).toBeInTheDocument(),
        limitError: () =>
          expect(
            within(screen.getByRole('main')).getByText('Please wait 3 minutes before retrying.'),
          ).toBeInTheDocument(),
      },
    });
  });

  it('a screen that parts from its model fails with the path, the step in words and what the screen reads', async () => {
    const run = driveScreenPaths(divisionsMachine, {
      route: '/',
      serialize: (s) => JSON.stringify(s.value),
      events: () => [{ type: 'xstate.done.actor.fetchDivisions', output: [] }],
      calls: { fetchDivisions: 'GET /api/division_api/get_all_divisions' },
      answers: { fetchDivisions: [] },
      user: {},
      shows: {
        loading: () => expect(screen.getByText('Loading the services…')).toBeInTheDocument(),
        // Wrong on purpose: the empty list says so, not this.
        success: () => expect(screen.getByText('Every service is closed.')).toBeInTheDocument(),
      },
    });
    const error = await run.then(() => null).catch((e: unknown) => e as Error);
    expect(error?.message).toMatch(
      /^divisions: model path 1 of tests\/ui\/screen-paths\.test\.tsx › .* failed at step 1 of 1\./,
    );
    expect(error?.message).toContain('(xstate.done.actor.fetchDivisions) → success  ✗');
    expect(error?.message).toContain('The model expects: success\nThe screen is in: a screen that reads "');
    expect(error?.message).toContain('No services are open at the moment.');
  });

  it('accusation: every transition, on the screen', async () => {
    await driveScreenPaths(accusationMachine, {
      route: '/makeaccusation',
      serialize: (s) =>
        JSON.stringify({
          v: s.value,
          s: !!(s.context as { values: { subject: string } }).values.subject,
          d: !!(s.context as { values: { description: string } }).values.description,
          code: (s.context as { trackingCode: string | null }).trackingCode,
        }),
      events: (s) => {
        const v = (s.context as { values: { subject: string; description: string } }).values;
        return [
          ...(!v.subject
            ? [{ type: 'CHANGE', field: 'subject', value: 'Delay' }]
            : !v.description
              ? [{ type: 'CHANGE', field: 'description', value: 'Late' }]
              : []),
          { type: 'SUBMIT' },
          { type: 'CANCEL' },
          { type: 'xstate.done.actor.submit', output: { tracking_code: 'ACC-ABCDEFGH23' } },
          ...failures('submit', [429, 400]),
        ];
      },
      calls: { submit: 'POST /api/accusation_acceptor_api/create_accusation' },
      answers: { submit: { tracking_code: 'ACC-ABCDEFGH23', ...messages('Received') } },
      user: {
        CHANGE: async (e) =>
          user().type(
            screen.getByLabelText(
              (e as EventObject & { field: string }).field === 'subject' ? /^Subject/ : /^Description/,
            ),
            value(e),
          ),
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Submit' })),
        CANCEL: async () => user().click(screen.getByRole('button', { name: 'Cancel' })),
      },
      shows: {
        editing: () => expect(document.body.textContent).toMatch(/Make accusation|Customer Service/),
        submitting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        received: () =>
          expect(
            screen.getByText('Your complaint has been received. Keep this tracking code:').closest('[role="status"]'),
          ).toHaveTextContent('ACC-ABCDEFGH23'),
      },
    });
  });

  it('case list: every transition, on the screen', async () => {
    const page = (n: number) => ({ cases: [], currentPage: n, totalPages: 2, totalCases: 11 });
    await driveScreenPaths(caseListMachine, {
      route: '/dashboard/casestatus',
      setup: () => sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken()),
      serialize: (s) =>
        JSON.stringify({
          v: s.value,
          p: (s.context as { page: number }).page,
          s: (s.context as { sort: number }).sort,
          r: !!(s.context as { result: unknown }).result,
        }),
      events: (s) => [
        { type: 'xstate.done.actor.fetchPage', output: page((s.context as { page: number }).page) },
        ...failures('fetchPage', [429, 500]),
        { type: 'NEXT' },
        { type: 'PREV' },
        { type: 'SORT', sort: 1 },
        { type: 'RETRY' },
      ],
      calls: { fetchPage: 'GET /api/customer_case_api/get_case' },
      answers: {
        fetchPage: {
          cases: [
            {
              _id: 'c1',
              case_number: 'HDAB-2019-000001',
              status: 'pending',
              createdAt: '2026-11-01T00:00:00.000Z',
              division: {
                _id: 'd',
                name_en: 'D',
                name_am: 'D',
                name_or: 'D',
                name_tg: 'D',
                name_sm: 'D',
                name_af: 'D',
              },
              caselist: {
                _id: 'l',
                case_name_en: 'L',
                case_name_am: 'L',
                case_name_or: 'L',
                case_name_tg: 'L',
                case_name_sm: 'L',
                case_name_af: 'L',
              },
            },
          ],
          currentPage: 1,
          totalPages: 2,
          totalCases: 11,
        },
      },
      user: {
        NEXT: async () => user().click(screen.getByRole('button', { name: 'Next' })),
        PREV: async () => user().click(screen.getByRole('button', { name: 'Previous' })),
        SORT: async () => user().selectOptions(screen.getByLabelText('Sort'), 'Oldest'),
        RETRY: retryOrWait,
      },
      shows: {
        loading: () => expect(screen.getByText('Loading…')).toBeInTheDocument(),
        ready: () => expect(screen.getByText(/Page \d of 2/)).toBeInTheDocument(),
        error: () => expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument(),
        limitError: () =>
          expect(
            within(screen.getByRole('main')).getByText('Please wait 3 minutes before retrying.'),
          ).toBeInTheDocument(),
      },
    });
  });

  it('registration: every transition, on the screen', async () => {
    const person: Record<string, string> = {
      firstname: 'Almaz',
      middlename: 'Bekele',
      lastname: 'Gebre',
      gender: 'Female',
      subcity: 'Bole',
      woreda: '03',
      email: 'almaz@example.et',
      phone: '0911223344',
      password: 'long-password',
      confirmPassword: 'long-password',
    };
    const labels: Record<string, RegExp> = {
      firstname: /^First name/,
      middlename: /^Middle name/,
      lastname: /^Last name/,
      gender: /^Gender/,
      subcity: /^Sub-city/,
      woreda: /^Woreda/,
      email: /^Email/,
      phone: /^Phone/,
      password: /^Password \*$/,
      confirmPassword: /^Confirm password/,
    };
    await driveScreenPaths(registrationMachine, {
      route: '/register',
      serialize: (s) =>
        JSON.stringify({
          v: s.value,
          n: Object.values((s.context as { values: Record<string, string> }).values).filter(Boolean).length,
          p: !!(s.context as { picture: unknown }).picture,
        }),
      events: (s) => {
        const values = (s.context as { values: Record<string, string> }).values;
        const next = Object.keys(person).find((f) => !values[f]);
        return [
          ...(next ? [{ type: 'CHANGE', field: next, value: person[next] }] : []),
          ...(Object.keys(registrationErrors(values as never)).length === 0 ? [{ type: 'SUBMIT' }] : []),
          { type: 'PICK_PICTURE', file: { name: 'me.png', size: 10, type: 'image/png' } },
          { type: 'xstate.done.actor.register', output: { email: person.email } },
          ...failures('register', [429, 400]),
        ];
      },
      calls: { register: 'POST /api/customer_user_api/create_customer_user' },
      answers: { register: { email: person.email, ...messages('Registered') } },
      user: {
        CHANGE: async (e) => {
          const field = (e as EventObject & { field: string }).field;
          if (field === 'gender') await user().selectOptions(screen.getByLabelText(labels.gender as RegExp), value(e));
          else await user().type(screen.getByLabelText(labels[field] as RegExp), value(e));
        },
        PICK_PICTURE: async () =>
          user().upload(screen.getByLabelText(/^Profile picture/), new File(['png'], 'me.png', { type: 'image/png' })),
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Register' })),
      },
      shows: {
        editing: () => expect(document.body.textContent).toMatch(/Register|Please wait 3 minutes/),
        submitting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        done: () => expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument(),
      },
    });
  });

  it('rating: every transition, on the case page', async () => {
    const detail = {
      'POST /api/customer_case_api/get_case_by_casenum': verifiedCase,
      'GET /api/case_list_api/get_case_list/l1': {
        _id: 'l1',
        division: { _id: 'd1' },
        status: 'active',
        time_limit: 15,
        questions: [],
        case_name_en: 'T',
        case_name_am: 'T',
        case_name_or: 'T',
        case_name_tg: 'T',
        case_name_sm: 'T',
        case_name_af: 'T',
      },
      'GET /api/div_rate/get_rating_bycase/c4': [],
      'GET /api/customer_case_history_api/get_case_history': [],
      'GET /api/customer_user_api/get_customer_user/customer-1': signedInCustomer,
    };
    await driveScreenPaths(ratingMachine, {
      route: '/dashboard/case/c4',
      state: { caseNumber: 'HDAB-2019-000004' },
      setup: () => sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken()),
      extraRoutes: Object.fromEntries(
        Object.entries(detail).map(([route, body]) => [route, () => ({ status: 200, body })]),
      ),
      input: { caseId: 'c4', current: null },
      serialize: (s) =>
        JSON.stringify({
          v: s.value,
          n: (s.context as { value: number }).value,
          a: (s.context as { needsChoice: boolean }).needsChoice,
        }),
      events: (s) => [
        { type: 'OPEN' },
        { type: 'CLOSE' },
        { type: 'RESET' },
        ...((s.context as { value: number }).value !== 3 ? [{ type: 'SET', value: 3 }] : []),
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.rate', output: {} },
        ...failures('rate', [429, 409]),
      ],
      calls: { rate: 'POST /api/div_rate/create_custrate' },
      answers: {
        rate: {
          rating: { _id: 'r1', rateNum: 3, rateCase: 'c4', createdAt: '2026-11-22T00:00:00.000Z' },
          ...messages('Thank you for rating our service.'),
        },
      },
      user: {
        OPEN: async () => user().click(await screen.findByRole('button', { name: 'Rate service' })),
        CLOSE: async () => user().click(screen.getByRole('button', { name: 'Close' })),
        RESET: async () => user().dblClick(screen.getByText('1 star').closest('label') as HTMLElement),
        SET: async (e) => user().click(screen.getByText(`${value(e)} stars`).closest('label') as HTMLElement),
        SUBMIT: async () => user().click(screen.getByRole('button', { name: 'Submit' })),
      },
      shows: {
        closed: () => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
        open: () => expect(screen.getByRole('dialog', { name: 'rate service' })).toBeInTheDocument(),
        submitting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
      },
    });
  });

  it('loader (the print view): every transition, on the screen', async () => {
    await driveScreenPaths(loaderMachine, {
      route: '/print/c1',
      input: { id: 'c1' },
      serialize: (s) => JSON.stringify(s.value),
      events: () => [
        { type: 'xstate.done.actor.load', output: {} },
        ...failures('load', [404, 429, 0]),
        { type: 'RETRY' },
      ],
      calls: { load: 'GET /api/customer_case_api/print_case/c1' },
      answers: { load: { file_name: 'print-x.pdf', path: '/Media/print-x.pdf' } },
      user: { RETRY: retryOrWait },
      shows: {
        loading: () => expect(screen.getByText('Preparing the document…')).toBeInTheDocument(),
        loaded: () =>
          expect(screen.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', '/Media/print-x.pdf'),
        ...caseLoadFailureShows,
      },
    });
  });

  it('apply: every transition, on the screen (Radix selects, confirmation, Change, redirect)', async () => {
    const n = (en: string, prefix = 'name') =>
      Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`${prefix}_${l}`, en]));
    const options = {
      divisions: [{ _id: 'd1', status: 'active', special: 'no', ...n('Condominium'), ...n('d', 'description') }],
      caseLists: [
        {
          _id: 'l1',
          division: { _id: 'd1' },
          status: 'active',
          time_limit: 5,
          ...n('Transfer', 'case_name'),
          questions: [
            {
              _id: 'q1',
              caselist: { _id: 'l1' },
              inputType: 'normal_input',
              dataType: 'number',
              isRequired: 'yes',
              ...n('Floor'),
              enumValues: [],
            },
          ],
        },
      ],
      ownCases: [],
    };
    const token = fakeToken();
    await driveScreenPaths(applyMachine, {
      route: '/dashboard/cases',
      setup: () => sessionStorage.setItem(SESSION_STORAGE_KEY, token),
      input: { draft: null },
      extraRoutes: {
        'GET /api/case_list_api/get_case_list': () => ({ status: 200, body: options.caseLists }),
        'GET /api/customer_case_api/get_by_case_customerid': () => ({ status: 200, body: [] }),
        'GET /api/customer_case_api/get_case_cust': () => ({
          status: 200,
          body: { totalCases: 0, pendingCases: 0, processingCases: 0, respondedCases: 0, rejectedCases: 0 },
        }),
        'GET /api/customer_case_api/get_case': () => ({
          status: 200,
          body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
        }),
      },
      serialize: (s) => {
        const v = (
          s.context as {
            values: { division: string; caselist: string; remark: string; answers: Record<string, string> };
          }
        ).values;
        return JSON.stringify({
          st: s.value,
          d: !!v.division,
          c: !!v.caselist,
          q: !!v.answers.q1,
          r: !!v.remark,
          f: !!(s.context as { attachment: unknown }).attachment,
        });
      },
      events: (s) => {
        const v = (
          s.context as {
            values: { division: string; caselist: string; remark: string; answers: Record<string, string> };
          }
        ).values;
        return [
          { type: 'xstate.done.actor.loadOptions', output: options },
          ...failures('loadOptions', [429, 0]),
          { type: 'RETRY' },
          ...(!v.division ? [{ type: 'CHANGE_DIVISION', value: 'd1' }] : []),
          ...(v.division && !v.caselist ? [{ type: 'CHANGE_CASELIST', value: 'l1' }] : []),
          ...(v.caselist && !v.answers.q1 ? [{ type: 'ANSWER', questionId: 'q1', value: '3' }] : []),
          ...(v.answers.q1 && !v.remark ? [{ type: 'CHANGE', field: 'remark', value: 'Please' }] : []),
          { type: 'PICK_FILE', file: { name: 'a.pdf', size: 10, type: 'application/pdf' } },
          { type: 'APPLY' },
          { type: 'BACK' },
          { type: 'EDIT', field: 'remark' },
          { type: 'SUBMIT' },
          { type: 'CANCEL' },
          { type: 'xstate.done.actor.submit', output: { case: { _id: 'c9', case_number: 'HDAB-2019-000009' } } },
          ...failures('submit', [429, 400, 0]),
          { type: 'xstate.after.REDIRECT.apply.succeeded' },
        ];
      },
      calls: { loadOptions: 'GET /api/division_api/get_division', submit: 'POST /api/customer_case_api/create_case' },
      answers: {
        loadOptions: options.divisions,
        submit: {
          case: {
            _id: 'c9',
            case_number: 'HDAB-2019-000009',
            status: 'pending',
            createdAt: '2026-11-22T00:00:00.000Z',
            division: { _id: 'd1', ...n('Condominium') },
            caselist: { _id: 'l1', ...n('Transfer', 'case_name') },
          },
          ...messages('Submitted'),
        },
      },
      user: {
        RETRY: retryOrWait,
        CHANGE_DIVISION: async () => {
          await user().click(screen.getByRole('combobox', { name: /^Division/ }));
          await user().click(screen.getByRole('option', { name: 'Condominium' }));
        },
        CHANGE_CASELIST: async () => {
          await user().click(screen.getByRole('combobox', { name: /^Case request/ }));
          await user().click(screen.getByRole('option', { name: 'Transfer' }));
        },
        ANSWER: async (e) => user().type(screen.getByLabelText(/^Floor/), value(e)),
        CHANGE: async (e) => user().type(screen.getByLabelText(/^Remark/), value(e)),
        PICK_FILE: async () =>
          user().upload(
            screen.getByLabelText(/^Attachment/),
            new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }),
          ),
        APPLY: async () => user().click(screen.getByRole('button', { name: 'Apply' })),
        BACK: async () => user().click(screen.getByRole('button', { name: 'Cancel' })),
        EDIT: async () => user().click(screen.getByRole('button', { name: 'Change Remark' })),
        // After a dropped connection the same button says Send again.
        SUBMIT: async () =>
          user().click(
            screen.queryByRole('button', { name: 'Send again' }) ?? screen.getByRole('button', { name: 'Apply' }),
          ),
        CANCEL: async () => user().click(screen.getByRole('button', { name: 'Cancel' })),
      },
      shows: {
        loading: () => expect(screen.getByText('Loading…')).toBeInTheDocument(),
        failed: () => expect(screen.getByText('The application form could not be loaded.')).toBeInTheDocument(),
        editing: () => expect(document.body.textContent).toMatch(/Before you apply|Dashboard/),
        '{review:confirming}': () =>
          expect(screen.getByRole('heading', { name: 'Check your application' })).toBeInTheDocument(),
        submitting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        '{review:submitFailed}': () =>
          expect(screen.getByRole('alert')).toHaveTextContent('Everything you entered is kept'),
        succeeded: () =>
          expect(
            screen.getByText('Your case has been submitted. Its case number:').closest('[role="status"]'),
          ).toHaveTextContent('HDAB-2019-000009'),
        done: () => expect(window.location.pathname).toBe('/dashboard/casestatus'),
      },
    });
  });

  it('session: every transition, in the app (login, the warning, staying signed in, logout, expiry, a second login)', async () => {
    const dashboard = {
      'POST /api/customer_user_api/login_customer_user': () => ({
        status: 200,
        body: { token: fakeToken(600), ...messages('ok') },
      }),
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ({
        status: 200,
        body: signedInCustomer,
      }),
      'GET /api/customer_case_api/get_case_cust': () => ({
        status: 200,
        body: { totalCases: 0, pendingCases: 0, processingCases: 0, respondedCases: 0, rejectedCases: 0 },
      }),
      'GET /api/customer_case_api/get_case': () => ({
        status: 200,
        body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
      }),
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
    };
    const goTo = (path: string) =>
      act(() => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
    const now = Date.now();
    const live = fakeToken(3600);
    await driveScreenPaths(sessionMachine, {
      route: '/login',
      input: { token: null, now: () => now },
      serialize: (s) => JSON.stringify({ v: s.value, t: !!(s.context as { token: string | null }).token }),
      // While the warning holds the page (a modal dialog), nobody can reach the login form;
      // while it renews, its buttons wait.
      events: (s) => [
        ...(s.matches({ active: 'warning' }) || s.matches({ active: 'renewing' })
          ? []
          : [{ type: 'LOGGED_IN', token: live }]),
        ...(s.matches({ active: 'renewing' }) ? [] : [{ type: 'LOGOUT' }]),
        { type: 'STAY' },
        { type: 'xstate.after.SESSION_WARNING.session.active.quiet' },
        { type: 'xstate.after.SESSION_EXPIRY.session.active' },
        { type: 'xstate.done.actor.renew', output: { token: live } },
        { type: 'xstate.error.actor.renew', error: { status: 401 } },
        { type: 'xstate.error.actor.renew', error: { status: 0 } },
        { type: 'xstate.done.actor.logout', output: undefined },
        { type: 'xstate.error.actor.logout', error: { status: 500 } },
      ],
      extraRoutes: dashboard,
      // The login's token lives 10 minutes: the warning comes 2 minutes before its end.
      delayMs: { SESSION_WARNING: 481_000, SESSION_EXPIRY: 601_000 },
      calls: {
        logout: 'GET /api/customer_user_api/logout_customer_user',
        renew: 'POST /api/customer_user_api/renew_session',
      },
      answers: {
        logout: messages('Logged out'),
        renew: { token: fakeToken(600), ...messages('You are still signed in.') },
      },
      user: {
        LOGGED_IN: async () => {
          if (!window.location.pathname.startsWith('/login')) await goTo('/login');
          await user().type(screen.getByLabelText('Email'), 'a@b.et');
          await user().type(screen.getByLabelText('Password'), 'long-password');
          await user().click(screen.getByRole('button', { name: 'Login' }));
        },
        // From the dashboard's menu, or from the warning when it shows.
        LOGOUT: async () =>
          user().click((await screen.findAllByRole('button', { name: 'Logout' })).at(-1) as HTMLElement),
        STAY: async () => user().click(await screen.findByRole('button', { name: 'Stay signed in' })),
      },
      shows: {
        anonymous: () => expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull(),
        '{active:quiet}': () => {
          expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
          expect(window.location.pathname).toBe('/dashboard');
          expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
        },
        '{active:warning}': () => {
          const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
          expect(dialog).toHaveTextContent(/logged out in 2 minutes/);
          expect(dialog).toContainElement(document.activeElement as HTMLElement);
        },
        '{active:renewing}': () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
        loggingOut: () => expect(window.location.pathname).toBe('/'),
      },
    });
  });

  it('lockout: every transition, in the app (a 429, each second, the end)', async () => {
    await driveScreenPaths(lockoutMachine, {
      route: '/login',
      app: { lockoutSeconds: 3 },
      input: { seconds: 3 },
      serialize: (s) => JSON.stringify({ v: s.value, r: (s.context as { remaining: number }).remaining }),
      events: () => [{ type: 'RATE_LIMITED' }, { type: 'xstate.after.LOCKOUT_TICK.lockout.locked' }],
      extraRoutes: {
        'POST /api/customer_user_api/login_customer_user': () => ({
          status: 429,
          body: { code: 'tooManyRequests', ...messages('Too many') },
        }),
      },
      calls: {},
      answers: {},
      user: { RATE_LIMITED: async () => user().click(screen.getByRole('button', { name: 'Login' })) },
      shows: {
        open: () => expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument(),
        locked: () =>
          expect(
            within(screen.getByRole('main')).getByText('Please wait 3 minutes before retrying.'),
          ).toBeInTheDocument(),
      },
    });
  });
});
