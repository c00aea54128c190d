/** console.error calls of the running test; setup.ts fails the test on any that is left. */
export const consoleErrors: unknown[][] = [];

/** A test that expects an error on the console takes it (it must be there). */
export function takeConsoleError(pattern: RegExp): void {
  const index = consoleErrors.findIndex((args) => pattern.test(args.map(String).join(' ')));
  if (index < 0) throw new Error(`expected a console.error matching ${pattern}`);
  consoleErrors.splice(index, 1);
}
