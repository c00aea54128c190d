import './memory-storage.ts';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { DEFAULT_LAN } from '../contract/languages.ts';
import type { Division } from '../contract/entities.ts';
import { App } from './app/app.tsx';
import { provideDivisions } from './app/for-screens/page-data.ts';
import { takeServerTitle } from './app/for-screens/use-screen.ts';
import { provideCatalog } from './i18n/languages.ts';

export { PRERENDERED } from './app/prerendered.ts';

/**
 * A public page as a first-time visitor sees it before any script runs: the default
 * language, no session, its data still loading. Run at build time by scripts/build.ts, which
 * writes it into the page; src/main.tsx hydrates it. Waits for the page's own chunk.
 * The server renders the landing page again with its divisions (server/plugins/landing.ts).
 */
export async function renderPage(
  path: string,
  catalog: Record<string, unknown>,
  divisions: Division[] | null = null,
): Promise<{ html: string; title: string }> {
  provideCatalog(DEFAULT_LAN, catalog);
  provideDivisions(divisions);
  const { prelude } = await prerenderToNodeStream(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  const title = takeServerTitle();
  if (!title) throw new Error(`${path} rendered no page title`);
  return { html, title };
}
