// Every limit and business constant both halves apply, in one place (spec section 9): the
// server and the SPA import this module. The server's own figures (timeouts, retention, batch
// sizes) are in server/config/tuning.ts.

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
/** The longest id a link may name (a case's, or its type's) and a login may send as the case its link led to: an id is a 36-character UUID. */
export const LINKED_ID_MAX_LENGTH = 64;

/** Free-text limits the spec leaves open; chosen so a paragraph-long answer fits. */
export const TEXT_LIMITS = {
  remark: 5000,
  answer: 2000,
  complaintName: 100,
  complaintSubject: 200,
  complaintDepartment: 200,
  complaintDescription: 10000,
  caseNumber: 40,
  justification: 5000,
  /** The customer's answer to a request for information, an appeal's reason, a withdrawal's. */
  stepText: 2000,
} as const;

/**
 * The longest text each form's free-text fields take, by field: the server's schemas
 * (contract/<domain>/requests.ts) are written with these, and the SPA checks them before sending.
 */
export const FORM_LIMITS = {
  complaint: {
    name: TEXT_LIMITS.complaintName,
    subject: TEXT_LIMITS.complaintSubject,
    description: TEXT_LIMITS.complaintDescription,
    accused_organizational_part: TEXT_LIMITS.complaintDepartment,
  },
  registration: { email: EMAIL_MAX_LENGTH, password: PASSWORD_MAX_LENGTH },
  application: { remark: TEXT_LIMITS.remark },
  reset: { password: PASSWORD_MAX_LENGTH },
} as const;

export const MB = 1024 * 1024;
/** One PDF attachment per case or accusation (spec section 9). */
export const ATTACHMENT_MAX_BYTES = 10 * MB;
/** Profile pictures: JPEG, PNG or WebP (docs/decisions/0004-uploads-accounts-and-limits.md). */
export const PICTURE_MAX_BYTES = 2 * MB;

/** Rate-limit lockout shown by the SPA, and the Retry-After the server asks for by default. */
export const LOCKOUT_SECONDS = 180;
export const LOCKOUT_TICK_MS = 1000;
export const REDIRECT_AFTER_RESET_MS = 6000;
export const REDIRECT_AFTER_CASE_MS = 6000;
export const TOAST_MS = 5000;
/** How many times the SPA asks for a message catalog before giving up (a dropping connection). */
export const CATALOG_FETCH_TRIES = 3;

export const RECENT_CASES = 4;
export const CASE_PAGE_SIZE = 10;
export const SORT_LATEST = -1;
export const SORT_OLDEST = 1;
export const FIRST_PAGE = 1;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A rejected case may be appealed once, within this many days of the rejection. */
export const APPEAL_WINDOW_DAYS = 30;
/** How far back /flows and `npm run staff -- flow-report` count the case lifecycle's transitions: the default, and the most. */
export const FLOW_REPORT_DAYS = 30;
export const FLOW_REPORT_MAX_DAYS = 366;
export const MANUAL_DOWNLOAD_NAME = 'CUSTOMERLATEST.pdf';

/** One-time code of email verification. */
export const OTP_DIGITS = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** The digits of a phone number shown where the rest is hidden (a masked case, a code's mail). */
export const PHONE_END_DIGITS = 2;

/** Password reset link. */
export const RESET_TOKEN_BYTES = 32;
export const RESET_TTL_MINUTES = 30;

export const SESSION_STORAGE_KEY = 'tID';
/** The session warning shows this long before the token expires (issue 19). */
export const SESSION_WARNING_MS = 2 * 60_000;
/** Case numbers read PREFIX-<Ethiopian year>-<6 digits>; the server's CASE_NUMBER_PREFIX overrides it. */
export const DEFAULT_CASE_NUMBER_PREFIX = 'HDAB';
export const DEFAULT_JWT_TTL_MINUTES = 60;

/** Random file names of attachments and prints: 16 bytes = 128 bits. */
export const FILE_NAME_BYTES = 16;
/** The longest name a sent file is kept under, to give it back in the data archive (issue 51). */
export const SENT_FILE_NAME_MAX = 120;
/** A customer's data archive (issue 22): downloadable once, for this many hours after it is built. */
export const DATA_EXPORT_HOURS = 24;
/** How long the SPA holds a downloaded file's object URL, for the browser to read it (the data archive). */
export const DOWNLOAD_URL_KEEP_MS = 10_000;

/** USSD (issue 56): wrong entries one session may make before it ends, and the inputs it may carry at all. */
export const USSD_WRONG_MAX = 3;
export const USSD_INPUTS_MAX = 20;
