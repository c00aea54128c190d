import { paths } from '../../contract/paths.ts';

/**
 * The pages the build renders in advance (scripts/build.ts), each into `<name>.html`
 * (`/` into index.html): what a first-time visitor opens most, and what has no data of the
 * visitor in it.
 */
export const PRERENDERED: readonly string[] = [paths.home, paths.login, paths.checkStatus];
