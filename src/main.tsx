import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEFAULT_LAN } from '../contract/languages.ts';
import './theme/fonts.css';
import './theme/theme.css.ts';
import { App } from './app/app.tsx';
import { lockoutInput } from './ui/lockout.tsx';
import { updateReady } from './ui/stores.ts';
import { PRERENDERED } from './app/prerendered.ts';
import { visitorMove } from '../contract/route-match.ts';
import { storedToken } from '../machines/session-storage.ts';
import { language } from './i18n/languages.ts';
import { ethiopicFontReady } from './theme/ethiopic-font.ts';

const root = document.getElementById('root');

/**
 * The server sends a few public pages pre-rendered (scripts/build.ts): the default
 * language, no lockout. A visitor in that situation gets the page hydrated; anyone else
 * (another language saved, a lockout running) gets it rendered afresh.
 */
const asPrerendered = () =>
  Boolean(root?.firstElementChild) &&
  PRERENDERED.includes(location.pathname) &&
  language.get() === DEFAULT_LAN &&
  lockoutInput().remaining === 0;

// A visitor without a session at a page of the dashboard is moved as the app's guard would move
// them (ADR 0040), before the first render: at a link below it the server sent the login's
// pre-rendered page, which then hydrates as the login (ADR 0042); and the code fetched is that
// of where they land, not of the dashboard.
const move = storedToken() ? null : visitorMove(location);
if (move) history.replaceState(move.state, '', move.to);

// The saved language's catalog (the default one is preloaded by the page), its font and the
// code of the screen asked for (src/app/prefetch-plan.ts), then the app: its first render is the
// screen, not "Loading…".
const catalog = language.load();
void Promise.all([
  catalog,
  ethiopicFontReady(language.get()),
  import('./app/prefetch-plan.ts').then((plan) => plan.prefetch(location.pathname)),
  // A pre-rendered page rendered afresh loses its fields: what was typed into them before the
  // script is kept first, by the code of the screens that take it over (issue 54).
  asPrerendered() ? null : import('./app/for-screens/typed-before.ts').catch(() => null),
]).then(([, , , typed]) => {
  if (!root) return;
  if (asPrerendered()) {
    // A transition: hydration yields to the browser, so the page answers input meanwhile.
    startTransition(() => {
      hydrateRoot(root, <App />);
    });
  } else {
    // In one task: the page's fields, what they hold kept, give way to the app's own, the focus
    // back where it was (`useTypedBeforeScript`). Rendered later, the page would stand empty
    // between tasks, and keys typed then would be lost.
    typed?.keepTyped(root);
    root.replaceChildren();
    const app = createRoot(root);
    flushSync(() => {
      app.render(<App />);
    });
  }
});

// The service worker (src/sw.ts), in the production build: the portal opens without a connection.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  void import('./app/register-sw.ts').then((sw) => sw.register((reload) => updateReady.set(reload)));
