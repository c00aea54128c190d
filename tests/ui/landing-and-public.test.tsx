import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Division } from '../../contract/entities.ts';
import { FIELD_LIMITS, SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { BUREAU_WEBSITE } from '../../src/app/for-screens/links.ts';
import * as layout from '../../src/app/layout.css.ts';
import { names, signedInCustomer } from './fixtures.ts';
import { fakeApi, fakeToken, messages, renderAt } from './harness.tsx';

/** The landing page, the public pages as a signed-in customer sees them, and the other public routes, on the real screens with a fake API. */
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
    expect(screen.getByRole('heading', { level: 1, name: 'የቤት ጉዳይዎን ካሉበት ሆነው ይከታተሉ' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('am');
    expect(document.title).toContain('የደንበኞች አገልግሎት');
    expect(screen.getByText('350,000+')).toBeInTheDocument();
  });

  // spec: S2.LANDING.BANNER, S2.LANDING.HEAD_MESSAGE, S2.LANDING.SERVICES, S2.LANDING.ABOUT, S2.LANDING.MISSION, S2.LANDING.MAP, S2.LANDING.FOOTER
  it('the landing body: banner and subtitle, the head’s message, services, about with three figures, mission and vision, the map, the footer', async () => {
    fakeApi({ 'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: DIVISIONS }) });
    renderAt('/', 'En');
    // The banner's own words: the header above already names the bureau (issue 51: the title repeated it).
    expect(
      screen.getByRole('heading', { level: 1, name: 'Follow your housing case from wherever you are' }),
    ).toBeVisible();
    expect(screen.getAllByText('Housing Development and Administration Bureau')).toHaveLength(1);
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

  it('a page below /dashboard without a token goes straight to the login, which says which case opens after it (ADR 0040)', async () => {
    fakeApi({});
    renderAt('/dashboard/case/c1?case=HDAB-2019-000004', 'En');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('linked-notice')).toHaveTextContent('HDAB-2019-000004');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
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
