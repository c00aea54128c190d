import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { FIRST_READS_FRESH_MS } from '../../contract/dashboard.ts';
import type { DashboardFirst, LinkedCaseFirst } from '../../contract/customers/answers.ts';
import { keepFirstReads, readFirst } from '../../src/api/first-reads.ts';
import { historyEntry, signedInCustomer } from './fixtures.ts';
import { CASE_LISTS, verified } from './dashboard-fixtures.ts';
import { fakeApi, fakeToken, messages, renderAt } from './harness.tsx';

const statistics = {
  totalCases: 7,
  pendingCases: 3,
  processingCases: 2,
  respondedCases: 1,
  rejectedCases: 1,
  withdrawnCases: 0,
};
const cases = { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 };

/** Logs in with a login answer that brings `dashboard` (or not); answers every read too. */
async function logIn(dashboard: unknown, token = fakeToken()) {
  const calls = fakeApi({
    'POST /api/customer_user_api/login_customer_user': () => ({
      status: 200,
      body: { token, ...messages('You are logged in.'), ...(dashboard ? { dashboard } : {}) },
    }),
    'GET /api/customer_case_api/get_case_cust': () => ({ status: 200, body: statistics }),
    'GET /api/customer_case_api/get_case': () => ({ status: 200, body: cases }),
    'GET /api/customer_user_api/get_customer_user/customer-1': () => ({ status: 200, body: signedInCustomer }),
  });
  renderAt('/login', 'En');
  await userEvent.type(screen.getByLabelText('Email'), 'demo@example.et');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('7')).toBeInTheDocument();
  expect(await screen.findByText('Hello, Abebe')).toBeInTheDocument();
  const login = calls.findIndex((c) => c.path.endsWith('login_customer_user'));
  return calls.slice(login + 1).map((c) => `${c.method} ${c.path}`);
}

describe('the dashboard right after the login', () => {
  it('shows what the login answer brought: the customer, the counts, the cases; no call of its own', async () => {
    expect(await logIn({ customer: signedInCustomer, statistics, cases })).toEqual([]);
  });

  it('without it (an older server), reads them as before', async () => {
    expect((await logIn(undefined)).sort()).toEqual([
      'GET /api/customer_case_api/get_case',
      'GET /api/customer_case_api/get_case_cust',
      'GET /api/customer_user_api/get_customer_user/customer-1',
    ]);
  });

  it("is in the dashboard's first render: the counts show at once, without a load in between", async () => {
    const token = fakeToken();
    sessionStorage.setItem(SESSION_STORAGE_KEY, token);
    const calls = fakeApi({});
    keepFirstReads({ dashboard: { customer: signedInCustomer, statistics, cases } as DashboardFirst }, token);
    renderAt('/dashboard', 'En');
    // Before any promise has settled: the render itself showed them.
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(await screen.findByText('Hello, Abebe')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('is taken once, only by the session it came with, and not once it is stale', async () => {
    const first = { customer: signedInCustomer, statistics, cases } as DashboardFirst;
    const calls = fakeApi({
      'GET /api/customer_case_api/get_case_cust': () => ({ status: 200, body: { ...statistics, totalCases: 99 } }),
    });
    const mine = fakeToken();
    sessionStorage.setItem(SESSION_STORAGE_KEY, mine);
    keepFirstReads({ dashboard: first }, mine);
    expect((await readFirst('getCaseStatistics')).totalCases).toBe(7);
    expect((await readFirst('getCaseStatistics')).totalCases).toBe(99);
    // Another customer's session in the same tab: never theirs.
    keepFirstReads({ dashboard: first }, mine);
    sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken(3600, 'customer-2'));
    expect((await readFirst('getCaseStatistics')).totalCases).toBe(99);
    // Stale.
    sessionStorage.setItem(SESSION_STORAGE_KEY, mine);
    vi.useFakeTimers({ now: Date.now() });
    try {
      keepFirstReads({ dashboard: first }, mine);
      vi.advanceTimersByTime(FIRST_READS_FRESH_MS);
      expect((await readFirst('getCaseStatistics')).totalCases).toBe(99);
    } finally {
      vi.useRealTimers();
    }
    expect(calls.filter((c) => c.path.endsWith('get_case_cust'))).toHaveLength(3);
  });
});

describe('the case a link led to, right after the login (ADR 0040)', () => {
  it('the login names the case; its answer brings it, and the case page shows it with no call of its own', async () => {
    const c = verified(false);
    const token = fakeToken();
    const calls = fakeApi({
      'POST /api/customer_user_api/login_customer_user': () => ({
        status: 200,
        body: {
          token,
          ...messages('You are logged in.'),
          linked: {
            customer: signedInCustomer,
            case: c,
            caselist: CASE_LISTS[0],
            rating: [],
            history: [historyEntry('verified')],
          },
        },
      }),
    });
    renderAt(`/dashboard/case/${c._id}?case=${c.case_number}&type=${c.caselist._id}`, 'En');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    await userEvent.type(screen.getByLabelText('Email'), 'demo@example.et');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Meseret Alemu Bekele')).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/dashboard/case/${c._id}`);
    const login = calls.findIndex((call) => call.path.endsWith('login_customer_user'));
    expect(calls[login]?.body).toMatchObject({ email: 'demo@example.et', linked_case: c._id });
    // The case, its type, rating and history: all from the login's answer.
    expect(calls.slice(login + 1).filter((call) => call.path.startsWith('/api/'))).toEqual([]);
  });

  it('a case read by another number than the one the answer brought is read from the server', async () => {
    const c = verified(false);
    const token = fakeToken();
    sessionStorage.setItem(SESSION_STORAGE_KEY, token);
    keepFirstReads(
      {
        linked: {
          customer: signedInCustomer,
          case: c,
          caselist: CASE_LISTS[0],
          rating: [],
          history: [],
        } as LinkedCaseFirst,
      },
      token,
    );
    const calls = fakeApi({
      'POST /api/customer_case_api/get_case_by_casenum': () => ({ status: 200, body: c }),
    });
    await readFirst('getCaseByNumber', { body: { casenum: 'HDAB-2019-000999' } });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/customer_case_api/get_case_by_casenum',
    ]);
    // The one it brought is taken once, without a call.
    await readFirst('getCaseByNumber', { body: { casenum: c.case_number } });
    expect(calls).toHaveLength(1);
  });
});
