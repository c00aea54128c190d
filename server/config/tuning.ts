/** How the server's own machinery is sized: queues, caches, batches. Not limits a client meets (server/config/rate-rules.ts). */

/** Mail: how often a server looks for mail to send, the first retry's delay (doubled each time, at most an hour), and when to give up. */
export const MAIL_POLL_MS = 1000;
export const MAIL_RETRY_FIRST_MS = 5000;
export const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;
export const MAIL_MAX_ATTEMPTS = 12;
/** Operations: how long one readiness check may take before it counts as failed. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;
/** Operations: the Retry-After of the 503 a draining process answers (another process takes the retry). */
export const DRAINING_RETRY_AFTER_S = 5;
/** Operations: how long, at a SIGTERM, requests in flight may take to finish before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 15_000;
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
/**
 * Server: an answer smaller than this goes uncompressed (server/plugins/compress.ts): below
 * about one packet, compressing saves no round trip and costs the process its time.
 */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * SMS (GSM 03.38 / 03.40 as SMPP carries them): one message holds 160 GSM 7-bit characters
 * or 70 UCS-2 ones; a message split into parts loses 6 octets of each to the header that
 * joins them (7 GSM characters, 3 UCS-2 ones); at most 255 parts. Texts are kept far shorter.
 */
export const SMS_GSM_SINGLE = 160;
export const SMS_GSM_PART = 153;
export const SMS_UCS2_SINGLE = 70;
export const SMS_UCS2_PART = 67;
export const SMS_MAX_PARTS = 255;
/** SMS: what the bureau wrote (its question, a complaint's answer) is quoted in a text up to this many characters, cut at a word; the link gives the rest. */
export const SMS_QUOTE_MAX_CHARS = 80;
/** SMS: how long the SMSC may take to answer a bind or a submitted part, and how often the bound session is kept alive. */
export const SMPP_ANSWER_TIMEOUT_MS = 10_000;
export const SMPP_ENQUIRE_LINK_MS = 30_000;
/** SMS: a lost session is bound again after this long, doubled while binds fail, up to the maximum (texts to the bureau wait meanwhile at the SMSC). */
export const SMPP_REBIND_FIRST_MS = 1_000;
export const SMPP_REBIND_MAX_MS = 60_000;
/** Appointments are reminded the day before at this hour, Addis Ababa time (REMINDER_HOUR changes it). */
export const DEFAULT_REMINDER_HOUR = 9;
/** How often each process looks for appointments to remind (a reminder goes at most this late). */
export const REMINDER_POLL_MS = 5 * 60_000;
/** SMS: texts to the bureau's number and their answers are kept this many days (the sweep removes them), then forgotten. */
export const SMS_RECORD_DAYS = 90;
/** SMS: of a text to the bureau, this many characters are recorded (a long one in 255 parts would be 40,000). */
export const SMS_RECORD_MAX_CHARS = 1_000;
/** SMS: parts of a long text to the bureau that arrive apart are joined; parts still missing after this long are dropped. */
export const SMS_JOIN_WAIT_MS = 60_000;
/**
 * SMS: a text to the bureau of more parts than this (a command fits in one) is not read at
 * all: nobody asks for a case in 1,500 characters, and a 255-part text held the process for a
 * second (issue 48). Also the characters one text sent whole (`message_payload`) may carry.
 */
export const SMS_READ_MAX_PARTS = 10;
export const SMS_READ_MAX_CHARS = SMS_READ_MAX_PARTS * SMS_GSM_PART;
/**
 * SMS_REACH's default: the numbers an Ethiopian operator account reaches, mobiles of Ethio
 * telecom (251 9…) and Safaricom Ethiopia (251 7…). Answers, codes and notifications go only
 * to numbers under these prefixes (issue 48).
 */
export const DEFAULT_SMS_REACH = '2519,2517';
/** /flows: the case lifecycle's counts for a number of days are kept this long, whoever asks (server/cases/flow-report.ts). */
export const FLOW_COUNTS_KEEP_MS = 60_000;
/** Retention: a registration never verified is removed, with its picture, this many days after it was made (issue 32). */
export const UNVERIFIED_REGISTRATION_DAYS = 7;
/** Retention: a mail or SMS sent (or given up on) stays in the outbox this many days, for support, then goes. */
export const SENT_MESSAGE_DAYS = 7;
/** Retention: the key a client sent with a request, to answer its retry once, is kept this many days. */
export const IDEMPOTENCY_KEY_DAYS = 1;
/**
 * Requests: a connection that sends nothing for this long (a stalled body, a client gone
 * quiet) is closed; Node's headers timeout (60 s) still bounds the headers.
 */
export const REQUEST_IDLE_MS = 30_000;
/**
 * Requests: the longest one request may take, body and answer together: a 10 MB PDF at
 * 64 kbit/s (a slow shared mobile connection) takes about 22 minutes, so 30.
 */
export const REQUEST_MAX_MS = 30 * 60_000;

/** A staff command sent to the running server (server/runtime/admin-socket.ts): the longest a command line may be, and how long one may take. */
export const ADMIN_COMMAND_MAX_BYTES = 64 * 1024;
export const ADMIN_COMMAND_TIMEOUT_MS = 5 * 60 * 1000;
/**
 * Files: a link to a personal file (a print, a case's files for whoever gave the phone on
 * file, a complaint's answer) works this many minutes, and for a signed-in customer only while
 * their session lives (issue 48). Long enough to open it on a slow phone; a link copied from a
 * shared computer's history is dead soon after.
 */
export const FILE_LINK_MINUTES = 10;

/**
 * Kept files that no row names (a crash between the store and the database, ADR 0043) are
 * looked for this often, among the files at least this old: a file being kept is named by its
 * pending row until the rows naming it are written.
 */
export const UNNAMED_SWEEP_MS = 60 * 60 * 1000;

/**
 * USSD (issue 56): what one screen holds. A USSD string is 160 octets: 182 characters of the
 * GSM alphabet (7 bits each, an extension character two), or 80 UCS-2 characters once one
 * character is outside it (Ethiopic is). The gateway's `CON `/`END ` is not shown and not counted.
 */
export const USSD_GSM_SCREEN = 182;
export const USSD_UCS2_SCREEN = 80;
/** How long a screen's answer may take before the session ends with "try again later": the gateways wait about a second. */
export const USSD_ANSWER_MS = 800;
/** The characters of `text` (every input of a session) read at all: a longer one ends the session unread. */
export const USSD_TEXT_MAX_CHARS = 200;
