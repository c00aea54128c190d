import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { lockoutMachine } from '../../machines/lockout.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { registrationErrors, registrationMachine } from '../../machines/registration.machine.ts';
import { NO_CASES, signedInCustomer } from './fixtures.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { resetPasswordMachine } from '../../machines/reset-password.machine.ts';
import { verificationMachine } from '../../machines/verification.machine.ts';
import { fakeToken, messages } from './harness.tsx';
import { driveScreenPaths, failures, parts, user, value } from './screen-paths.tsx';

/** The machines' model paths drive the real screens (the account's screens: login, password, verification, registration, the session); tests/ui/screen-paths.tsx drives them. */
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
        // The login opens with the address just verified, the password to type (issue 51).
        done: async () => {
          expect(window.location.pathname).toBe('/login');
          await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('a@b.et'));
          expect(screen.getByLabelText('Password')).toHaveFocus();
          // Read once: the tab's history keeps no address for the next person at this computer.
          expect((history.state as { email?: string } | null)?.email).toBeUndefined();
        },
      },
    });
  });

  it.each(parts(2))('registration: every transition, on the screen, part $number of $of', async (part) => {
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
      part,
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
        body: NO_CASES,
      }),
      'GET /api/customer_case_api/get_case': () => ({
        status: 200,
        body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
      }),
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
    };
    // An async act: Testing Library keeps IS_REACT_ACT_ENVIRONMENT set until React's act()
    // scope ends. A synchronous callback whose act() is awaited gets it back at once while
    // React keeps the scope open until its next task: an update in between (the route's
    // screen resolving, the session's actor) warned "not configured to support act(...)".
    const goTo = (path: string) =>
      act(async () => {
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
        // Made when the server answers, on the fake clock: a token that lives 10 minutes from the renewal.
        renew: () => ({ token: fakeToken(600), ...messages('You are still signed in.') }),
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
