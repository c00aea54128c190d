import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { CUSTOMER, loggedIn, openEmptyDashboard } from './dashboard-fixtures.ts';
import { fakeApi, fakeToken, messages, renderAt } from './harness.tsx';
import * as ui from '../../src/ui/ui.css.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import am from '../../src/i18n/messages/am.json' with { type: 'json' };

/** The profile (notifications, the mobile number, a number that sent STOP), the dashboard's shell and the session's end, on the real screens with a fake API. */
describe('notification preferences on the profile', () => {
  it('when they cannot be loaded, says so and offers Try again, which loads them', async () => {
    let fail = true;
    loggedIn({
      'GET /api/customer_user_api/preferences': () =>
        fail
          ? { status: 503, body: { code: 'unavailable', ...messages('Unavailable') } }
          : {
              status: 200,
              body: {
                email: true,
                sms: false,
                language: 'En',
                phone: '0911223344',
                phone_verified: false,
                sms_stopped: false,
                sms_number: null,
              },
            },
    });
    renderAt('/dashboard/settings', 'En');
    const section = await screen.findByRole('region', { name: en['prefs.title'] });
    const retry = await within(section).findByRole('button', { name: en['common.retry'] });
    fail = false;
    await userEvent.click(retry);
    expect(await within(section).findByRole('checkbox', { name: en['prefs.email'] })).toBeChecked();
  });
});

describe('changing the mobile number from the profile (issue 48)', () => {
  it('a number that is no phone is said beside the field and not sent; a new one gets a code and replaces the number once it is typed back', async () => {
    const prefs = (phone: string) => ({
      email: true,
      sms: false,
      language: 'En',
      phone,
      phone_verified: phone !== '0911223344',
      sms_stopped: false,
      sms_number: null,
    });
    const calls = loggedIn({
      'GET /api/customer_user_api/preferences': () => ({ status: 200, body: prefs('0911223344') }),
      'POST /api/customer_user_api/send_phone_code': () => ({ status: 200, body: messages('A code has been sent.') }),
      'POST /api/customer_user_api/verify_phone_code': () => ({
        status: 200,
        body: { ...messages('Your mobile number is now 0922 000 111.'), preferences: prefs('0922 000 111') },
      }),
    });
    renderAt('/dashboard/settings', 'En');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(en['prefs.newPhone']);
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: en['prefs.sendToNew'] }));
    expect(field).toHaveAccessibleDescription(new RegExp(en['prefs.newPhoneHint'].slice(0, 30)));
    expect(
      await screen.findByText(/New mobile number: write a phone number, such as 0911 22 33 44/),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('send_phone_code'))).toEqual([]);
    await user.clear(field);
    await user.type(field, '0922 000 111');
    await user.click(screen.getByRole('button', { name: en['prefs.sendToNew'] }));
    const code = await screen.findByLabelText(en['prefs.code']);
    expect(code).toHaveAccessibleDescription(/0922 000 111/);
    expect(calls.find((c) => c.path.endsWith('send_phone_code'))?.body).toEqual({ phone: '0922 000 111' });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: en['prefs.verify'] }));
    expect(await screen.findByText(en['prefs.sms'].replace('{phone}', '0922 000 111'))).toBeInTheDocument();
    expect(screen.getByLabelText(en['prefs.newPhone'])).toHaveValue('');
    // The profile's own record shows the new number at once.
    expect(screen.getByText('0922 000 111', { selector: 'dd' })).toBeInTheDocument();
  });
});

describe('a number that sent STOP', () => {
  it('the profile says no SMS goes to it, that mail goes instead, and where to send START', async () => {
    const prefs = (sms_number: string | null, sms_stopped = true) => ({
      'GET /api/customer_user_api/preferences': () => ({
        status: 200,
        body: {
          email: false,
          sms: true,
          language: 'En',
          phone: '0911223344',
          phone_verified: true,
          sms_stopped,
          sms_number,
        },
      }),
    });
    loggedIn(prefs('8123'));
    const view = renderAt('/dashboard/settings', 'En');
    expect(await screen.findByText(en['prefs.smsStopped'].replace('{number}', '8123'))).toBeInTheDocument();
    view.unmount();
    loggedIn(prefs(null));
    const amharic = renderAt('/dashboard/settings', 'Am');
    expect(await screen.findByText(am['prefs.smsStoppedNoNumber'])).toBeInTheDocument();
    // Issue 51: without the bureau's number it promises none.
    expect(am['prefs.smsStoppedNoNumber']).not.toMatch(/ቁጥር ይላኩ/);
    expect(en['prefs.smsStoppedNoNumber']).not.toMatch(/send START/);
    amharic.unmount();
    // Not stopped: the profile says what the number understands, when there is one.
    loggedIn(prefs('8123', false));
    const told = renderAt('/dashboard/settings', 'En');
    expect(await screen.findByText(en['prefs.smsCommands'].replace('{number}', '8123'))).toBeInTheDocument();
    told.unmount();
    loggedIn(prefs(null, false));
    renderAt('/dashboard/settings', 'En');
    expect(await screen.findByRole('checkbox', { name: /SMS/ })).toBeInTheDocument();
    expect(screen.queryByText(/Text STOP to/)).not.toBeInTheDocument();
  });
});

describe('profile, shell and session', () => {
  it.each(['Am', 'En'] as const)(
    'the profile shows every field, "-" when empty, and the active badge (%s)',
    async (lan) => {
      loggedIn({});
      renderAt('/dashboard/settings', lan);
      expect(await screen.findByText('demo@example.et')).toBeInTheDocument();
      expect(screen.getByText(lan === 'Am' ? 'ንቁ' : 'active')).toBeInTheDocument();
      expect(screen.getAllByText('-').length).toBeGreaterThan(0);
    },
  );

  it('the profile’s head: the avatar, the full name and the customer label; the badge green when active, red otherwise', async () => {
    // spec: S2.PROFILE.HEAD
    loggedIn({});
    const active = renderAt('/dashboard/settings', 'En');
    const main = await screen.findByRole('main');
    await within(main).findByText('demo@example.et');
    expect(within(main).getByText('A', { exact: true })).toHaveAttribute('aria-hidden', 'true');
    expect(within(main).getByText('Abebe Kebede Tesfaye')).toBeInTheDocument();
    expect(within(main).getByText(/customer/)).toBeInTheDocument();
    expect(within(main).getByText('active')).toHaveClass(ui.badge.green);
    active.unmount();
    loggedIn({
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ({
        status: 200,
        body: { ...CUSTOMER, status: 'inactive' },
      }),
    });
    renderAt('/dashboard/settings', 'En');
    expect(await within(await screen.findByRole('main')).findByText('inactive')).toHaveClass(ui.badge.red);
  });

  // spec: S2.SHELL.SIDEBAR, S2.SHELL.HOME, S2.SHELL.APPLY, S2.SHELL.STATUS, S2.SHELL.MANUAL, S2.SHELL.PROFILE, S2.SHELL.LOGOUT, S2.SHELL.HEADER
  it('the shell: the sidebar’s five links and Logout; the header’s greeting, bureau and title, language, avatar letter, full name and label', async () => {
    openEmptyDashboard();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard menu' })[0]!;
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links.map(([name]) => name)).toEqual([
      'Dashboard',
      'Apply for a case',
      'Case status',
      'User manual',
      'Profile',
      'Make accusation',
    ]);
    expect(links.map(([, href]) => href?.replace(/\/$/, ''))).toEqual([
      '/dashboard',
      '/dashboard/cases',
      '/dashboard/casestatus',
      '/dashboard/manual',
      '/dashboard/settings',
      '/makeaccusation',
    ]);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByText('Hello, Abebe')).toBeInTheDocument();
    expect(screen.getByText(/Customer dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByText('Abebe Kebede Tesfaye')).toBeInTheDocument();
    expect(screen.getByText('customer')).toBeInTheDocument();
    // No picture: the avatar is the first letter of the first name.
    expect(screen.getByText('A', { exact: true })).toHaveAttribute('aria-hidden', 'true');
  });

  it('the drawer opens from the menu button, traps focus and closes with Escape', async () => {
    openEmptyDashboard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Apply for a case' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a 500 on the profile shows the generic server-error page', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    fakeApi({
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ({
        status: 500,
        body: { code: 'internal', ...messages('Something went wrong.') },
      }),
    });
    renderAt('/dashboard/settings', 'En');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it("the server-error page's Try again loads the page that failed again (issue 49)", async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    let answers = 0;
    const calls = fakeApi({
      'GET /api/customer_user_api/get_customer_user/customer-1': () =>
        ++answers === 1
          ? { status: 500, body: { code: 'internal', ...messages('Something went wrong.') } }
          : { status: 200, body: CUSTOMER },
    });
    const reads = () => calls.filter((c) => c.path === '/api/customer_user_api/get_customer_user/customer-1').length;
    renderAt('/dashboard/settings', 'En');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBeGreaterThan(1)); // The bar's name is read as well.
    const before = reads();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: en['profile.title'] })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(reads()).toBe(before + 1);
  });

  it('unknown dashboard paths show the 404 page, whose Go back leads to the root as the spec says', async () => {
    loggedIn({});
    renderAt('/dashboard/nothing', 'En');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('a logout with an application being written asks first; confirmed, it keeps nothing, not even the application', async () => {
    fakeApi({
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ({ status: 200, body: CUSTOMER }),
      'GET /api/customer_user_api/logout_customer_user': () => ({ status: 200, body: messages('Logged out') }),
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
    });
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    sessionStorage.setItem('applyDraft', JSON.stringify({ remark: 'half written' }));
    renderAt('/dashboard/settings', 'En');
    expect(await screen.findByText('demo@example.et')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const question = await screen.findByRole('alertdialog', { name: 'Log out and discard what you are writing?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Stay and keep writing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sessionStorage.getItem('applyDraft')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out and discard' }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() => expect(Object.keys(sessionStorage)).toEqual([]));
  });

  it('a logout the server answers 500 still ends the session here and goes to /, without the server-error page (ADR 0031)', async () => {
    // spec: S8.SERVER_ERROR_PAGE, S4.LOGOUT (the portal's departure for logout: docs/decisions/0031-a-logout-ends-the-session-here.md)
    const calls = loggedIn({
      'GET /api/customer_user_api/logout_customer_user': () => ({
        status: 500,
        body: { code: 'internal', ...messages('Something went wrong.') },
      }),
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
    });
    renderAt('/dashboard/settings', 'En');
    expect(await screen.findByText('demo@example.et')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() => expect(Object.keys(sessionStorage)).toEqual([]));
    expect(calls.filter((c) => c.path.endsWith('logout_customer_user'))).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('a call answered 401 (the session ended elsewhere) ends the session here: told so, back to /, the draft kept for its customer', async () => {
    fakeApi({
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ({
        status: 401,
        body: { ...messages('Unauthorized'), code: 'unauthorized' },
      }),
      'GET /api/customer_user_api/logout_customer_user': () => ({ status: 401, body: messages('Unauthorized') }),
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
    });
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    sessionStorage.setItem('applyDraft', JSON.stringify({ remark: 'half written' }));
    renderAt('/dashboard/settings', 'En');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem('applyDraft')).toBe(JSON.stringify({ remark: 'half written' }));
  });

  it('at the token expiry the customer is logged out: logout call, storage cleared but their draft, back to /', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = fakeApi({
        'GET /api/customer_user_api/get_customer_user/customer-1': () => ({ status: 200, body: CUSTOMER }),
        'GET /api/customer_user_api/logout_customer_user': () => ({ status: 200, body: messages('Logged out') }),
        'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
      });
      sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken(60));
      sessionStorage.setItem('applyDraft', JSON.stringify({ remark: 'half written' }));
      sessionStorage.setItem('otpScreen', 'on');
      renderAt('/dashboard/settings', 'En');
      expect(await screen.findByText('demo@example.et')).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTimeAsync(61_000));
      await waitFor(() => expect(window.location.pathname).toBe('/'));
      expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      // What the customer was writing is kept for them alone; nothing else stays.
      expect(Object.keys(sessionStorage).sort()).toEqual(['applyDraft', 'applyDraftOwner']);
      expect(sessionStorage.getItem('applyDraftOwner')).toBe('customer-1');
      expect(calls.some((c) => c.path.endsWith('logout_customer_user'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
