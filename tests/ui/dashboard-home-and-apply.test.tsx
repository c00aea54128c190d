import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { formatDate } from '../../src/i18n/format-date.ts';
import { describe, expect, it, vi } from 'vitest';
import type { Division } from '../../contract/entities.ts';
import type { FakeRoutes } from './harness.tsx';
import { summary, STATS, loggedIn, DIVISIONS, CASE_LISTS } from './dashboard-fixtures.ts';
import { names } from './fixtures.ts';
import { messages, renderAt } from './harness.tsx';

/** The dashboard's home, its list of cases and applying for a case, on the real screens with a fake API. */
describe.each(['Am', 'En'] as const)('dashboard home in %s', (lan) => {
  it('shows the counts and the four most recent cases; a row opens the case', async () => {
    loggedIn({
      'GET /api/customer_case_api/get_case_cust': () => ({
        status: 200,
        body: { ...STATS, pendingCases: 4, withdrawnCases: 1 },
      }),
      'GET /api/customer_case_api/get_case': () => ({
        status: 200,
        body: { cases: [1, 2, 3, 4, 5].map((n) => summary(n)), currentPage: 1, totalPages: 1, totalCases: 5 },
      }),
    });
    renderAt('/dashboard', lan);
    expect(await screen.findByText(lan === 'Am' ? 'ሰላም፣ Abebe' : 'Hello, Abebe')).toBeInTheDocument();
    expect(await screen.findByText('12')).toBeInTheDocument();
    // Every case on a tile, the withdrawn too: the tiles add up to the total (issue 51).
    const tiles = screen.getAllByRole('listitem').filter((li) => /^\d+/.test(li.textContent ?? ''));
    const counts = tiles.map((li) => Number(/^\d+/.exec(li.textContent ?? '')?.[0]));
    expect(counts).toEqual([12, 4, 4, 2, 1, 1]);
    expect(counts.slice(1).reduce((a, b) => a + b, 0)).toBe(counts[0]);
    expect(tiles.at(-1)).toHaveTextContent(lan === 'Am' ? '1በደንበኛው የተቋረጡ' : '1Withdrawn');
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
    // Each number says which case it is: the requested case and the day it was filed (issue 51).
    expect(screen.getByText(`Transfer · ${formatDate('2026-11-01T08:00:00.000Z', 'En')}`)).toBeInTheDocument();
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

  it('the person stops the clock to keep the number (a button, or moving into the number) and leaves when done (WCAG 2.2.1, issue 51)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      loggedIn(routes(() => ({ status: 201, body: { case: summary(9), ...messages('Submitted') } })));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const submitted = async () => {
        await fillForm(user);
        await user.click(screen.getByRole('button', { name: 'Apply' }));
        await user.click(await screen.findByRole('button', { name: 'Apply' }));
        return screen.findByText(/^You will be taken to your cases in a few seconds\. To write the number down first/);
      };
      // The button.
      const first = renderAt('/dashboard/cases', 'En');
      await submitted();
      await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
      await act(async () => vi.advanceTimersByTimeAsync(60_000));
      expect(window.location.pathname).toBe('/dashboard/cases');
      expect(screen.getByText('This page stays until you press Go to my cases.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Stay on this page' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Go to my cases' }));
      expect(window.location.pathname).toBe('/dashboard/casestatus');
      first.unmount();
      // The keyboard: moving into the panel, to the number, stops it too.
      renderAt('/dashboard/cases', 'En');
      await submitted();
      await user.tab();
      expect(screen.getByRole('link', { name: 'HDAB-2019-000009' })).toHaveFocus();
      await act(async () => vi.advanceTimersByTimeAsync(60_000));
      expect(window.location.pathname).toBe('/dashboard/cases');
      expect(screen.getByText('This page stays until you press Go to my cases.')).toBeInTheDocument();
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
