/**
 * The server's own limits: how many calls of each kind one client may make in a window.
 * Limits that both the SPA and the server enforce (field lengths, file sizes) are the
 * contract's (contract/limits.ts).
 */
export interface Rule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Per-route limits, per client address. Names are the contract's endpoint names; routes
 * without an entry get `default`. `account:*` rules count per email address instead.
 */
export const DEFAULT_RULES = {
  default: { max: 120, windowMs: MINUTE },
  createCustomerUser: { max: 10, windowMs: 60 * MINUTE },
  validateCustomerOtp: { max: 20, windowMs: 15 * MINUTE },
  resendCustomerOtp: { max: 10, windowMs: 15 * MINUTE },
  loginCustomerUser: { max: 30, windowMs: 15 * MINUTE },
  forgotCustomerUser: { max: 10, windowMs: 15 * MINUTE },
  resetCustomerUser: { max: 10, windowMs: 15 * MINUTE },
  createCase: { max: 20, windowMs: 60 * MINUTE },
  getCaseByNumber: { max: 30, windowMs: 5 * MINUTE },
  printCase: { max: 30, windowMs: 10 * MINUTE },
  createCustomerRating: { max: 20, windowMs: 15 * MINUTE },
  createAccusation: { max: 10, windowMs: 60 * MINUTE },
  /** Failed logins of one account, whatever address they come from. */
  'account:login': { max: 5, windowMs: 15 * MINUTE },
  /** New codes sent to one account. */
  'account:otp': { max: 5, windowMs: 15 * MINUTE },
  /** Reset links sent to one account (more requests answer the same, but send nothing). */
  'account:forgot': { max: 3, windowMs: 60 * MINUTE },
  /** Wrong phone numbers given to see one case in full, from any address. */
  'account:phone': { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Rule>;

/** The defaults, plus a rule for any other endpoint name. */
export type Rules = Record<keyof typeof DEFAULT_RULES, Rule> & Partial<Record<string, Rule>>;
