/** What the build may weigh and how its pre-rendered pages boot (scripts/build.ts, tests/unit/budgets.test.ts). */

/** Budgets of the production build for the landing route, gzip (tests/unit/budgets.test.ts). */
export const LANDING_JS_BUDGET_BYTES = 110 * 1024;
export const LANDING_CSS_BUDGET_BYTES = 15 * 1024;
/** The pre-rendered pages ask for their scripts once painted, or after this long (scripts/build.ts). */
export const BOOT_WAIT_MS = 1000;
