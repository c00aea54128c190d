import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { historyEntry, rentalCaseType, signedInCustomer, verifiedCase } from './fixtures.ts';
import type { FakeAnswer } from './harness.tsx';
import { fakeApi, fakeToken, renderAt } from './harness.tsx';

const row: CaseSummary = {
  _id: verifiedCase._id,
  case_number: verifiedCase.case_number,
  status: verifiedCase.status,
  createdAt: verifiedCase.createdAt,
  division: verifiedCase.division,
  caselist: verifiedCase.caselist,
};
const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

describe('the case page, opened from a list', () => {
  it('asks for the case, its type, its rating and its history at once: one round trip', async () => {
    // The case's read answers only once the type's has been asked for (or after 10 s): read one
    // after the other, the type would be asked only after the case's answer. Which came first is
    // recorded, not timed: a slow machine makes the page slower, not the test wrong.
    let typeAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (typeAsked = resolve));
    let caseReadOpen = false;
    let typeAskedWhileCaseReadOpen = false;
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
    const calls = fakeApi({
      'GET /api/customer_user_api/get_customer_user/customer-1': () => ok(signedInCustomer),
      'GET /api/customer_case_api/get_case': () => ok({ cases: [row], currentPage: 1, totalPages: 1, totalCases: 1 }),
      'POST /api/customer_case_api/get_case_by_casenum': async () => {
        caseReadOpen = true;
        await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        caseReadOpen = false;
        return ok(verifiedCase);
      },
      'GET /api/case_list_api/get_case_list/l1': () => {
        typeAskedWhileCaseReadOpen = caseReadOpen;
        typeAsked();
        return ok(rentalCaseType);
      },
      'GET /api/div_rate/get_rating_bycase/c4': () => ok([]),
      'GET /api/customer_case_history_api/get_case_history': () => ok([historyEntry('verified')]),
    });
    renderAt('/dashboard/casestatus', 'En');
    await userEvent.click(await screen.findByRole('link', { name: `Open case ${row.case_number}` }));
    expect(await screen.findByRole('heading', { name: 'History' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(typeAskedWhileCaseReadOpen, 'the type asked for while the case’s read was still out').toBe(true);
    const reads = calls.map((c) => c.path).slice(-4);
    expect(reads).toEqual([
      '/api/customer_case_api/get_case_by_casenum',
      '/api/case_list_api/get_case_list/l1',
      '/api/div_rate/get_rating_bycase/c4',
      '/api/customer_case_history_api/get_case_history',
    ]);
  });
});
