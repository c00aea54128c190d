/** What the build may weigh and how its pre-rendered pages boot (scripts/build.ts, tests/unit/budgets.test.ts). */

/**
 * Budgets of the production build for the landing route, gzip (tests/unit/budgets.test.ts).
 * JavaScript: 110 KiB until issue 24 put the recovery paths every page needs into the first
 * load (ADR 0007, last addendum).
 */
export const LANDING_JS_BUDGET_BYTES = 111 * 1024;
export const LANDING_CSS_BUDGET_BYTES = 15 * 1024;
/** The pre-rendered pages ask for their scripts once painted, or after this long (scripts/build.ts). */
export const BOOT_WAIT_MS = 1000;
