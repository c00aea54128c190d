import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Case } from '../../contract/entities.ts';
import type { FakeRoutes } from './harness.tsx';
import { asked, loggedIn, CASE_LISTS, verified } from './dashboard-fixtures.ts';
import { messages, renderAt } from './harness.tsx';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import am from '../../src/i18n/messages/am.json' with { type: 'json' };
import { formatDate } from '../../src/i18n/format-date.ts';

/** A case's page: its details and the rating, on the real screens with a fake API (its steps: case-steps-screens.test.tsx). */
describe('case detail and rating', () => {
  const detailRoutes = (c: Case, extra: FakeRoutes = {}): FakeRoutes => ({
    'GET /api/customer_case_api/get_all_cases': () => ({ status: 200, body: [c] }),
    'POST /api/customer_case_api/get_case_by_casenum': () => ({ status: 200, body: c }),
    'GET /api/case_list_api/get_case_list/l1': () => ({ status: 200, body: CASE_LISTS[0] }),
    'GET /api/div_rate/get_rating_bycase/c4': () => ({ status: 200, body: [] }),
    'GET /api/customer_case_history_api/get_case_history': () => ({ status: 200, body: [] }),
    ...extra,
  });

  it('opened directly (no state) loads by id; answers show the enum value; Rate only when verified and not rated', async () => {
    const calls = loggedIn(
      detailRoutes(verified(false), {
        'GET /Media/resp.pdf': () => ({ status: 200, body: '%PDF-1.4' }),
        'GET /Media/CaseFiles/a.pdf': () => ({ status: 200, body: '%PDF-1.4' }),
      }),
    );
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByRole('button', { name: 'Rate service' })).toBeInTheDocument();
    expect(screen.getByText('Gift')).toBeInTheDocument();
    expect(screen.getByText('Meseret Alemu Bekele')).toBeInTheDocument();
    // The bureau's response is the customer's own: fetched with the session, shown from the page's memory (issue 48).
    expect(await screen.findByTitle('Document: Response attachment')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(calls.find((c) => c.path === '/Media/resp.pdf')?.headers.authorization).toMatch(/^Bearer /);
    expect(await screen.findByTitle('Document: Attachment')).toHaveStyle({ height: '700px' });
  });

  it('a file that cannot be fetched says so where its viewer would stand, in the reader’s language', async () => {
    // The attachment answers 404 (its session ended elsewhere, say); the response is there.
    loggedIn(detailRoutes(verified(false), { 'GET /Media/resp.pdf': () => ({ status: 200, body: '%PDF-1.4' }) }));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Attachment could not be loaded. Reload the page to try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(await screen.findByTitle('Document: Response attachment')).toBeInTheDocument();
  });

  it('no Rate button once rated, nor for a case that is not verified', async () => {
    loggedIn(detailRoutes(verified(true)));
    const first = renderAt('/dashboard/case/c4', 'En', { caseNumber: 'HDAB-2019-000004' });
    expect(await screen.findByText('Meseret Alemu Bekele')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate service' })).not.toBeInTheDocument();
    first.unmount();
    loggedIn(detailRoutes({ ...verified(false), status: 'responded', responded_by: null } as Case));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate service' })).not.toBeInTheDocument();
  });

  // spec: S2.LOOKUP.REMARK, S2.LOOKUP.SCHEDULE, S2.DETAIL.ANSWERS, S2.DETAIL.SCHEDULE
  it('the remark when present, and the schedule: extended by and when, scheduled by and when', async () => {
    const person = { firstname: 'Tigist', middlename: 'Haile', lastname: 'Worku' };
    loggedIn(
      detailRoutes({
        ...verified(false),
        remark: 'Please call before the visit',
        schedule_program: [
          {
            schedule: {
              extended_by: person,
              extended_date: '2026-11-10T08:00:00.000Z',
              scheduled_by: person,
              scheduled_date: '2026-11-12T08:00:00.000Z',
            },
          },
        ],
      } as unknown as Case),
    );
    const view = renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Please call before the visit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Remark' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
    expect(screen.getByText('Extended by')).toBeInTheDocument();
    expect(screen.getByText('Scheduled by')).toBeInTheDocument();
    expect(screen.getAllByText('Tigist Haile Worku')).toHaveLength(2);
    view.unmount();
    loggedIn(detailRoutes({ ...verified(false), remark: null } as unknown as Case));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('No appointment yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Remark' })).toBeNull();
  });

  it('an appointment ahead on an open case is offered as a calendar file; a failed download says why; none on a closed case', async () => {
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const withAppointment = (status: Case['status']) =>
      ({
        ...verified(false),
        status,
        schedule_program: [
          { schedule: { extended_by: null, extended_date: null, scheduled_by: null, scheduled_date: ahead } },
        ],
      }) as unknown as Case;
    const calls = loggedIn(
      detailRoutes(withAppointment('ongoing'), {
        'GET /api/customer_case_api/appointment_calendar/c4': () => ({
          status: 404,
          body: { code: 'notFound', ...messages('This case has no appointment ahead.') },
        }),
      }),
    );
    const view = renderAt('/dashboard/case/c4', 'En');
    const button = await screen.findByRole('button', { name: en['case.addToCalendar'] });
    await userEvent.click(button);
    expect(await screen.findByText('This case has no appointment ahead.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/customer_case_api/appointment_calendar/c4')).toHaveLength(1);
    expect(button).toBeEnabled();
    view.unmount();
    loggedIn(detailRoutes(withAppointment('verified')));
    renderAt('/dashboard/case/c4', 'En');
    await screen.findByText('Condominium');
    expect(screen.queryByRole('button', { name: en['case.addToCalendar'] })).toBeNull();
  });

  it('the appointment near the top: day in the reader’s calendar, where, the day it replaced; cancelled once closed; history days in the same calendar (issue 51)', async () => {
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const moved = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const withAppointment = (status: Case['status'], extended: string | null) =>
      ({
        ...verified(false),
        status,
        schedule_program: [
          { schedule: { extended_by: null, extended_date: extended, scheduled_by: null, scheduled_date: ahead } },
        ],
      }) as unknown as Case;
    const contact = {
      'GET /api/bureau_api/contact': () => ({
        status: 200,
        body: { sms_number: null, address: { am: 'ቦሌ፣ ብሎክ 4', en: 'Bole, Block 4' } },
      }),
    };
    const history = {
      'GET /api/customer_case_history_api/get_case_history': () => ({
        status: 200,
        body: [{ ...asked, to_status: 'ongoing', action: 'scheduled', note: ahead.slice(0, 10) }],
      }),
    };
    loggedIn(detailRoutes(withAppointment('ongoing', moved), { ...contact, ...history }));
    const view = renderAt('/dashboard/case/c4', 'Am');
    const card = await screen.findByTestId('appointment');
    const day = formatDate(moved, 'Am');
    const before = formatDate(ahead, 'Am');
    await waitFor(() => expect(card).toHaveTextContent(`በ${day}፣ ቦሌ፣ ብሎክ 4።`));
    expect(card).toHaveTextContent(`ወደ ${day} ተዛውሯል፤ በ${before} አይደለም።`);
    expect(within(card).getByRole('heading', { name: 'ቀጠሮዎ' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: am['case.addToCalendar'] })).toBeInTheDocument();
    // Near the top: before the case's details (which end with the print).
    const print = screen.getByRole('link', { name: am['case.print'] });
    expect(card.compareDocumentPosition(print) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The history says the day the bureau set in the same calendar, not "2026-…".
    const entry = await screen.findByText(new RegExp(`ለ${formatDate(ahead.slice(0, 10), 'Am')} ቀጠሮ ተያዘ`));
    expect(entry.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    view.unmount();
    loggedIn(detailRoutes(withAppointment('withdrawn', null), contact));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByTestId('appointment')).toHaveTextContent(
      `Your appointment of ${formatDate(ahead, 'En')} is cancelled: the case is closed.`,
    );
    expect(screen.queryByRole('button', { name: en['case.addToCalendar'] })).toBeNull();
  });

  // spec: S4.RESPONDED_BY, S4.REJECTION.SECTION, S2.LOOKUP.REJECTION, S2.DETAIL.REJECTION
  it('the responded-by field only when verified with a responder; the rejection section only when rejected_by exists', async () => {
    const shows = async (c: Case) => {
      loggedIn(detailRoutes(c));
      const view = renderAt('/dashboard/case/c4', 'En');
      await screen.findByText('Condominium');
      const seen = {
        respondedBy: !!screen.queryByText('Responded by'),
        rejection: !!screen.queryByRole('heading', { name: 'Rejection' }),
        rejectedDate: !!screen.queryByText('Rejected date'),
      };
      view.unmount();
      return seen;
    };
    const rejectedBy = { firstname: 'Hana', middlename: 'T.', lastname: 'G.' };
    const rejection = { rejected_date: '2026-11-06T08:00:00.000Z', rejection_justification: 'Incomplete documents' };
    expect(await shows(verified(false))).toEqual({ respondedBy: true, rejection: false, rejectedDate: false });
    expect(await shows({ ...verified(false), responded_by: null } as Case)).toMatchObject({ respondedBy: false });
    expect(await shows({ ...verified(false), status: 'responded' } as Case)).toMatchObject({ respondedBy: false });
    expect(
      await shows({ ...verified(false), status: 'rejected', rejected_by: rejectedBy, ...rejection } as unknown as Case),
    ).toEqual({ respondedBy: false, rejection: true, rejectedDate: true });
    expect(await shows({ ...verified(false), status: 'rejected', ...rejection } as unknown as Case)).toMatchObject({
      rejection: false,
      rejectedDate: false,
    });
  });

  it('a rating that cannot be read leaves the case readable, and says so where the Rate button would be', async () => {
    loggedIn(
      detailRoutes(verified(false), {
        'GET /api/div_rate/get_rating_bycase/c4': () => ({
          status: 500,
          body: { code: 'internal', ...messages('Failed') },
        }),
      }),
    );
    renderAt('/dashboard/case/c4', 'En');
    expect(
      await screen.findByText('Your rating could not be loaded now; the rest of the case is shown.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Meseret Alemu Bekele')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate service' })).toBeNull();
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });

  it('a closed case says when and how it closed, no expected response date; a case still open says when (issue 51)', async () => {
    loggedIn(detailRoutes({ ...verified(false), status: 'pending', responded_by: null } as Case));
    const open = renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.getByText(/Expected response by/)).toBeInTheDocument();
    open.unmount();
    loggedIn(detailRoutes({ ...verified(false), status: 'withdrawn', responded_by: null } as Case));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByText(/Expected response by/)).toBeNull();
    expect(screen.getByTestId('case-closed')).toHaveTextContent(/^Closed: withdrawn\.$/);
    cleanup();
    loggedIn(detailRoutes(verified(false)));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByText(/Expected response by/)).toBeNull();
    expect(screen.getByTestId('case-closed')).toHaveTextContent(/^Closed on .+: responded\.$/);
  });

  it('rates with the keyboard, a double-click on the first star clears it, submit hides the button', async () => {
    const calls = loggedIn(
      detailRoutes(verified(false), {
        'POST /api/div_rate/create_custrate': () => ({
          status: 201,
          body: {
            rating: { _id: 'r1', rateNum: 4, rateCase: 'c4', createdAt: '2026-11-22T00:00:00.000Z' },
            ...messages('Thank you for rating our service.'),
          },
        }),
      }),
    );
    renderAt('/dashboard/case/c4', 'En');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rate service' }));
    const dialog = await screen.findByRole('dialog', { name: 'rate service' });
    // spec: S9.RATING.STARS (five stars; a case not yet rated starts at 1)
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(within(dialog).getByRole('radio', { name: '5 stars' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '1 star' })).toBeChecked();
    await user.dblClick(within(dialog).getByText('1 star').closest('label') as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    within(dialog).getByRole('radio', { name: '3 stars' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for rating our service.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rate service' })).not.toBeInTheDocument());
    // The rating given is said on the case (issue 51).
    expect(screen.getByTestId('rated')).toHaveTextContent('You rated this service 4 of 5. Thank you.');
    const rate = calls.findIndex((c) => c.path.endsWith('create_custrate'));
    expect(calls[rate]?.body).toEqual({ rateNum: 4, rateCase: 'c4' });
    // The page shows the rating the answer brought: nothing is read again.
    expect(calls.slice(rate + 1).map((c) => c.path)).toEqual([]);
  });
});

describe('rating during a lockout', () => {
  it('the dialog’s Submit is replaced by the wait message, as every other action button is', async () => {
    loggedIn({
      'GET /api/customer_case_api/get_all_cases': () => ({ status: 200, body: [verified(false)] }),
      'POST /api/customer_case_api/get_case_by_casenum': () => ({ status: 200, body: verified(false) }),
      'GET /api/case_list_api/get_case_list/l1': () => ({ status: 200, body: CASE_LISTS[0] }),
      'GET /api/div_rate/get_rating_bycase/c4': () => ({ status: 200, body: [] }),
      'GET /api/customer_case_history_api/get_case_history': () => ({ status: 200, body: [] }),
      'POST /api/div_rate/create_custrate': () => ({
        status: 429,
        body: { code: 'tooManyRequests', ...messages('Too many') },
      }),
    });
    renderAt('/dashboard/case/c4', 'En');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rate service' }));
    const dialog = await screen.findByRole('dialog', { name: 'rate service' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(en['wait.message'])).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});
