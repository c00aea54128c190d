/**
 * What the dashboard reads first, which the login's answer brings (contract/customers/answers.ts,
 * DashboardFirst). A module of its own, not in limits.ts: the landing page imports limits.ts,
 * and every constant of a module it shares with a screen is part of its JavaScript.
 */

/** The dashboard's page of cases: empty filters (spec section 7), the most recent first. */
export const DASHBOARD_CASES_QUERY = { page: '', sort: '', status: '' } as const;

/** How long what the login's answer brought stands for the dashboard's reads (src/api/first-reads.ts). */
export const FIRST_READS_FRESH_MS = 30_000;
