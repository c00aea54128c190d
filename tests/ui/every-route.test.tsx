import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from '../../src/app/errors.tsx';
import { I18nProvider } from '../../src/i18n/i18n.tsx';
import { language } from '../../src/i18n/languages.ts';
import { formatDate } from '../../src/i18n/format-date.ts';
import { localized } from '../../src/i18n/localize.ts';
import { takeConsoleError } from './console.ts';
import { fakeApi, messages, renderAt } from './harness.tsx';
import { printed } from './fixtures.ts';

/** Every public route renders with one h1 and a title in the chosen language. */
const ROUTES: [string, { Am: RegExp; En: RegExp }][] = [
  ['/', { Am: /የቤት ጉዳይዎን ካሉበት ሆነው ይከታተሉ/, En: /Follow your housing case/ }],
  ['/login', { Am: /ይግቡ/, En: /Login/ }],
  ['/register', { Am: /ይመዝገቡ/, En: /Register/ }],
  ['/forgotpassword', { Am: /የይለፍ ቃል ረሱ/, En: /Forgot password/ }],
  ['/reset_password/u1/t1', { Am: /አዲስ የይለፍ ቃል ያዘጋጁ/, En: /Set a new password/ }],
  ['/checkstatus', { Am: /የጉዳይ ሁኔታ ይመልከቱ/, En: /Check case status/ }],
  ['/makeaccusation', { Am: /ቅሬታ ያቅርቡ/, En: /Make accusation/ }],
  ['/manual', { Am: /የተጠቃሚ መመሪያ/, En: /User manual/ }],
  ['/complaint/ACC-ABCDEFGHJKLMN', { Am: /ቅሬታ ACC-ABCDEFGHJKLMN/, En: /Complaint ACC-ABCDEFGHJKLMN/ }],
  ['/print/c1', { Am: /የሚታተም ጉዳይ/, En: /Printable case/ }],
  ['/anything/else', { Am: /ገጹ አልተገኘም/, En: /Page not found/ }],
];

describe.each(['Am', 'En'] as const)('every public route in %s', (lan) => {
  it.each(ROUTES)('%s has one h1 and a translated title', async (path, h1) => {
    fakeApi({
      'GET /api/division_api/get_all_divisions': () => ({ status: 200, body: [] }),
      'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
      'GET /api/customer_case_api/print_case/c1': () => ({
        status: 200,
        body: printed('/Media/print-x.pdf'),
      }),
    });
    renderAt(path, lan);
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(h1[lan]);
    expect(document.title).toContain(lan === 'Am' ? 'የደንበኞች አገልግሎት' : 'Customer Service');
    expect(document.documentElement.lang).toBe(lan === 'Am' ? 'am' : 'en');
  });
});

describe('error screens and helpers', () => {
  it('the print view says the case in short and embeds the PDF, saved under the case number, at the link of minutes the server gave', async () => {
    const link = '/Media/print-abc.pdf?k=1900000000....mac';
    fakeApi({ 'GET /api/customer_case_api/print_case/c1': () => ({ status: 200, body: printed(link) }) });
    renderAt('/print/c1', 'En');
    const save = await screen.findByRole('link', { name: 'Save the PDF (HDAB-2019-000004.pdf)' });
    expect(save).toHaveAttribute('href', link);
    expect(save).toHaveAttribute('download', 'HDAB-2019-000004.pdf');
    expect(screen.getByRole('heading', { name: /HDAB-2019-000004/ })).toBeInTheDocument();
    expect(screen.getByText('Rental maintenance')).toBeInTheDocument();
    expect(screen.getByText(/^20 November 2026 — responded$/)).toBeInTheDocument();
    const frame = screen.getByTitle('Document: Printable case');
    expect(frame).toHaveAttribute('src', link);
    expect(screen.queryByTestId('print-masked')).not.toBeInTheDocument();
    // Until the frame's PDF has loaded it says so, not an empty box; then the frame alone.
    expect(screen.getByText('Loading Printable case…')).toHaveAttribute('role', 'status');
    fireEvent.load(frame);
    expect(screen.queryByText('Loading Printable case…')).not.toBeInTheDocument();
  });

  it('on a phone the print is offered to open and to save, never framed where its type is unreadably small', async () => {
    const narrow = { matches: false, addEventListener: () => {}, removeEventListener: () => {} };
    const before = window.matchMedia;
    window.matchMedia = (() => narrow) as unknown as typeof window.matchMedia;
    try {
      fakeApi({
        'GET /api/customer_case_api/print_case/c1': () => ({ status: 200, body: printed('/Media/p.pdf?k=1') }),
      });
      renderAt('/print/c1', 'En');
      expect(
        await screen.findByText('Printable case is a PDF: open it in your phone’s PDF reader, or save it.'),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Open the PDF' })).toHaveAttribute('href', '/Media/p.pdf?k=1');
      expect(screen.queryByTitle('Document: Printable case')).not.toBeInTheDocument();
      // Saved once, under the case's number: the page's own button, not a second one.
      expect(screen.getAllByRole('link', { name: /Save|Download/ })).toHaveLength(1);
    } finally {
      window.matchMedia = before;
    }
  });

  it('a masked print says so and offers the login that comes back to the whole print', async () => {
    fakeApi({
      'GET /api/customer_case_api/print_case/c1': () => ({
        status: 200,
        body: printed('/Media/print-m.pdf?k=1', { masked: true, status: 'pending', closed_on: null }),
      }),
    });
    renderAt('/print/c1', 'En');
    expect(await screen.findByTestId('print-masked')).toHaveTextContent('Personal details are hidden');
    await userEvent.click(screen.getByRole('link', { name: 'Log in to print your whole case' }));
    expect(window.location.pathname).toBe('/login');
    expect(await screen.findByTestId('linked-notice')).toHaveTextContent(
      'When you have logged in, the print of case HDAB-2019-000004 opens with your details.',
    );
  });

  it('a 500 on login shows the generic server-error page', async () => {
    fakeApi({
      'POST /api/customer_user_api/login_customer_user': () => ({
        status: 500,
        body: { code: 'internal', ...messages('Something went wrong.') },
      }),
    });
    renderAt('/login', 'En');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('the router fallback shows "Unexpected Application Error!" and the message', () => {
    localStorage.setItem('lan', 'En');
    language.load();
    function Broken(): never {
      throw new Error('The map could not be drawn');
    }
    render(
      <I18nProvider>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </I18nProvider>,
    );
    // React reports the error the boundary caught; this test expects exactly that.
    takeConsoleError(/The map could not be drawn/);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The map could not be drawn')).toBeInTheDocument();
  });

  it('dates use the Ethiopian calendar in Amharic and the Gregorian in English; names fall back, never empty', () => {
    const iso = '2026-11-22T09:00:00.000Z';
    expect(formatDate(iso, 'En')).toBe('22 November 2026');
    expect(formatDate(iso, 'Am')).toMatch(/2019/);
    expect(formatDate(null, 'Am')).toBe('-');
    expect(localized({ name_en: 'Rental', name_am: '' }, 'name', 'Am')).toBe('Rental');
    expect(localized({ name_en: '', name_am: 'ኪራይ' }, 'name', 'Tg')).toBe('ኪራይ');
    expect(localized({}, 'name', 'Or')).toBe('-');
  });
});
