import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page rendered at build time (scripts/build.ts) has no script behind it yet
 * (on the server, and in the render that hydrates it), true from the next render on, and
 * at once in a page rendered in the browser. Until then a form's submit button is disabled,
 * so that no form is sent by the browser itself (Enter neither); its fields take typing, which
 * the screen hands to its machine as it mounts (src/app/for-screens/typed-before.ts).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
