import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Case } from '../../contract/entities.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { casePageMachine } from '../../machines/case-page.machine.ts';
import {
  historyEntry as entry,
  pendingCase as pending,
  rentalCaseType,
  signedInCustomer,
  verifiedCase,
} from './fixtures.ts';
import { fakeToken, messages } from './harness.tsx';
import { caseLoadFailureShows, driveScreenPaths, failures, retryOrWait, user } from './screen-paths.tsx';

const rating = { _id: 'r1', rateNum: 1, rateCase: 'c4', createdAt: '2026-11-22T00:00:00.000Z' };
const answered = (body: unknown) => () => ({ status: 200, body });

/**
 * The case page's machine drives the page: its read is the case by number (then its type,
 * rating and history, answered at once), and a step or a rating is taken in its dialog,
 * whose answer the page shows. A verified case can be rated, a pending one withdrawn.
 */
const drive = (found: Case, event: 'STEP_TAKEN' | 'RATED') =>
  driveScreenPaths(casePageMachine, {
    route: '/dashboard/case/c4',
    state: { caseNumber: verifiedCase.case_number },
    input: { id: 'c4', caseNumber: verifiedCase.case_number },
    setup: () => sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken()),
    serialize: (s) => JSON.stringify(s.value),
    // A 5xx shows the server-error page in place of the screen (the machine's own model test covers it).
    events: () => [
      { type: 'xstate.done.actor.read', output: {} },
      ...failures('read', [404, 429, 0]),
      { type: 'RETRY' },
      event === 'RATED' ? { type: event, rating } : { type: event, case: found, history: [] },
    ],
    calls: { read: 'POST /api/customer_case_api/get_case_by_casenum' },
    answers: { read: found },
    extraRoutes: {
      'GET /api/case_list_api/get_case_list/l1': answered(rentalCaseType),
      'GET /api/div_rate/get_rating_bycase/c4': answered([]),
      'GET /api/customer_case_history_api/get_case_history': answered([entry(found.status)]),
      'GET /api/customer_user_api/get_customer_user/customer-1': answered(signedInCustomer),
      'POST /api/customer_case_api/withdraw_case/c4': answered({
        case: { ...found, status: 'withdrawn' },
        history: [entry(found.status), entry('withdrawn', 'Filed by mistake')],
        ...messages('Your case has been withdrawn.'),
      }),
      'POST /api/div_rate/create_custrate': answered({ rating, ...messages('Thank you for rating our service.') }),
    },
    user: {
      RETRY: retryOrWait,
      STEP_TAKEN: async () => {
        await user().click(await screen.findByRole('button', { name: 'Withdraw this case' }));
        const dialog = await screen.findByRole('dialog', { name: 'Withdraw the case' });
        await user().click(within(dialog).getByRole('button', { name: 'Continue' }));
        await user().click(within(dialog).getByRole('button', { name: 'Confirm' }));
        // The page shows the case and history the answer brought: withdrawn, nothing more to take.
        expect(await screen.findByText(/Filed by mistake/)).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Withdraw this case' })).not.toBeInTheDocument();
      },
      RATED: async () => {
        await user().click(await screen.findByRole('button', { name: 'Rate service' }));
        const dialog = await screen.findByRole('dialog', { name: 'rate service' });
        await user().click(within(dialog).getByRole('button', { name: 'Submit' }));
        expect(await screen.findByText('Thank you for rating our service.')).toBeInTheDocument();
      },
    },
    shows: {
      loading: () => expect(screen.getByText('Loading…')).toBeInTheDocument(),
      loaded: () => {
        expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Rate service' }) === null).toBe(
          event === 'STEP_TAKEN' || screen.queryByText('Thank you for rating our service.') !== null,
        );
      },
      ...caseLoadFailureShows,
    },
  });

describe('the case page machine’s paths drive the case page', () => {
  it('a pending case: read, not found, wait, error and retry, withdrawn from its dialog', async () => {
    expect(await drive(pending, 'STEP_TAKEN')).toBeGreaterThan(0);
  });

  it('a verified case: rated from its dialog, and the Rate button goes', async () => {
    expect(await drive(verifiedCase, 'RATED')).toBeGreaterThan(0);
  });
});
