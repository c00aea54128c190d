/**
 * The server's own limits: how many calls of each kind one client may make in a window.
 * Limits that both the SPA and the server enforce (field lengths, file sizes) are the
 * contract's (contract/limits.ts). Every rule can be changed by RATE_LIMITS (README,
 * "Configuration"); docs/security.md gives the reasoning behind each figure.
 */
export interface Rule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A client is a signed-in customer (their account, whatever address they come from) or a
 * visitor (their address: IPv4, or the /64 of an IPv6 address). Many customers of a mobile
 * network share one public address (carrier-grade NAT), as do an office or an internet café,
 * so the per-address figures are sized for about 50 people using the portal at once behind
 * one address; the per-account ones for one busy person.
 */
export const DEFAULT_RULES = {
  /** Any public call without a rule of its own (reference data, sent with ETags), per address. */
  default: { max: 1000, windowMs: MINUTE },
  /** Any signed-in call without a rule of its own (lists, statistics, history...), per account. */
  signedIn: { max: 300, windowMs: MINUTE },

  // Public calls, per address.
  createCustomerUser: { max: 120, windowMs: HOUR },
  validateCustomerOtp: { max: 300, windowMs: 15 * MINUTE },
  resendCustomerOtp: { max: 120, windowMs: 15 * MINUTE },
  loginCustomerUser: { max: 300, windowMs: 15 * MINUTE },
  forgotCustomerUser: { max: 100, windowMs: 15 * MINUTE },
  resetCustomerUser: { max: 100, windowMs: 15 * MINUTE },
  /** Case lookups (per account when signed in); case numbers not found count apart (`scan:case`). */
  getCaseByNumber: { max: 600, windowMs: 10 * MINUTE },
  createAccusation: { max: 60, windowMs: HOUR },
  /** Complaint tracking by code (65-bit codes: guessing is hopeless, the limit keeps it so). */
  getComplaintByCode: { max: 120, windowMs: 10 * MINUTE },
  /** The case lifecycle counted for /flows: counts only, kept a minute; a page view asks once. */
  getFlowCounts: { max: 60, windowMs: 10 * MINUTE },

  // Signed-in calls, per account.
  createCase: { max: 10, windowMs: HOUR },
  /** Per account; per address for visitors printing a case they looked up. */
  printCase: { max: 60, windowMs: 10 * MINUTE },
  createCustomerRating: { max: 20, windowMs: 15 * MINUTE },
  /** Stay signed in: once before each expiry is what the SPA asks; a few more for several tabs. */
  renewCustomerSession: { max: 10, windowMs: HOUR },
  /** Answers to the bureau's requests and appeals, each with a PDF perhaps: one person's few a day. */
  answerCaseInfo: { max: 20, windowMs: HOUR },
  appealCase: { max: 10, windowMs: HOUR },
  /** Codes asked for the phone number (each an SMS the bureau pays for) and codes tried. */
  sendPhoneCode: { max: 10, windowMs: HOUR },
  /** Building an archive reads every case and file of the account: a few a day is a person. */
  requestDataExport: { max: 5, windowMs: HOUR },
  downloadDataExport: { max: 20, windowMs: 15 * MINUTE },
  /** The password is checked: a stolen session cannot guess it. */
  deleteCustomerAccount: { max: 5, windowMs: 15 * MINUTE },
  verifyPhoneCode: { max: 30, windowMs: 15 * MINUTE },

  // Per target: one thing an attacker aims at, from any number of addresses.
  /** Logins of one account from one client address (a success clears it): a stranger locks their own address out, not the owner. */
  'account:login': { max: 5, windowMs: 15 * MINUTE },
  /** Logins of one account tried from every address together: a guess spread over many addresses. */
  'account:loginTotal': { max: 100, windowMs: HOUR },
  /** New codes sent to one account. */
  'account:otp': { max: 5, windowMs: 15 * MINUTE },
  /** Codes sent by SMS to one phone number, whoever asks: a number is not flooded. */
  'account:phoneCode': { max: 5, windowMs: 15 * MINUTE },
  /** Reset links sent to one account (more requests answer the same, but send nothing). */
  'account:forgot': { max: 3, windowMs: HOUR },
  /** Wrong phone numbers given to see one case in full. */
  'account:phone': { max: 5, windowMs: HOUR },
  /** Registrations giving one email address. */
  'register:email': { max: 5, windowMs: HOUR },
  /** Registrations giving one mobile number. */
  'register:phone': { max: 5, windowMs: HOUR },
  /** Case numbers looked up and not found, per address (or account): past it, every lookup waits. */
  'scan:case': { max: 30, windowMs: 10 * MINUTE },
  /** Existing case numbers looked up per address (or account), each once a window, not one's own: past it, every lookup waits. */
  'scan:caseSeen': { max: 300, windowMs: 10 * MINUTE },
  /** Texts to the bureau's number answered per phone (each answer an SMS the bureau pays for): past it, silence. */
  'sms:number': { max: 10, windowMs: HOUR },
  'sms:numberDay': { max: 30, windowMs: 24 * HOUR },
  /** Texts to the bureau's number answered by the whole portal, every number together (issue 48): past it, silence. */
  'sms:answers': { max: 1000, windowMs: HOUR },
  /** USSD screens answered per phone (issue 56): past it, the session ends with "try again later". */
  'ussd:number': { max: 60, windowMs: HOUR },
  'ussd:numberDay': { max: 200, windowMs: 24 * HOUR },
  /** USSD screens answered by the whole portal, every number together: past it, every session ends so. */
  'ussd:screens': { max: 3000, windowMs: MINUTE },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof DEFAULT_RULES;

/** The defaults, plus a rule for any other endpoint name. */
export type Rules = Record<RuleName, Rule> & Partial<Record<string, Rule>>;

export const isRuleName = (name: string): name is RuleName => Object.hasOwn(DEFAULT_RULES, name);

const UNIT_MS = { s: 1000, m: MINUTE, h: HOUR } as const;

/**
 * RATE_LIMITS: `name=max/window` pairs separated by commas, the window in s, m or h
 * (`createCase=10/1h,default=2000/1m`). Answers the rules it changes, or the problems found.
 */
export function parseRules(raw: string): { rules: Partial<Rules>; problems: string[] } {
  const rules: Partial<Rules> = {};
  const problems: string[] = [];
  for (const pair of raw.split(',').map((p) => p.trim())) {
    if (!pair) continue;
    const match = /^([A-Za-z:]+)=(\d+)\/(\d+)([smh])$/.exec(pair);
    if (!match) {
      problems.push(`RATE_LIMITS: "${pair}" is not name=max/window (a window like 30s, 15m or 1h)`);
      continue;
    }
    const [, name, max, amount, unit] = match as unknown as [string, string, string, string, keyof typeof UNIT_MS];
    if (!isRuleName(name)) {
      problems.push(`RATE_LIMITS: "${name}" is not a rule (${Object.keys(DEFAULT_RULES).join(', ')})`);
      continue;
    }
    const windowMs = Number(amount) * UNIT_MS[unit];
    if (Number(max) < 1 || windowMs < 1000) {
      problems.push(`RATE_LIMITS: "${pair}" must allow at least one call in a window of at least a second`);
      continue;
    }
    rules[name] = { max: Number(max), windowMs };
  }
  return { rules, problems };
}
