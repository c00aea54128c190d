import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInCustomer } from './fixtures.ts';
import { fakeApi, fakeToken, messages, renderAt } from './harness.tsx';

const statistics = { totalCases: 7, pendingCases: 3, processingCases: 2, respondedCases: 1, rejectedCases: 1 };
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
});
