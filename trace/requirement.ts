/**
 * The specification traced (issues 36 and 49): every requirement of the product
 * specification's sections 2 to 9 has an identifier, where it is implemented and the tests
 * that prove it. `npm run trace` (scripts/trace.ts) checks the table against the
 * specification, the code and the tests, and prints the matrix.
 */
export interface Requirement {
  /** `S<section>.<AREA>.<WHAT>`: `S4.LOCKOUT.COUNTDOWN`. */
  id: string;
  /**
   * The specification's own words, exactly as written there: one or more whole sentences of a
   * line (a table's row is one sentence), found in one place only. The sentences it quotes are
   * traced by it. Every sentence of those sections is quoted by some requirement.
   */
  spec: string;
  /**
   * Where it is implemented: a file of the project, then after a space what it declares that
   * does it, names separated by `, ` (`machines/lockout.machine.ts locked, tick`,
   * `contract/limits.ts LOCKOUT_SECONDS`, `src/i18n/messages/en.json lookup.placeholder`): what
   * a name may be is scripts/trace.ts's `declarations`. Only a file whose declarations cannot
   * be read (not TypeScript nor JSON) is named alone.
   */
  by: string[];
  /**
   * The tests that prove it: a test file, ` › `, and words of its test's title as written
   * there. A test may name it instead (`// spec: S4.RESPONDED_BY` inside the test).
   */
  tests: string[];
  /**
   * Where the portal departs from the spec on purpose: the decision record that says how, and
   * quotes, under `## Departs from the spec`, a sentence this requirement quotes. A requirement
   * that quotes a sentence a record lists names that record.
   */
  departure?: string;
  /** A line that asks for nothing (`not shown`): why there is nothing to implement or test. */
  nothing?: string;
}
