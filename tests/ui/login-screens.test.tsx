import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '../../contract/limits.ts';
import { fakeApi, fakeToken, messages, renderAt } from './harness.tsx';
import { NO_CASES } from './fixtures.ts';

/** Login and the forgotten password, on the real screens with a fake API. */
describe('login', () => {
  /** The login form sent with a right password, up to the dashboard; answers the calls made. */
  async function logInTo(token: string) {
    const calls = fakeApi({
      'POST /api/customer_user_api/login_customer_user': () => ({
        status: 200,
        body: { token, ...messages('You are logged in.') },
      }),
      'GET /api/customer_case_api/get_case_cust': () => ({
        status: 200,
        body: NO_CASES,
      }),
      'GET /api/customer_case_api/get_case': () => ({
        status: 200,
        body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
      }),
    });
    renderAt('/login', 'En');
    await userEvent.type(screen.getByLabelText('Email'), 'demo@example.et');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    return calls;
  }

  it('a 500 shows the server-error page; its Try again brings the form back as typed and sends it again (issue 49)', async () => {
    let answers = 0;
    const calls = fakeApi({
      'POST /api/customer_user_api/login_customer_user': () =>
        ++answers === 1
          ? { status: 500, body: { code: 'internal', ...messages('Something went wrong.') } }
          : { status: 401, body: { code: 'badCredentials', ...messages('Wrong email or password.') } },
    });
    renderAt('/login', 'En');
    await userEvent.type(screen.getByLabelText('Email'), 'demo@example.et');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // The page kept under it names neither the tab nor a heading of its own.
    expect(document.title).toMatch(/^Something went wrong — /);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.title).toMatch(/^Login — /));
    expect((await screen.findAllByText('Wrong email or password.'))[0]).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    const logins = calls.filter((c) => c.path === '/api/customer_user_api/login_customer_user');
    expect(logins.map((c) => c.body)).toEqual([
      { email: 'demo@example.et', password: 'secret-password' },
      { email: 'demo@example.et', password: 'secret-password' },
    ]);
    expect(screen.getByLabelText('Email')).toHaveValue('demo@example.et');
  });

  // spec: S5.LOGIN, S5.FORGOT, S2.LOGIN.FIELDS
  it('login asks an email (email type) and a masked password; forgot password an email (email type)', () => {
    fakeApi({});
    const login = renderAt('/login', 'En');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    login.unmount();
    renderAt('/forgotpassword', 'En');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  // spec: S2.LOGIN.ELEMENTS, S2.REGISTER.ELEMENTS
  it('login offers Login, Forgot password, OR, Register, Home and the language; registration Register, OR and Login', () => {
    fakeApi({});
    const login = renderAt('/login', 'En');
    let main = within(screen.getByRole('main'));
    expect(main.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(main.getByText('OR')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    login.unmount();
    renderAt('/register', 'En');
    main = within(screen.getByRole('main'));
    expect(main.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(main.getByText('OR')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('logs in, keeps the token in sessionStorage tID, and opens the dashboard', async () => {
    const token = fakeToken();
    const calls = await logInTo(token);
    // spec: S9.SESSION_KEY (the key is the spec's own: tID)
    expect(sessionStorage.getItem('tID')).toBe(token);
    expect(calls.find((c) => c.path.endsWith('login_customer_user'))?.body).toEqual({
      email: 'demo@example.et',
      password: 'secret-password',
    });
    expect(window.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['customer-1', 'kept: it is theirs'],
    ['customer-2', 'dropped: another customer left it'],
  ])('the drafts kept from an expired session of %s (an application, a case step) are %s', async (owner) => {
    sessionStorage.setItem('applyDraft', JSON.stringify({ remark: 'half written' }));
    sessionStorage.setItem('stepDraft:c1:appeal', 'The decision overlooked my lease.');
    sessionStorage.setItem('applyDraftOwner', owner);
    await logInTo(fakeToken());
    const theirs = owner === 'customer-1';
    expect(sessionStorage.getItem('applyDraft')).toBe(theirs ? JSON.stringify({ remark: 'half written' }) : null);
    expect(sessionStorage.getItem('stepDraft:c1:appeal')).toBe(theirs ? 'The decision overlooked my lease.' : null);
    expect(sessionStorage.getItem('applyDraftOwner')).toBeNull();
  });

  it('shows the server message on a wrong password, in Amharic, in the toast and beside the password until it is typed again; keeps what was typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeApi({
        'POST /api/customer_user_api/login_customer_user': () => ({
          status: 401,
          body: {
            code: 'loginFailed',
            ...messages('The email or password is incorrect.', 'ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።'),
          },
        }),
      });
      renderAt('/login', 'Am');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText('ኢሜይል'), 'a@b.et');
      await user.type(screen.getByLabelText('የይለፍ ቃል'), 'wrong');
      await user.click(screen.getByRole('button', { name: 'ይግቡ' }));
      await waitFor(() => expect(screen.getAllByText('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።')).toHaveLength(2));
      expect(screen.getByLabelText('ኢሜይል')).toHaveValue('a@b.et');
      // The toast goes after its 5 s; the words stay beside the password, which they describe.
      await act(async () => vi.advanceTimersByTimeAsync(TOAST_MS + 1000));
      expect(screen.getAllByText('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።')).toHaveLength(1);
      expect(screen.getByLabelText('የይለፍ ቃል')).toHaveAccessibleDescription(/ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።/);
      await user.type(screen.getByLabelText('የይለፍ ቃል'), 'x');
      expect(screen.queryByText('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 429 replaces the button with the wait message for 180 seconds, counting down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeApi({
        'POST /api/customer_user_api/login_customer_user': () => ({
          status: 429,
          body: { code: 'tooManyRequests', ...messages('Too many attempts.') },
        }),
      });
      renderAt('/login', 'En');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(
        await within(screen.getByRole('main')).findByText('Please wait 3 minutes before retrying.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
      // spec: S4.LOCKOUT, S8.429.LOCKOUT, S9.LOCKOUT.WAIT (the spec's 180 seconds, one second at a time)
      expect(screen.getByText('180 seconds left')).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTimeAsync(10_000));
      expect(screen.getByText('170 seconds left')).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTimeAsync(169_000));
      expect(screen.getByText('1 second left')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('forgot and reset password', () => {
  it('forgot: a 500 shows Connection Lost with Reload Page', async () => {
    fakeApi({
      'POST /api/customer_user_api/forgot_customer_user': () => ({
        status: 500,
        body: { code: 'internal', ...messages('Something went wrong.') },
      }),
    });
    renderAt('/forgotpassword', 'En');
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.et');
    await userEvent.click(screen.getByRole('button', { name: 'Get reset link' }));
    expect(await screen.findByRole('heading', { name: 'Connection Lost' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it('reset: a mismatch is shown; success shows the message and goes to /login after 6 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = fakeApi({
        'PUT /api/customer_user_api/reset_customer_user/u1/tok': () => ({
          status: 200,
          body: messages('Your password has been changed.'),
        }),
      });
      renderAt('/reset_password/u1/tok', 'En');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText(/^Password/), 'new-password-1');
      await user.type(screen.getByLabelText(/^Re-type password/), 'new-password-2');
      await user.click(screen.getByRole('button', { name: 'Reset password' }));
      // The GOV.UK pattern: the field is described by its message, and the summary links to it.
      expect(screen.getByLabelText(/^Re-type password/)).toHaveAccessibleDescription(
        'Password and Re-Type Password did not match',
      );
      expect(screen.getByRole('link', { name: 'Password and Re-Type Password did not match' })).toHaveAttribute(
        'href',
        '#retype',
      );
      expect(calls).toEqual([]);
      await user.clear(screen.getByLabelText(/^Re-type password/));
      await user.type(screen.getByLabelText(/^Re-type password/), 'new-password-1');
      await user.click(screen.getByRole('button', { name: 'Reset password' }));
      expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
      expect(calls[0]?.body).toEqual({ password: 'new-password-1' });
      // spec: S2.RESET.SUCCESS, S9.REDIRECTS (6 seconds: still here after 5, at /login after 6; the clock also runs on its own)
      await act(async () => vi.advanceTimersByTimeAsync(5000));
      expect(window.location.pathname).toBe('/reset_password/u1/tok');
      await act(async () => vi.advanceTimersByTimeAsync(1000));
      expect(window.location.pathname).toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });
  it('forgot and reset password each lead back to /login', async () => {
    // spec: S2.FORGOT.ELEMENTS, S2.RESET.FIELDS
    fakeApi({});
    const forgot = renderAt('/forgotpassword', 'En');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Get reset link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    forgot.unmount();
    renderAt('/reset_password/u1/tok', 'En');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
