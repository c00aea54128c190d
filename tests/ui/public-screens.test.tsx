import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Division } from '../../contract/entities.ts';
import { FIELD_LIMITS, SESSION_STORAGE_KEY, TOAST_MS } from '../../contract/limits.ts';
import { BUREAU_WEBSITE } from '../../src/app/for-screens/links.ts';
import * as layout from '../../src/app/layout.css.ts';
import { maskedCase, names, signedInCustomer, verifiedCase } from './fixtures.ts';
import { fakeApi, fakeToken, messages, renderAt } from './harness.tsx';

const division = (
  id: string,
  en: string,
  am: string,
  status: 'active' | 'inactive' = 'active',
  special: 'yes' | 'no' = 'no',
) =>
  ({
    _id: id,
    status,
    special,
    ...names(en, am),
    ...names(`${en} description`, `${am} መግለጫ`, 'description'),
  }) as unknown as Division;
const DIVISIONS = [
  division('d1', 'Condominium Transfer', 'የጋራ መኖሪያ ቤቶች'),
  division('d2', 'Closed Service', 'የተዘጋ', 'inactive'),
  division('d3', 'Ethics', 'ሥነ ምግባር', 'active', 'yes'),
  division('d4', 'Rental Housing', 'የኪራይ ቤቶች'),
];

describe('landing page', () => {
  it('lists active, non-special divisions in reverse order, in Amharic, linking to their page', async () => {
    fakeApi({ 'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: DIVISIONS }) });
    renderAt('/', 'Am');
    const services = await screen.findByRole('region', { name: 'አገልግሎቶች' });
    await waitFor(() => expect(within(services).getAllByRole('link')).toHaveLength(2));
    const links = within(services).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['የኪራይ ቤቶች', 'የጋራ መኖሪያ ቤቶች']);
    expect(links[0]).toHaveAttribute('href', '/division/d4');
    expect(screen.getByRole('heading', { level: 1, name: 'የቤቶች ልማትና አስተዳደር ቢሮ' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('am');
    expect(document.title).toContain('የደንበኞች አገልግሎት');
    expect(screen.getByText('350,000+')).toBeInTheDocument();
  });

  // spec: S2.LANDING.BANNER, S2.LANDING.HEAD_MESSAGE, S2.LANDING.SERVICES, S2.LANDING.ABOUT, S2.LANDING.MISSION, S2.LANDING.MAP, S2.LANDING.FOOTER
  it('the landing body: banner and subtitle, the head’s message, services, about with three figures, mission and vision, the map, the footer', async () => {
    fakeApi({ 'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: DIVISIONS }) });
    renderAt('/', 'En');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Housing Development and Administration Bureau' }),
    ).toBeVisible();
    expect(screen.getAllByText('Customer Service').length).toBeGreaterThan(0);
    for (const name of ['Message From The Head', 'Services', 'About Us', 'Mission', 'Vision', 'Bureau location'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    for (const figure of ['350,000+', '153,000+', '20,000+']) expect(screen.getByText(figure)).toBeInTheDocument();
    // The map is embedded when asked for (ADR 0006: the third-party page weighs more than the portal).
    await userEvent.click(screen.getByRole('button', { name: /map/i }));
    expect(document.querySelector('iframe')).toHaveAttribute('src', expect.stringContaining('map'));
    expect(screen.getByText(/All Right Reserved/)).toBeInTheDocument();
  });

  it('the header: logo, bureau name, “Customer” and the language; the blue bar: check status, accusation, manual, the website, Login and Register, in a menu toggled on small screens', async () => {
    // spec: S2.LANDING.HEADER, S2.LANDING.BAR, S2.LANDING.BAR_ACCOUNT, S2.LANDING.BAR_MENU
    fakeApi({ 'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: DIVISIONS }) });
    renderAt('/', 'En');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'Bureau logo' })).toBeInTheDocument();
    expect(within(header).getByText('Housing Development and Administration Bureau')).toBeInTheDocument();
    expect(within(header).getByText('Customer')).toBeInTheDocument();
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    const links = within(bar)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Check status', '/checkstatus'],
      ['Make accusation', '/makeaccusation'],
      ['User manual', '/manual'],
      ['Bureau website', BUREAU_WEBSITE],
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
    expect(within(bar).getByRole('link', { name: 'Bureau website' })).toHaveAttribute('target', '_blank');
    // On a small screen the links are hidden (layout.css.ts) until the menu button opens them.
    const menu = within(bar).getByRole('button', { name: 'Menu' });
    const list = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass(layout.barLinksClosed);
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass(layout.barLinksClosed);
  });

  it('switches to English with the selector, and remembers it', async () => {
    fakeApi({ 'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: DIVISIONS }) });
    renderAt('/', 'Am');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'ቋንቋ' }), 'En');
    expect(await screen.findByRole('link', { name: 'Rental Housing' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Message From The Head' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lan')).toBe('En');
    expect(screen.getByText(/All Right Reserved/)).toBeInTheDocument();
  });

  it('replaces the page with the wait message when the division list answers 429; when the wait is over the services come by themselves', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/division_api/get_all_divisions': () =>
        ++calls === 1
          ? { status: 429, body: { code: 'tooManyRequests', ...messages('Too many') } }
          : { status: 200, body: [] },
    });
    renderAt('/', 'En', undefined, { lockoutSeconds: 1 });
    expect(
      await within(screen.getByRole('main')).findByText('Please wait 3 minutes before retrying.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Services' })).not.toBeInTheDocument();
    expect(await screen.findByText('No services are open at the moment.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('a longer Retry-After from the server is waited out, and said in minutes', async () => {
    fakeApi({
      'GET /api/division_api/get_all_divisions': () => ({
        status: 429,
        body: { code: 'tooManyRequests', ...messages('Too many') },
        headers: { 'retry-after': '1500' },
      }),
    });
    renderAt('/', 'En');
    expect(
      await within(screen.getByRole('main')).findByText('Please wait 25 minutes before retrying.'),
    ).toBeInTheDocument();
  });
});

describe('the public pages, signed in', () => {
  it('offer the way back to the dashboard, with the customer’s name, instead of Login and Register', async () => {
    const name = 'Almaz'.padEnd(FIELD_LIMITS.firstname - 1, 'ዘ');
    fakeApi({
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ({
        status: 200,
        body: { ...signedInCustomer, firstname: name },
      }),
    });
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    renderAt('/checkstatus', 'En');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    const back = await within(bar).findByRole('link', { name: `My dashboard ${name}` });
    expect(back).toHaveAttribute('href', '/dashboard');
    // One line, cut at its length limit; the whole name in the title.
    expect(within(back).getByTitle(name)).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(bar).queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('still lead back when the name cannot load, and say nothing more', async () => {
    const calls = fakeApi({
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ({
        status: 500,
        body: { code: 'internal', ...messages('Something went wrong.') },
      }),
    });
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    renderAt('/checkstatus', 'En');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/customer_user_api/get_customer_user/customer-1'),
    );
    // The 500 is answered and taken: no server-error page, no message, the link alone.
    await act(async () => undefined);
    expect(within(bar).getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('heading', { name: 'Check case status' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
  });
});

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
        body: { totalCases: 0, pendingCases: 0, processingCases: 0, respondedCases: 0, rejectedCases: 0 },
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

describe('registration and verification', () => {
  /** The registration form filled as a person would, every required field valid. */
  async function fillRegistration() {
    const fill = async (label: RegExp, value: string) => userEvent.type(screen.getByLabelText(label), value);
    await fill(/^First name/, 'Almaz');
    await fill(/^Middle name/, 'Bekele');
    await fill(/^Last name/, 'Gebre');
    await userEvent.selectOptions(screen.getByLabelText(/^Gender/), 'Female');
    await fill(/^Sub-city/, 'Bole');
    await fill(/^Woreda/, '03');
    await fill(/^Email/, 'almaz@example.et');
    await fill(/^Phone/, '0911223344');
    await fill(/^Password/, 'long-password');
    await fill(/^Confirm password/, 'long-password');
  }

  it('checks the limits before sending: the error summary takes focus and nothing typed is lost', async () => {
    const calls = fakeApi({});
    renderAt('/register', 'En');
    await userEvent.type(screen.getByLabelText(/^First name/), 'a'.repeat(50));
    await userEvent.type(screen.getByLabelText(/^Woreda/), 'w'.repeat(20));
    await userEvent.type(screen.getByLabelText(/^Password/), 'one-password');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'First name must be at most 49 characters.' })).toHaveAttribute(
      'href',
      '#firstname',
    );
    expect(within(summary).getByRole('link', { name: 'Woreda must be at most 19 characters.' })).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: "Password and confirm password don't match" }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('a'.repeat(50));
    expect(calls).toEqual([]);
  });

  it('registers, turns the otp flag on, and verifies the email with the code for this browser’s registration', async () => {
    const calls = fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 201,
        body: { email: 'almaz@example.et', registration: 'r-1', ...messages('Registration received.') },
      }),
      'POST /api/customer_user_api/validate_customer_otp': () => ({
        status: 200,
        body: messages('Your email is verified.'),
      }),
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('Enter the code we sent to almaz@example.et.')).toBeInTheDocument();
    const sent = calls[0]?.body as FormData;
    expect(sent.get('firstname')).toBe('Almaz');
    expect(sent.get('gender')).toBe('Female');
    expect(sent.get('confirmPassword')).toBeNull();
    // spec: S5.VERIFICATION_CODE (a numeric input, no length check before sending)
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('inputmode', 'numeric');
    // This browser made the registration: its handle proves it, no password is asked (ADR 0029).
    expect(screen.queryByLabelText('The password you chose when registering')).toBeNull();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'almaz@example.et', otp: '123456', registration: 'r-1' });
    expect(sessionStorage.getItem('otpScreen')).toBeNull();
  });

  it('the gender select offers exactly Male and Female, and one must be chosen', async () => {
    // spec: S9.GENDER, S2.REGISTER.FIELDS
    const calls = fakeApi({});
    const english = renderAt('/register', 'En');
    const choices = (label: RegExp) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(choices(/^Gender/)).toEqual([
      ['', 'Choose…'],
      ['Male', 'Male'],
      ['Female', 'Female'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: 'Gender is required.' })).toHaveAttribute(
      'href',
      '#gender',
    );
    expect(calls).toEqual([]);
    english.unmount();
    // In Amharic the words are Amharic; what is sent stays Male or Female.
    renderAt('/register', 'Am');
    expect(choices(/^ፆታ/)).toEqual([
      ['', 'ይምረጡ…'],
      ['Male', 'ወንድ'],
      ['Female', 'ሴት'],
    ]);
  });

  it('sends the verification code whatever its length: a numeric input with no length check', async () => {
    // spec: S5.VERIFICATION_CODE
    const calls = fakeApi({
      'POST /api/customer_user_api/validate_customer_otp': () => ({
        status: 400,
        body: { code: 'otpInvalid', ...messages('The code is wrong or has expired.') },
      }),
    });
    sessionStorage.setItem('otpScreen', 'on');
    renderAt('/email/verification', 'En', { email: 'almaz@example.et', registration: 'r-1' });
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    for (const limit of ['maxlength', 'minlength', 'pattern']) expect(code).not.toHaveAttribute(limit);
    const typed = ['1', '12345', '1234567', '1'.repeat(30)];
    for (const otp of typed) {
      await userEvent.clear(code);
      await userEvent.type(code, otp);
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    }
    expect(calls.map((c) => (c.body as { otp: string }).otp)).toEqual(typed);
  });

  it('a wrong code is said beside the code field, and stays until the code is typed again', async () => {
    let tries = 0;
    fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 201,
        body: { email: 'almaz@example.et', ...messages('Registration received.') },
      }),
      'POST /api/customer_user_api/validate_customer_otp': () =>
        ++tries === 1
          ? { status: 400, body: { code: 'otpInvalid', ...messages('The code is wrong or has expired.') } }
          : { status: 200, body: messages('Verified.') },
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const code = await screen.findByLabelText('Verification code');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/The code is wrong or has expired\./));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(code);
    expect(code).not.toHaveAccessibleDescription(/The code is wrong/);
  });

  it('a 429 on registration locks the button with the spec’s words for it: “Too many attempts. Please try again later.”', async () => {
    fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 429,
        body: { code: 'tooManyRequests', ...messages('Too many') },
      }),
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await within(screen.getByRole('main')).findByText('Too many attempts. Please try again later.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText('Please wait 3 minutes before retrying.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    // spec: S8.429.REGISTRATION (a 180-second lockout: the clock runs, so its first second may have passed)
    expect(within(screen.getByRole('main')).getByText(/^(180|179) seconds left$/)).toBeInTheDocument();
    // A screen reader hears the same words, and they stay after a reload.
    expect(screen.getByTestId('lockout-announcer')).toHaveTextContent('Too many attempts. Please try again later.');
    expect(JSON.parse(sessionStorage.getItem('lockout') ?? '{}')).toMatchObject({ words: 'errors.tooManyAttempts' });
  });

  it('a registration 429 that asks for an hour keeps the spec’s words, with the time left beside them', async () => {
    fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 429,
        headers: { 'retry-after': '3600' },
        body: { code: 'tooManyRequests', ...messages('Too many') },
      }),
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const main = within(screen.getByRole('main'));
    expect(await main.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(main.queryByText(/Please wait \d+ minutes/)).toBeNull();
    expect(main.getByText('60 minutes left')).toBeInTheDocument();
    expect(screen.getByTestId('lockout-announcer')).toHaveTextContent(/^Too many attempts\. Please try again later\.$/);
  });

  it('the verification screen is unreachable while the otp flag is off', () => {
    fakeApi({});
    renderAt('/email/verification', 'En', { email: 'x@y.et' });
    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument();
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

describe('case status lookup', () => {
  const masked = maskedCase;

  it('an empty number shows the message and sends nothing', async () => {
    const calls = fakeApi({ 'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }) });
    renderAt('/checkstatus', 'Am');
    await userEvent.click(screen.getByRole('button', { name: 'ሁኔታውን ይመልከቱ' }));
    expect(screen.getByRole('textbox', { name: /የጉዳይ ቁጥር/ })).toHaveAccessibleDescription('እባክዎ ትክክለኛ የጉዳይ ቁጥር ያስገቡ');
    expect(screen.getByRole('link', { name: 'እባክዎ ትክክለኛ የጉዳይ ቁጥር ያስገቡ' })).toHaveAttribute('href', '#caseNumber');
    expect(calls.filter((c) => c.path.includes('get_case_by_casenum'))).toEqual([]);
  });

  it('shows a masked case with the note on how to see more, and the responder when verified', async () => {
    const calls = fakeApi({
      'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
      'POST /api/customer_case_api/get_case_by_casenum': () => ({ status: 200, body: masked }),
    });
    renderAt('/checkstatus', 'En');
    expect(screen.getByPlaceholderText('HDAB-2017-000000')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Case number/), 'HDAB-2019-000004');
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByRole('heading', { name: /HDAB-2019-000004/ })).toBeInTheDocument();
    expect(screen.getByText(/Personal details are partly hidden/)).toBeInTheDocument();
    expect(screen.getByText('09******44')).toBeInTheDocument();
    expect(screen.getByText('responded')).toBeInTheDocument();
    expect(screen.getByText('Meseret Alemu Bekele')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute('href', '/print/c1');
    expect(calls.find((c) => c.path.includes('get_case_by_casenum'))?.body).toEqual({ casenum: 'HDAB-2019-000004' });
  });

  it('with the phone on file the whole case shows, and Print passes the phone on (not in the URL)', async () => {
    const calls = fakeApi({
      'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
      'POST /api/customer_case_api/get_case_by_casenum': () => ({ status: 200, body: verifiedCase }),
      'GET /api/customer_case_api/print_case/c4': () => ({
        status: 200,
        body: { file_name: 'print-y.pdf', path: '/Media/print-y.pdf' },
      }),
    });
    renderAt('/checkstatus', 'En');
    await userEvent.type(screen.getByLabelText(/^Case number/), 'HDAB-2019-000004');
    await userEvent.type(screen.getByLabelText(/^Phone number on file/), '0911223344');
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('Tesfaye')).toBeInTheDocument();
    expect(screen.queryByText(/Personal details are partly hidden/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Print' }));
    expect(await screen.findByRole('link', { name: 'Download the PDF' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/print/c4');
    expect(calls.find((c) => c.path.endsWith('print_case/c4'))?.headers['x-case-phone']).toBe('0911223344');
    expect(calls.find((c) => c.path.endsWith('get_case_by_casenum'))?.body).toEqual({
      casenum: 'HDAB-2019-000004',
      phone: '0911223344',
    });
  });

  it('a number that does not exist shows the server message', async () => {
    fakeApi({
      'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
      'POST /api/customer_case_api/get_case_by_casenum': () => ({
        status: 404,
        body: { code: 'caseNotFound', ...messages("This case isn't available.", 'ይህ ጉዳይ አይገኝም።') },
      }),
    });
    renderAt('/checkstatus', 'Am');
    await userEvent.type(screen.getByLabelText(/^የጉዳይ ቁጥር/), 'HDAB-2019-999999');
    await userEvent.click(screen.getByRole('button', { name: 'ሁኔታውን ይመልከቱ' }));
    expect(await screen.findByText('ይህ ጉዳይ አይገኝም።')).toBeInTheDocument();
  });
});

describe('accusation', () => {
  it('refuses a file that is not a PDF before upload; success shows the tracking code and clears the form', async () => {
    const calls = fakeApi({
      'POST /api/accusation_acceptor_api/create_accusation': () => ({
        status: 201,
        body: { tracking_code: 'ACC-ABCDEFGH23', ...messages('Received') },
      }),
    });
    renderAt('/makeaccusation', 'En');
    await userEvent.upload(
      screen.getByLabelText(/^Attachment/),
      new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' }),
      { applyAccept: false },
    );
    await waitFor(() => expect(screen.getByLabelText(/^Attachment/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Attachment/)).toHaveAccessibleDescription('Choose a PDF file.');
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Delay');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Three months without an answer.');
    // spec: S9.TEXTAREA_ROWS (10 rows on the accusation form)
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('rows', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The confirmation takes focus (so a phone scrolls to it and a screen reader reads it); the code leads to its page.
    const shown = (await screen.findByText(/^Your complaint has been received\. Keep this tracking code:$/)).closest(
      '[role="status"]',
    );
    expect(shown).toHaveFocus();
    expect(shown).toHaveTextContent('Write this code down or copy it');
    expect(screen.getByRole('link', { name: 'ACC-ABCDEFGH23' })).toHaveAttribute('href', '/complaint/ACC-ABCDEFGH23');
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (t: string) => void writes.push(t) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copy ACC-ABCDEFGH23' }));
    expect(writes).toEqual(['ACC-ABCDEFGH23']);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
    expect((calls[0]?.body as FormData).get('subject')).toBe('Delay');
    expect((calls[0]?.body as FormData).get('attachment')).toBeNull();
  });

  it('takes a PDF of exactly 10 MB and refuses one byte more before upload, saying the labels’ 10 MB', async () => {
    // spec: S9.ATTACHMENT
    fakeApi({});
    renderAt('/makeaccusation', 'En');
    const picker = screen.getByLabelText('Attachment (one PDF, at most 10 MB)');
    const pdf = (size: number) => {
      const file = new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' });
      Object.defineProperty(file, 'size', { value: size });
      return file;
    };
    await userEvent.upload(picker, pdf(10 * 1024 * 1024 + 1));
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(picker).toHaveAccessibleDescription(
      'The file is larger than 10 MB. Merge or compress it, then choose it again.',
    );
    await userEvent.upload(picker, pdf(10 * 1024 * 1024));
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-invalid'));
    expect(picker).not.toHaveAccessibleDescription(/larger than/);
  });

  it('a text too long is refused before sending, with its limit; the server’s refusal says the limit too, never “at most 0”', async () => {
    const calls = fakeApi({
      'POST /api/accusation_acceptor_api/create_accusation': () => ({
        status: 400,
        body: {
          code: 'validation',
          fields: { accused_organizational_part: 'tooLong' },
          limits: { accused_organizational_part: 200 },
          ...messages('Check'),
        },
      }),
    });
    renderAt('/makeaccusation', 'En');
    const subject = screen.getByLabelText(/^Subject/);
    fireEvent.change(subject, { target: { value: 's'.repeat(201) } });
    await userEvent.type(screen.getByLabelText(/^Description/), 'Three months without an answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Subject must be at most 200 characters.')).not.toHaveLength(0);
    expect(subject).toHaveValue('s'.repeat(201));
    expect(calls).toHaveLength(0);
    fireEvent.change(subject, { target: { value: 'Delay' } });
    await userEvent.type(screen.getByLabelText(/^Accused department/), 'Transfers');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText(/must be at most 200 characters\./)).not.toHaveLength(0);
    expect(document.body.textContent).not.toContain('at most 0');
  });

  it('asks for an SMS when the bureau answers in the page’s language; without a phone number the server’s refusal shows at the field', async () => {
    const calls = fakeApi({
      'POST /api/accusation_acceptor_api/create_accusation': () => ({
        status: 400,
        body: { code: 'validation', fields: { phone: 'required' }, ...messages('Check the marked fields') },
      }),
    });
    renderAt('/makeaccusation', 'Am');
    await userEvent.type(screen.getByLabelText(/^ርዕስ/), 'Delay');
    await userEvent.type(screen.getByLabelText(/^መግለጫ/), 'Three months without an answer.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ቢሮው ምላሽ ሲሰጥ በአጭር መልእክት አሳውቁኝ' }));
    await userEvent.click(screen.getByRole('button', { name: 'አስገባ' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]?.body as FormData).get('notify')).toBe('Am');
    await waitFor(() => expect(screen.getByLabelText(/^ስልክ/)).toHaveAttribute('aria-invalid', 'true'));
    // What was typed and chosen stays.
    expect(screen.getByLabelText(/^ርዕስ/)).toHaveValue('Delay');
    expect(screen.getByRole('checkbox', { name: 'ቢሮው ምላሽ ሲሰጥ በአጭር መልእክት አሳውቁኝ' })).toBeChecked();
  });

  it('requires subject and description', async () => {
    const calls = fakeApi({});
    renderAt('/makeaccusation', 'Am');
    await userEvent.click(screen.getByRole('button', { name: 'አስገባ' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'ርዕስ ያስፈልጋል።' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'መግለጫ ያስፈልጋል።' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('following a complaint', () => {
  const answered = {
    tracking_code: 'ACC-ABCDEFGHJKLMN',
    status: 'answered',
    createdAt: '2026-11-02T08:00:00.000Z',
    reviewed_at: '2026-11-03T08:00:00.000Z',
    answered_at: '2026-11-04T08:00:00.000Z',
    answer: 'The clerk has been moved; thank you.',
    answer_file: 'ans.pdf',
  };

  it('the tracking code on /makeaccusation opens the complaint page: its state, dates and the answer', async () => {
    fakeApi({
      'GET /api/accusation_acceptor_api/get_accusation/ACC-ABCDEFGHJKLMN': () => ({ status: 200, body: answered }),
    });
    renderAt('/makeaccusation', 'En');
    await userEvent.type(screen.getByLabelText(/^Tracking code/), ' ACC-ABCDEFGHJKLMN ');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(window.location.pathname).toBe('/complaint/ACC-ABCDEFGHJKLMN'));
    expect(await screen.findByText('The clerk has been moved; thank you.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Complaint ACC-ABCDEFGHJKLMN');
    expect(screen.getByText('answered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "The bureau's answer as a PDF" })).toHaveAttribute(
      'href',
      '/Media/ans.pdf',
    );
  });

  it('a complaint not yet answered says so; an unknown code says it is not found (Amharic)', async () => {
    fakeApi({
      'GET /api/accusation_acceptor_api/get_accusation/ACC-WAITING': () => ({
        status: 200,
        body: {
          ...answered,
          tracking_code: 'ACC-WAITING',
          status: 'received',
          reviewed_at: null,
          answered_at: null,
          answer: null,
          answer_file: null,
        },
      }),
      'GET /api/accusation_acceptor_api/get_accusation/ACC-NONE': () => ({
        status: 404,
        body: { code: 'complaintNotFound', ...messages('No complaint') },
      }),
    });
    const waiting = renderAt('/complaint/ACC-WAITING', 'Am');
    expect(await screen.findByText('ደርሷል')).toBeInTheDocument();
    expect(screen.getByText(/^ቢሮው ገና ምላሽ አልሰጠም/)).toBeInTheDocument();
    waiting.unmount();
    renderAt('/complaint/ACC-NONE', 'Am');
    expect(await screen.findByText(/^በዚህ መከታተያ ኮድ የተመዘገበ ቅሬታ የለም/)).toBeInTheDocument();
  });
});

describe('other public routes', () => {
  it('unknown paths show the 404 page with Go back', () => {
    fakeApi({});
    renderAt('/no/such/page', 'En');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('/dashboard without a token goes to /', async () => {
    fakeApi({ 'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }) });
    renderAt('/dashboard', 'En');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('the manual embeds the latest PDF and offers CUSTOMERLATEST.pdf', () => {
    fakeApi({});
    renderAt('/manual', 'En');
    expect(screen.getByRole('link', { name: 'Download the manual (CUSTOMERLATEST.pdf)' })).toHaveAttribute(
      'download',
      'CUSTOMERLATEST.pdf',
    );
    expect(screen.getByTitle('Document: User manual')).toHaveStyle({ height: '1000px' });
  });

  it('a division page shows its name, description and active directorates', async () => {
    fakeApi({
      'GET /api/division_api/get_division/d4': () => ({ status: 200, body: DIVISIONS[3] }),
      'GET /api/directorate_api/get_all_directorate': () => ({
        status: 200,
        body: [
          { _id: 'r1', status: 'active', ...names('Rental Contracts', 'የኪራይ ውል'), division: { _id: 'd4' } },
          { _id: 'r2', status: 'inactive', ...names('Old Office', 'የቀድሞ'), division: { _id: 'd4' } },
          { _id: 'r3', status: 'active', ...names('Other', 'ሌላ'), division: { _id: 'd1' } },
        ],
      }),
    });
    renderAt('/division/d4', 'Am');
    expect(await screen.findByRole('heading', { level: 1, name: 'የኪራይ ቤቶች' })).toBeInTheDocument();
    expect(screen.getByText('የኪራይ ቤቶች መግለጫ')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('የኪራይ ውል');
    expect(screen.queryByText('የቀድሞ')).not.toBeInTheDocument();
    expect(screen.queryByText('ሌላ')).not.toBeInTheDocument();
  });
});
