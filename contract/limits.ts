// Every limit and business constant of the portal, in one place (spec section 9).
// Both the server and the SPA import this module; nothing else may spell these numbers.

/** Field length limits of registration (spec section 5): the check fails at `length >= limit`. */
export const FIELD_LIMITS = {
  firstname: 50,
  middlename: 50,
  lastname: 50,
  subcity: 50,
  woreda: 20,
  phone: 20,
  house_phone_number: 20,
  house_number: 20,
} as const;

/** Longest accepted value of a limited field (the spec's check fails at the limit itself). */
export const maxLength = (limit: number): number => limit - 1;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Free-text limits the spec leaves open; chosen so a paragraph-long answer fits. */
export const TEXT_LIMITS = {
  remark: 5000,
  answer: 2000,
  accusationName: 100,
  accusationSubject: 200,
  accusationDepartment: 200,
  accusationDescription: 10000,
  caseNumber: 40,
  justification: 5000,
} as const;

export const MB = 1024 * 1024;
/** One PDF attachment per case or accusation (spec section 9). */
export const ATTACHMENT_MAX_BYTES = 10 * MB;
/** Profile pictures: JPEG, PNG or WebP (docs/decisions/0004-uploads.md). */
export const PICTURE_MAX_BYTES = 2 * MB;

/** Rate-limit lockout shown by the SPA, and the Retry-After the server asks for by default. */
export const LOCKOUT_SECONDS = 180;
export const LOCKOUT_TICK_MS = 1000;
export const REDIRECT_AFTER_RESET_MS = 6000;
export const REDIRECT_AFTER_CASE_MS = 6000;
export const TOAST_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** How many times the SPA asks for a message catalog before giving up (a dropping connection). */
export const CATALOG_FETCH_TRIES = 3;

export const RECENT_CASES = 4;
export const CASE_PAGE_SIZE = 10;
export const SORT_LATEST = -1;
export const SORT_OLDEST = 1;
export const FIRST_PAGE = 1;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const TEXTAREA_ROWS_CASE = 15;
export const TEXTAREA_ROWS_ACCUSATION = 10;
export const VIEWER_HEIGHT_ATTACHMENT = 700;
export const VIEWER_HEIGHT_MANUAL = 1000;
export const VIEWER_HEIGHT_PRINT = 1000;
/** The preview of a chosen PDF before it is sent. */
export const PDF_PREVIEW_HEIGHT = 400;
/** A text_area question of a case request. */
export const TEXTAREA_ROWS_QUESTION = 4;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const MANUAL_DOWNLOAD_NAME = 'CUSTOMERLATEST.pdf';

/** One-time code of email verification. */
export const OTP_DIGITS = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** Password reset link. */
export const RESET_TOKEN_BYTES = 32;
export const RESET_TTL_MINUTES = 30;

export const SESSION_STORAGE_KEY = 'tID';
/** Case numbers read PREFIX-<Ethiopian year>-<6 digits>; the server's CASE_NUMBER_PREFIX overrides it. */
export const DEFAULT_CASE_NUMBER_PREFIX = 'HDAB';
export const DEFAULT_JWT_TTL_MINUTES = 60;

/** Random file names of attachments and prints: 16 bytes = 128 bits. */
export const FILE_NAME_BYTES = 16;

/** The landing page's statistics (spec section 1). */
export const LANDING_STATS = { housesTransferred: 350_000, governmentHouses: 153_000, volunteerHouses: 20_000 } as const;

/** Budgets of the production build for the landing route, gzip (tests/unit/budgets.test.ts). */
export const LANDING_JS_BUDGET_BYTES = 110 * 1024;
export const LANDING_CSS_BUDGET_BYTES = 15 * 1024;

/** Mail: how often a server looks for mail to send, the first retry's delay (doubled each time, at most an hour), and when to give up. */
export const MAIL_POLL_MS = 1000;
export const MAIL_RETRY_FIRST_MS = 5000;
export const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;
export const MAIL_MAX_ATTEMPTS = 12;

/** The pre-rendered pages ask for their scripts once painted, or after this long (scripts/build.ts). */
export const BOOT_WAIT_MS = 1000;
/** A page drawn by its script in Amharic or Tigrinya waits this long at most for the Ethiopic font (src/theme/ethiopic-font.ts): the block period of `font-display: block`. */
export const FONT_WAIT_MS = 3000;

/** Server: tokens whose signature was checked, remembered until they expire (server/adapters/tokens.ts). */
export const VERIFIED_TOKENS_MAX = 10_000;
/** Server: distinct SQL statements one process prepares on PostgreSQL at most (server/db/client.ts). */
export const PREPARED_STATEMENTS_MAX = 500;
/** Server: session checks sent to the database in one statement at most (server/adapters/session-checks.ts). */
export const SESSION_CHECKS_PER_STATEMENT = 100;
/**
 * Server: the answers of case reads and reference reads one process keeps in memory (server/adapters/read-cache.ts):
 * at most this many bytes in all, and none larger than the second figure (a customer's
 * every case at once can be large; it is read afresh instead).
 */
export const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const READ_CACHE_ENTRY_MAX_BYTES = 256 * 1024;
