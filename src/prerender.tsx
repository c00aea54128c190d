import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { Router } from 'wouter';
import { DEFAULT_LAN } from '../contract/common.ts';
import { App } from './app/app.tsx';
import { pageTitle } from './app/use-screen.ts';
import { LANDING_TITLE_KEY } from './screens/landing/landing.tsx';
import { BCP47, messagesFor, provideCatalog } from './i18n/languages.ts';

/**
 * The landing page as a first-time visitor sees it before any script runs: the default
 * language, no session, the services still loading. Run at build time by
 * scripts/build.ts, which writes it into dist/index.html; src/main.tsx hydrates it.
 */
export function renderLanding(catalog: Record<string, unknown>): { html: string; title: string } {
  provideCatalog(DEFAULT_LAN, catalog);
  const html = renderToString(
    <Router ssrPath="/">
      <App />
    </Router>,
  );
  const intl = createIntl({ locale: BCP47[DEFAULT_LAN], messages: messagesFor(DEFAULT_LAN) });
  return { html, title: pageTitle(intl, LANDING_TITLE_KEY) };
}
