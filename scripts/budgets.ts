/** What the build may weigh and how its pre-rendered pages boot (scripts/build.ts, tests/unit/budgets.test.ts). */

/**
 * Budgets of the production build for the landing page, gzip (tests/unit/budgets.test.ts).
 * JavaScript: every script the page loads on its own, before and after its load event, as a
 * browser with Save-Data on loads it (issue 35: the schemas that parse the API's answers
 * come with the first call or screen, not with the landing page, which makes none).
 */
export const LANDING_JS_BUDGET_BYTES = 110 * 1024;
export const LANDING_CSS_BUDGET_BYTES = 15 * 1024;
/** The pre-rendered pages ask for their scripts once painted, or after this long (scripts/build.ts). */
export const BOOT_WAIT_MS = 1000;
