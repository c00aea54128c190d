/** A console.error of the running test, with where it was called from. */
export type ConsoleError = unknown[] & { stack?: string };

/** console.error calls of the running test; setup.ts fails the test on any that is left. */
export const consoleErrors: ConsoleError[] = [];

/** A test that expects an error on the console takes it (it must be there). */
export function takeConsoleError(pattern: RegExp): void {
  const index = consoleErrors.findIndex((args) => pattern.test(args.map(String).join(' ')));
  if (index < 0) throw new Error(`expected a console.error matching ${pattern}`);
  consoleErrors.splice(index, 1);
}

/** The frames of a stack below the function that took it. */
const frames = (stack = '') => stack.split('\n').slice(2, 16).join('\n');

/**
 * Who last set IS_REACT_ACT_ENVIRONMENT, and to what: React's "not configured to support
 * act(...)" means an update came inside an act() scope while something had set it false
 * (Testing Library's waitFor and user-event do, for their duration), so a failure says both.
 */
let actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
let actEnvironmentSetBy = '';
Object.defineProperty(globalThis, 'IS_REACT_ACT_ENVIRONMENT', {
  configurable: true,
  get: () => actEnvironment,
  set: (value: boolean) => {
    actEnvironment = value;
    actEnvironmentSetBy = `set to ${value} by${frames(new Error().stack)}`;
  },
});

/** What setup.ts records of a console.error: its words, where it came from, and for an act() warning who set the act environment last. */
export function recordConsoleError(args: unknown[]): void {
  const act = /not configured to support act/.test(String(args[0]));
  consoleErrors.push(
    Object.assign(args, {
      stack: `${frames(new Error().stack)}${act ? `\nIS_REACT_ACT_ENVIRONMENT was last ${actEnvironmentSetBy}` : ''}`,
    }),
  );
}

/** The failure's text: each error's words and, under them, where it came from. */
export const describeConsoleErrors = (errors: ConsoleError[]): string =>
  errors.map((e) => `${e.map(String).join(' ')}\n${e.stack ?? ''}`).join('\n\n');
