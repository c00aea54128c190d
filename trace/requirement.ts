/**
 * The specification traced (issue 36): every requirement of the product specification's
 * sections 2, 4, 5, 8 and 9 has an identifier, where it is implemented and the tests that
 * prove it. `npm run trace` (scripts/trace.ts) checks the table against the specification and
 * the tests, and prints the matrix.
 */
export interface Requirement {
  /** `S<section>.<AREA>.<WHAT>`: `S4.LOCKOUT.COUNTDOWN`. */
  id: string;
  /**
   * The specification's own words, exactly as written there (a part of one of its lines): the
   * line it quotes is traced by it. Every line of those sections that states something is
   * quoted by some requirement.
   */
  spec: string;
  /**
   * Where it is implemented: a file of the project, then what in it after a space
   * (`machines/lockout.machine.ts locked`, `contract/limits.ts LOCKOUT_SECONDS`).
   */
  by: string[];
  /**
   * The tests that prove it: a test file, ` › `, and words of its test's title as written
   * there. A test may name it instead (`// spec: S4.RESPONDED_BY` inside the test).
   */
  tests: string[];
  /** Where the portal departs from the spec on purpose: the decision record that says how. */
  departure?: string;
  /** A line that asks for nothing (`not shown`): why there is nothing to implement or test. */
  nothing?: string;
}
