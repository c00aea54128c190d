import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page rendered at build time (scripts/build.ts) has no script behind it yet
 * (on the server, and in the render that hydrates it), true from the next render on, and
 * at once in a page rendered in the browser. Until then a form's fields are read-only and
 * its button disabled: nothing can be typed that React would not know of, and no form is
 * sent by the browser itself.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
