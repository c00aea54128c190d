import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { complaintMachine } from '../../machines/complaint.machine.ts';
import { caseListMachine } from '../../machines/case-list.machine.ts';
import { caseLookupMachine } from '../../machines/case-lookup.machine.ts';
import { divisionsMachine } from '../../machines/divisions.machine.ts';
import { loaderMachine } from '../../machines/loader.machine.ts';
import { ratingMachine } from '../../machines/rating.machine.ts';
import { printed, signedInCustomer, verifiedCase } from './fixtures.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { maskedCase } from './fixtures.ts';
import { fakeToken, messages } from './harness.tsx';
import { caseLoadFailureShows, driveScreenPaths, failures, retryOrWait, user, value } from './screen-paths.tsx';

/** The machines' model paths drive the real screens (the public and the case screens); tests/ui/screen-paths.tsx drives them. */
describe('the machines’ paths drive their screens', () => {
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
      /^divisions: model path 1 of tests\/ui\/screen-paths-cases\.test\.tsx › .* failed at step 1 of 1\./,
    );
    expect(error?.message).toContain('(xstate.done.actor.fetchDivisions) → success  ✗');
    expect(error?.message).toContain('The model expects: success\nThe screen is in: a screen that reads "');
    expect(error?.message).toContain('No services are open at the moment.');
  });

  it('accusation: every transition, on the screen', async () => {
    await driveScreenPaths(complaintMachine, {
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
      answers: { load: printed('/Media/print-x.pdf') },
      user: { RETRY: retryOrWait },
      shows: {
        loading: () => expect(screen.getByText('Preparing the document…')).toBeInTheDocument(),
        loaded: () =>
          expect(screen.getByRole('link', { name: /^Save the PDF/ })).toHaveAttribute('href', '/Media/print-x.pdf'),
        ...caseLoadFailureShows,
      },
    });
  });
});
