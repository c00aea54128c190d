import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Case, CaseList, CaseSummary, Customer, Division } from '../../contract/entities.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import type { FakeRoutes } from './harness.tsx';
import { names } from './fixtures.ts';
import { fakeApi, fakeToken, messages, renderAt } from './harness.tsx';
import * as ui from '../../src/ui/ui.css.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import am from '../../src/i18n/messages/am.json' with { type: 'json' };

const CUSTOMER = {
  _id: 'customer-1',
  firstname: 'Abebe',
  middlename: 'Kebede',
  lastname: 'Tesfaye',
  gender: 'Male',
  status: 'active',
  picture: null,
  phone: '0911223344',
  email: 'demo@example.et',
  woreda: '03',
  subcity: 'Bole',
  house_number: '',
  house_phone_number: '0116612345',
  preferred_language: 'Am',
} satisfies Customer;
const summary = (n: number, status: CaseSummary['status'] = 'pending'): CaseSummary => ({
  _id: `c${n}`,
  case_number: `HDAB-2019-${String(n).padStart(6, '0')}`,
  status,
  createdAt: '2026-11-01T08:00:00.000Z',
  division: { _id: 'd1', ...names('Condominium', 'የጋራ መኖሪያ') } as CaseSummary['division'],
  caselist: { _id: 'l1', ...names('Transfer', 'ማስተላለፍ', 'case_name') } as CaseSummary['caselist'],
});
const STATS = { totalCases: 12, pendingCases: 5, processingCases: 4, respondedCases: 2, rejectedCases: 1 };

/** A logged-in customer with the shell's profile call answered. */
function loggedIn(routes: FakeRoutes) {
  sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
  return fakeApi({
    'GET /api/customer_user_api/get_customer_user/customer-1': () => ({ status: 200, body: CUSTOMER }),
    ...routes,
  });
}

/** The dashboard of a customer with no case yet, in English. */
function openEmptyDashboard() {
  loggedIn({
    'GET /api/customer_case_api/get_case_cust': () => ({ status: 200, body: STATS }),
    'GET /api/customer_case_api/get_case': () => ({
      status: 200,
      body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
    }),
  });
  return renderAt('/dashboard', 'En');
}

describe.each(['Am', 'En'] as const)('dashboard home in %s', (lan) => {
  it('shows the five counts and the four most recent cases; a row opens the case', async () => {
    loggedIn({
      'GET /api/customer_case_api/get_case_cust': () => ({ status: 200, body: STATS }),
      'GET /api/customer_case_api/get_case': () => ({
        status: 200,
        body: { cases: [1, 2, 3, 4, 5].map((n) => summary(n)), currentPage: 1, totalPages: 1, totalCases: 5 },
      }),
    });
    renderAt('/dashboard', lan);
    expect(await screen.findByText(lan === 'Am' ? 'ሰላም፣ Abebe' : 'Hello, Abebe')).toBeInTheDocument();
    expect(await screen.findByText('12')).toBeInTheDocument();
    for (const n of ['5', '4', '2', '1']) expect(screen.getAllByText(n).length).toBeGreaterThan(0);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(1 + 4);
    expect(screen.getByText('Abebe Kebede Tesfaye')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('link', { name: lan === 'Am' ? 'ጉዳይ HDAB-2019-000002 ክፈት' : 'Open case HDAB-2019-000002' }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/case/c2'));
    expect((history.state as { caseNumber: string }).caseNumber).toBe('HDAB-2019-000002');
  });
});

describe('case status list', () => {
  it('pages with previous / next and sorts latest or oldest; empty says so', async () => {
    const calls = loggedIn({
      'GET /api/customer_case_api/get_case': () => ({
        status: 200,
        body: { cases: [summary(1)], currentPage: 1, totalPages: 2, totalCases: 11 },
      }),
    });
    renderAt('/dashboard/casestatus', 'En');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'Oldest');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    // spec: S9.SORT_AND_PAGE (the spec's values: -1 latest, the default; 1 oldest; the first page is 1)
    const queries = calls.filter((c) => c.path.endsWith('/get_case')).map((c) => c.query);
    expect(queries).toEqual([
      { page: '1', sort: '-1' },
      { page: '2', sort: '-1' },
      { page: '1', sort: '1' },
    ]);
  });

  it('shows "no available case" when there is none, in Amharic', async () => {
    loggedIn({
      'GET /api/customer_case_api/get_case': () => ({
        status: 200,
        body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
      }),
    });
    renderAt('/dashboard/casestatus', 'Am');
    expect(await screen.findByText('ምንም ጉዳይ የለም')).toBeInTheDocument();
  });
});

const DIVISIONS = [
  {
    _id: 'd1',
    status: 'active',
    special: 'no',
    ...names('Condominium', 'የጋራ መኖሪያ'),
    ...names('d', 'd', 'description'),
  },
  { _id: 'd2', status: 'active', special: 'yes', ...names('Ethics', 'ሥነ ምግባር'), ...names('d', 'd', 'description') },
] as unknown as Division[];
const CASE_LISTS = [
  {
    _id: 'l1',
    division: { _id: 'd1' },
    status: 'active',
    time_limit: 15,
    ...names('Transfer', 'ማስተላለፍ', 'case_name'),
    questions: [
      {
        _id: 'q1',
        caselist: { _id: 'l1' },
        inputType: 'normal_input',
        dataType: 'string',
        isRequired: 'yes',
        ...names('Block number', 'የብሎክ ቁጥር'),
        enumValues: [],
      },
      {
        _id: 'q2',
        caselist: { _id: 'l1' },
        inputType: 'normal_input',
        dataType: 'number',
        isRequired: 'yes',
        ...names('Floor', 'ወለል'),
        enumValues: [],
      },
      {
        _id: 'q3',
        caselist: { _id: 'l1' },
        inputType: 'text_area',
        dataType: 'string',
        isRequired: 'no',
        ...names('Details', 'ማብራሪያ'),
        enumValues: [],
      },
      {
        _id: 'q4',
        caselist: { _id: 'l1' },
        inputType: 'select',
        dataType: 'string',
        isRequired: 'yes',
        ...names('Type', 'ዓይነት'),
        enumValues: [
          { _id: 'e1', expectedValues: names('Sale', 'ሽያጭ', 'value') },
          { _id: 'e2', expectedValues: names('Gift', 'ስጦታ', 'value') },
        ],
      },
    ],
  },
] as unknown as CaseList[];

describe('apply for a case', () => {
  const routes = (submit: FakeRoutes[string]): FakeRoutes => ({
    'GET /api/division_api/get_division': () => ({ status: 200, body: DIVISIONS }),
    'GET /api/case_list_api/get_case_list': () => ({ status: 200, body: CASE_LISTS }),
    'GET /api/customer_case_api/get_by_case_customerid': () => ({ status: 200, body: [summary(1)] }),
    'POST /api/customer_case_api/create_case': submit,
  });

  async function fillForm(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('combobox', { name: /^Division/ }));
    expect(screen.queryByRole('option', { name: 'Ethics' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Condominium' }));
    await user.click(await screen.findByRole('combobox', { name: /^Case request/ }));
    await user.click(screen.getByRole('option', { name: 'Transfer' }));
    // spec: S2.APPLY.QUESTION_FIELDS, S2.APPLY.INPUT_TYPE, S2.APPLY.DATA_TYPE, S2.APPLY.REQUIRED_MARK
    expect(screen.getByLabelText(/^Block number/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/^Floor/)).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText(/^Details/).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: /^Type/ })).toBeInTheDocument(); // a select: neither input type
    const marked = (label: RegExp) =>
      !!screen.getByText(label, { selector: 'label, label *' }).closest('div')?.querySelector('[data-required-mark]');
    expect([marked(/^Block number/), marked(/^Floor/), marked(/^Details/)]).toEqual([true, true, false]);
    await user.type(screen.getByLabelText(/^Block number/), 'B-12');
    await user.type(screen.getByLabelText(/^Floor/), '3');
    await user.type(screen.getByLabelText(/^Details/), 'Corner flat');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(screen.getByRole('option', { name: 'Gift' }));
    await user.selectOptions(screen.getByLabelText(/^Related case number/), 'HDAB-2019-000001');
    await user.upload(
      screen.getByLabelText(/^Attachment/),
      new File(['%PDF-1.4 test'], 'documents.pdf', { type: 'application/pdf' }),
    );
    await user.type(screen.getByLabelText(/^Remark/), 'Please hurry');
  }

  it('a division with no case request open says so instead of an empty list, at the division and in the summary', async () => {
    const closedToo = [...DIVISIONS, { ...DIVISIONS[0], _id: 'd3', ...names('Land', 'መሬት') }] as Division[];
    loggedIn({
      ...routes(() => ({ status: 500, body: {} })),
      'GET /api/division_api/get_division': () => ({ status: 200, body: closedToo }),
    });
    renderAt('/dashboard/cases', 'En');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Division/ }));
    await user.click(screen.getByRole('option', { name: 'Land' }));
    const none = 'No case requests are open in this division at the moment. Please choose another division.';
    expect(await screen.findByText(none)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Case request/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: none })).toHaveAttribute(
      'href',
      '#division',
    );
    // Another division: its requests to choose from.
    await user.click(screen.getByRole('combobox', { name: /^Division/ }));
    await user.click(screen.getByRole('option', { name: 'Condominium' }));
    expect(await screen.findByRole('combobox', { name: /^Case request/ })).toBeInTheDocument();
  });

  it('checks required fields, confirms everything entered, goes back without loss, submits the spec form, redirects after 6 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = loggedIn(routes(() => ({ status: 201, body: { case: summary(9), ...messages('Submitted') } })));
      renderAt('/dashboard/cases', 'En');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      // spec: S2.APPLY.BACK, S2.APPLY.INSTRUCTIONS
      expect(await screen.findByRole('link', { name: /Back/ })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/dashboard\/?$/),
      );
      expect(screen.getByRole('heading', { name: 'Before you apply' })).toBeInTheDocument();
      // spec: S5.APPLY.ATTACHMENT (the labels' maximum of 10MB)
      expect(screen.getByText('The attachment can be at most 10 MB.')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Apply' }));
      const errors = await screen.findByRole('alert');
      expect(within(errors).getByRole('link', { name: 'Division is required.' })).toBeInTheDocument();
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByRole('heading', { name: 'Check your application' })).toHaveFocus();
      expect(screen.getByText('Gift')).toBeInTheDocument();
      expect(screen.getByText('documents.pdf')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByLabelText(/^Block number/)).toHaveValue('B-12');
      expect(screen.getByLabelText(/^Remark/)).toHaveValue('Please hurry');
      // spec: S9.TEXTAREA_ROWS, S2.APPLY.REMARK (15 rows on the case form)
      expect(screen.getByLabelText(/^Remark/)).toHaveAttribute('rows', '15');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await user.click(await screen.findByRole('button', { name: 'Change Remark' }));
      expect(screen.getByLabelText(/^Remark/)).toHaveValue('Please hurry');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await user.click(await screen.findByRole('button', { name: 'Apply' }));
      const shown = (await screen.findByText('Your case has been submitted. Its case number:')).closest(
        '[role="status"]',
      );
      expect(shown).toHaveFocus();
      expect(screen.getByRole('link', { name: 'HDAB-2019-000009' })).toHaveAttribute('href', '/dashboard/case/c9');
      expect(shown).toHaveTextContent('Write this case number down or copy it');
      const sent = calls.find((c) => c.path.endsWith('create_case'))?.body as FormData;
      expect(JSON.parse(String(sent.get('form')))).toEqual([
        { q1: 'B-12' },
        { q2: '3' },
        { q3: 'Corner flat' },
        { q4: 'e2' },
      ]);
      expect(sent.get('related_case_id')).toBe('c1');
      expect((sent.get('attachment') as File).name).toBe('documents.pdf');
      expect(sessionStorage.getItem('applyDraft')).toBeNull();
      // spec: S2.APPLY.SUCCESS, S9.REDIRECTS (6 seconds: still here after 5, on the list after 6; the clock also runs on its own)
      await act(async () => vi.advanceTimersByTimeAsync(5000));
      expect(window.location.pathname).toBe('/dashboard/cases');
      await act(async () => vi.advanceTimersByTimeAsync(1000));
      expect(window.location.pathname).toBe('/dashboard/casestatus');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 429 on submit shows the translated too-many-requests toast and keeps the form; the draft survives', async () => {
    loggedIn(routes(() => ({ status: 429, body: { code: 'tooManyRequests', ...messages('Too many') } })));
    renderAt('/dashboard/cases', 'Am');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^ዘርፍ/ }));
    await user.click(screen.getByRole('option', { name: 'የጋራ መኖሪያ' }));
    await user.click(await screen.findByRole('combobox', { name: /^የጉዳይ ጥያቄ/ }));
    await user.click(screen.getByRole('option', { name: 'ማስተላለፍ' }));
    await user.type(screen.getByLabelText(/^የብሎክ ቁጥር/), 'B-1');
    await user.type(screen.getByLabelText(/^ወለል/), '2');
    await user.click(screen.getByRole('combobox', { name: /^ዓይነት/ }));
    await user.click(screen.getByRole('option', { name: 'ሽያጭ' }));
    await user.type(screen.getByLabelText(/^ማብራሪያ \*/), 'እባክዎ');
    expect(JSON.parse(sessionStorage.getItem('applyDraft') ?? '{}').answers).toMatchObject({
      q1: 'B-1',
      q2: '2',
      q4: 'e1',
    });
    await user.click(screen.getByRole('button', { name: 'አመልክት' }));
    await user.click(await screen.findByRole('button', { name: 'አመልክት' }));
    expect(await screen.findByText('በጣም ብዙ ጥያቄዎች። እባክዎ ጥቂት ደቂቃዎች ቆይተው እንደገና ይሞክሩ።')).toBeInTheDocument();
    expect(screen.getByLabelText(/^የብሎክ ቁጥር/)).toHaveValue('B-1');
  });
});

const verified = (rated: boolean): Case =>
  ({
    ...summary(4, 'verified'),
    masked: false,
    form: [{ list_of_question: { question: { _id: 'q4', ...names('Type', 'ዓይነት') }, answer: 'e2' } }],
    related_case_id: null,
    late: 'no',
    responded_by: { firstname: 'Meseret', middlename: 'Alemu', lastname: 'Bekele' },
    rejected_by: null,
    ongoing_date: null,
    responded_date: null,
    verified_date: '2026-11-05T08:00:00.000Z',
    rejected_date: null,
    appealed_date: null,
    rejection_justification: null,
    remark: 'r',
    attachment: 'a.pdf',
    response_justification: { attachment: 'resp.pdf', justification: null },
    schedule_program: [],
    rateCustomer: rated ? { _id: 'r1' } : null,
    customer_info: {
      firstname: 'Abebe',
      middlename: 'Kebede',
      lastname: 'Tesfaye',
      subcity: 'Bole',
      woreda: '03',
      house_number: '1',
      phone_number: '0911',
      house_phone_number: '',
      gender: 'Male',
    },
  }) as unknown as Case;

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

  it('a withdrawn case says no expected response date; a case still open does', async () => {
    loggedIn(detailRoutes({ ...verified(false), status: 'pending', responded_by: null } as Case));
    const open = renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.getByText(/Expected response by/)).toBeInTheDocument();
    open.unmount();
    loggedIn(detailRoutes({ ...verified(false), status: 'withdrawn', responded_by: null } as Case));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByText(/Expected response by/)).toBeNull();
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
    const rate = calls.findIndex((c) => c.path.endsWith('create_custrate'));
    expect(calls[rate]?.body).toEqual({ rateNum: 4, rateCase: 'c4' });
    // The page shows the rating the answer brought: nothing is read again.
    expect(calls.slice(rate + 1).map((c) => c.path)).toEqual([]);
  });
});

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
    const prefs = (sms_number: string | null) => ({
      'GET /api/customer_user_api/preferences': () => ({
        status: 200,
        body: {
          email: false,
          sms: true,
          language: 'En',
          phone: '0911223344',
          phone_verified: true,
          sms_stopped: true,
          sms_number,
        },
      }),
    });
    loggedIn(prefs('8123'));
    const view = renderAt('/dashboard/settings', 'En');
    expect(await screen.findByText(en['prefs.smsStopped'].replace('{number}', '8123'))).toBeInTheDocument();
    view.unmount();
    loggedIn(prefs(null));
    renderAt('/dashboard/settings', 'Am');
    expect(await screen.findByText(am['prefs.smsStoppedNoNumber'])).toBeInTheDocument();
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

describe("the customer's steps on a case", () => {
  const withStatus = (status: string, extra: Partial<Record<keyof Case, unknown>> = {}) =>
    ({
      ...verified(false),
      status,
      responded_by: null,
      response_justification: null,
      verified_date: null,
      ...extra,
    }) as unknown as Case;
  const routes = (c: () => Case, history: unknown[], extra: FakeRoutes = {}): FakeRoutes => ({
    'GET /api/customer_case_api/get_all_cases': () => ({ status: 200, body: [c()] }),
    'GET /api/case_list_api/get_case_list/l1': () => ({ status: 200, body: CASE_LISTS[0] }),
    'GET /api/div_rate/get_rating_bycase/c4': () => ({ status: 200, body: [] }),
    'GET /api/customer_case_history_api/get_case_history': () => ({ status: 200, body: history }),
    ...extra,
  });
  const asked = {
    _id: 'h1',
    case: { _id: 'c4', case_number: 'HDAB-2019-000004' },
    from_status: 'ongoing',
    to_status: 'info_requested',
    action: 'status',
    by: { kind: 'staff', firstname: 'Meseret', middlename: 'Alemu', lastname: 'Bekele' },
    note: 'Please send the title deed',
    attachment: null,
    createdAt: '2026-11-20T08:00:00.000Z',
  };

  it('shows the bureau’s question; the answer needs text, is confirmed, sent with its PDF, and the page shows the case it brought back', async () => {
    const answered = {
      ...asked,
      _id: 'h2',
      from_status: 'info_requested',
      to_status: 'ongoing',
      by: { kind: 'customer', firstname: 'Abebe', middlename: 'Kebede', lastname: 'Tesfaye' },
      note: 'The deed is attached.',
    };
    const calls = loggedIn(
      routes(() => withStatus('info_requested'), [asked], {
        'POST /api/customer_case_api/answer_info/c4': () => ({
          status: 200,
          body: { case: withStatus('ongoing'), history: [asked, answered], ...messages('Your answer has been sent.') },
        }),
      }),
    );
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Please send the title deed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal the rejection' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Answer the bureau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the request for information' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Your answer is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Your answer/), 'The deed is attached.');
    await user.upload(
      within(dialog).getByLabelText(/^A PDF/),
      new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/^Send this answer to the bureau\?/)).toBeInTheDocument();
    // The confirmation names the PDF that goes with the answer.
    expect(within(dialog).getByText('deed.pdf').closest('p')).toHaveTextContent('PDF attached: deed.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your answer has been sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Answer the bureau' })).not.toBeInTheDocument());
    // The case and its history as the answer brought them: the question is answered, the answer is in the history.
    expect(screen.queryByText('Please send the title deed', { selector: 'blockquote' })).not.toBeInTheDocument();
    expect(screen.getByText(/The deed is attached\./, { selector: 'li' })).toBeInTheDocument();
    // Nothing was read again after the step.
    const step = calls.findIndex((c) => c.path.endsWith('/answer_info/c4'));
    expect(calls.slice(step + 1).map((c) => c.path)).toEqual([]);
    const sent = calls[step]?.body as FormData;
    expect(sent.get('answer')).toBe('The deed is attached.');
    expect((sent.get('attachment') as File).name).toBe('deed.pdf');
  });

  it('withdraws a pending case after a confirmation; a refusal keeps what was typed', async () => {
    const calls = loggedIn(
      routes(() => withStatus('pending'), [], {
        'POST /api/customer_case_api/withdraw_case/c4': () => ({
          status: 409,
          body: { code: 'stepRefused', ...messages('This cannot be done for this case in its present state.') },
        }),
      }),
    );
    renderAt('/dashboard/case/c4', 'En');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw this case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the case' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Filed by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This cannot be done for this case in its present state.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue('Filed by mistake');
    expect(calls.find((c) => c.path.endsWith('/withdraw_case/c4'))?.body).toEqual({ reason: 'Filed by mistake' });
  });

  it('offers an appeal of a recent rejection with its last day, and none once appealed or too late', async () => {
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    loggedIn(
      routes(() => withStatus('rejected', { rejected_date: recent, rejection_justification: 'Incomplete' }), []),
    );
    const view = renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByRole('button', { name: 'Appeal the rejection' })).toBeInTheDocument();
    expect(screen.getByText(/^You can appeal this decision until/)).toBeInTheDocument();
    // The bureau's reason is said beside the offer to appeal, before the button.
    const reason = screen.getByText("The bureau's reason for the rejection:").parentElement as HTMLElement;
    expect(reason).toHaveTextContent('Incomplete');
    expect(
      reason.compareDocumentPosition(screen.getByRole('button', { name: 'Appeal the rejection' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw this case' })).not.toBeInTheDocument();
    view.unmount();
    loggedIn(routes(() => withStatus('rejected', { rejected_date: recent, appealed_date: recent }), []));
    const appealed = renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal the rejection' })).not.toBeInTheDocument();
    appealed.unmount();
    loggedIn(routes(() => withStatus('rejected', { rejected_date: '2020-01-01T00:00:00.000Z' }), []));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal the rejection' })).not.toBeInTheDocument();
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
    ]);
    expect(links.map(([, href]) => href?.replace(/\/$/, ''))).toEqual([
      '/dashboard',
      '/dashboard/cases',
      '/dashboard/casestatus',
      '/dashboard/manual',
      '/dashboard/settings',
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
