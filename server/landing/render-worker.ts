import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { Division } from '../../contract/entities.ts';

/**
 * The landing page rendered with the divisions the server holds, by the build's server
 * bundle of the SPA (dist/.ssr), in a thread of its own: the app's modules (React, the
 * catalogs, the browser storage they expect) stay out of the server's own globals, and a
 * render never holds up a request.
 */
const { bundle, catalog } = workerData as { bundle: string; catalog: string };

/** What the build's server bundle (src/prerender.tsx) offers; the server does not import the SPA's sources. */
type Renderer = {
  renderPage(
    path: string,
    catalog: Record<string, unknown>,
    divisions: Division[],
  ): Promise<{ html: string; title: string }>;
};
const ssr = (await import(pathToFileURL(bundle).href)) as Renderer;
const messages = JSON.parse(readFileSync(catalog, 'utf8')) as Record<string, unknown>;

parentPort?.on('message', (request: { id: number; divisions: Division[] }) => {
  ssr.renderPage('/', messages, request.divisions).then(
    ({ html }) => parentPort?.postMessage({ id: request.id, html }),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: String(error) }),
  );
});
