import type { ComponentType } from 'react';
import { lazy, useState } from 'react';
import { schemas } from '../api/client.ts';
import { registerScreen } from './prefetch.ts';

/** A screen whose code is loaded when its route is first visited (its own chunk). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<void> };

const all: LazyScreen<never>[] = [];

/**
 * A route's screen, split into its own chunk (`route.at`: its full address pattern, for
 * src/app/prefetch.ts to fetch it ahead): the first visit shows the Suspense fallback
 * while it loads; a chunk that fails to load (a dropped connection, a stale tab after a
 * deploy) throws into the route's error boundary. Once loaded, it renders at once.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  route?: { at: string; nest?: boolean },
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  // The schemas its calls' answers are parsed with are asked for with it (src/api/schemas.ts):
  // its first call does not wait for them, nor does the screen (a pre-rendered page's hydration
  // waited 0.4 s for them on 3G). Only the landing page, which makes no call, goes without.
  const remember = () => {
    void schemas();
    return load().then((m) => {
      loaded = m.default;
      return m;
    });
  };
  const Lazy = lazy(remember);
  function Screen(props: P) {
    // Chosen once per mount, so that a screen never changes type (and loses its state) under the user.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  const screen = Object.assign(Screen, { preload: () => remember().then(() => undefined) });
  all.push(screen as unknown as LazyScreen<never>);
  if (route) registerScreen(route.at, screen, route.nest);
  return screen;
}

/** Loads every screen's code, and the screens those declare (the jsdom tests render them without waiting). */
export async function preloadAllScreens(): Promise<void> {
  for (let done = 0; done < all.length;) {
    const batch = all.slice(done);
    done = all.length;
    await Promise.all(batch.map((s) => s.preload()));
  }
}
