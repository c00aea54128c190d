import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as Prerender from '../src/prerender.tsx';
import { SESSION_STORAGE_KEY } from '../contract/limits.ts';
import { ELSEWHERE_ATTRIBUTE, LINKED_ATTRIBUTE, SENT_ELSEWHERE } from '../contract/page-route.ts';
import { bootSource } from './boot.ts';
import { CATALOG_FILE, sizeReport } from './size-lib.ts';
import { compressFile } from './vite-plugins.ts';
import { writeEvidence } from './evidence.ts';

/**
 * `npm run build`: the SPA for production, then its most visited public pages pre-rendered
 * (PRERENDERED in src/app/prerendered.ts: the landing page, login, check status).
 *  1. `vite build` writes dist/ (hashed assets, catalogs, their brotli and gzip copies).
 *  2. A server build of src/prerender.tsx renders each page with React's server renderer, in
 *     the default language, as a first-time visitor sees it.
 *  3. Each goes into its own copy of index.html (`/` into index.html, `/login` into
 *     login.html: the server sends them, src/main.tsx hydrates them) with its styles inline,
 *     the small cut of the Ethiopic font its text needs, and its scripts asked for once it
 *     has painted (the boot module below);
 *     dist/app.html keeps the empty page, served for every other route.
 *  4. The server bundle stays in dist/.ssr (never served): the server renders the landing
 *     page again with the divisions it holds (server/plugins/landing.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(dist, '.ssr');
const configFile = path.join(root, 'vite.config.ts');
process.env.NODE_ENV = 'production';

await build({ root, configFile, mode: 'production', logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
await build({
  root,
  configFile,
  mode: 'production',
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false },
});

const catalogName = readdirSync(path.join(dist, 'assets')).find((f) => CATALOG_FILE.test(f) && f.startsWith('am-'));
if (!catalogName) throw new Error('the Amharic catalog is not in dist/assets');
const catalog = JSON.parse(readFileSync(path.join(dist, 'assets', catalogName), 'utf8')) as Record<string, unknown>;
const ssr = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as typeof Prerender;

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const report = sizeReport(dist);
const entryJs = new Set(report.routes['/']?.js);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
// The pages are in Amharic: the small cut of the Ethiopic font (scripts/fonts.ts, both weights
// in one file) is needed at once on a device without its own, so it is asked for with the page.
const fonts = readdirSync(path.join(dist, 'assets'))
  .filter((f) => /^ethiopic-ui-[\w-]+\.woff2$/.test(f))
  .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`);
if (fonts.length !== 1) throw new Error(`expected one Ethiopic UI font in dist/assets, found ${fonts.length}`);

const entryTag = /\s*<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/;
const catalogTag = /\s*<link rel="preload" href="([^"]+\.json)" as="fetch" crossorigin(?:="")?>/;
const modulePreloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entry = entryTag.exec(shell)?.[1];
if (!entry) throw new Error('index.html has no entry script where scripts/build.ts expects it');
// The plan that fetches the screen's code (src/app/prefetch-plan.ts), which src/main.tsx waits
// for before its first render: asked for with the page's scripts, not once the entry has run.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string } | undefined
>;
const planFile = manifest['src/app/prefetch-plan.ts']?.file;
if (!planFile) throw new Error('the prefetch plan is not a chunk of its own in dist/.vite/manifest.json');
const plan = `/${planFile}`;
const catalogHref = catalogTag.exec(shell)?.[1];
if (!catalogHref) throw new Error('index.html preloads no catalog where scripts/build.ts expects it');

/**
 * The server sends the login's page at a link below the dashboard too (SENT_ELSEWHERE, ADR
 * 0042): a tab that holds a session there is not shown it. A classic script at the top (run
 * before the body is read, so before any paint) marks such a page, at an address not its own,
 * in a tab with a session: the mark hides the page (in a tab without one, another mark keeps the
 * room of the notice that names the link's case: LINKED_ATTRIBUTE). One right after the page's content drops
 * that content, then the mark: the app renders the page asked for into an empty page
 * (src/main.tsx), and the boot module, with nothing to paint, asks for the scripts at once.
 */
const hiddenElsewhere = (route: string) => {
  const mark = JSON.stringify(ELSEWHERE_ATTRIBUTE);
  return {
    top: [
      `<style>[${ELSEWHERE_ATTRIBUTE}] #root{visibility:hidden}</style>`,
      `<script>try{location.pathname!==${JSON.stringify(route)}&&document.documentElement.setAttribute(sessionStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})?${mark}:${JSON.stringify(LINKED_ATTRIBUTE)},"")}catch(e){}</script>`,
    ],
    after: `<script>if(document.documentElement.hasAttribute(${mark})){document.getElementById("root").replaceChildren();document.documentElement.removeAttribute(${mark})}</script>`,
  };
};

for (const route of ssr.PRERENDERED) {
  const files = report.routes[route];
  if (!files) throw new Error(`${route} is not in the routes of scripts/size-lib.ts`);
  const { html, title } = await ssr.renderPage(route, catalog);
  const elsewhere = SENT_ELSEWHERE.includes(route) ? hiddenElsewhere(route) : null;
  // The page's styles (a few KB compressed) come inside it: no request stands between the
  // page and its first paint. Its screen's scripts are named at once, not found later.
  const styles = files.css.map((f) => `<style>${readFileSync(path.join(dist, f), 'utf8').trim()}</style>`);
  // Each inlined style sheet also named, disabled (never fetched): the module loader finds it
  // there and does not fetch it again, and wait for it, when a chunk it belongs to is imported.
  const named = files.css.map((f) => `<link rel="stylesheet" href="/${f}" disabled>`);
  // The entry's own imports (Vite's modulepreload links), the entry and the screen's chunks: asked
  // for together (the entry runs after its imports, but its bytes need not wait for them: 0.5 s on 3G).
  const first = [...shell.matchAll(modulePreloadTag)].map((m) => m[1] ?? '');
  const modules = [...first, entry, plan, ...files.js.filter((f) => !entryJs.has(f)).map((f) => `/${f}`)];
  // Inside the page (its hash is in the pages' CSP, server/plugins/headers.ts): the font is
  // then the only thing the page asks for before its first paint.
  const boot = `<script type="module" data-entry="${entry}" data-catalog="${catalogHref}" data-first="${first.join(' ')}" data-modules="${modules.join(' ')}">${bootSource(Boolean(elsewhere))}</script>`;
  const page = shell
    .replace(entryTag, () => `\n    ${boot}`)
    .replace(catalogTag, '')
    .replace(modulePreloadTag, '')
    .replace(/\s*<link rel="stylesheet" crossorigin href="[^"]+">/g, '')
    .replace('<div id="root"></div>', `<div id="root">${html}</div>${elsewhere?.after ?? ''}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace('</head>', `  ${[...styles, ...named, ...fonts, ...(elsewhere?.top ?? [])].join('\n    ')}\n  </head>`);
  if (!page.includes(html) || page.includes('rel="stylesheet" crossorigin') || !page.includes(boot))
    throw new Error(`${route}: index.html is not the page scripts/build.ts expects`);
  const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
  writeFileSync(path.join(dist, file), page);
  compressFile(path.join(dist, file));
  console.log(
    `Pre-rendered ${route}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML in ${path.relative(root, path.join(dist, file))}`,
  );
}
// The server bundle stays: the server renders the landing page again with its divisions
// (server/plugins/landing.ts), with the catalog the page was rendered with.
writeFileSync(path.join(ssrOut, 'catalog.json'), JSON.stringify(catalog));
writeFileSync(path.join(dist, 'app.html'), shell);
compressFile(path.join(dist, 'app.html'));
// The auditor's evidence pack beside the SPA, offered on /flows (issue 52): the web page always,
// the PDF where Debian's Chromium is installed to print it.
const evidence = await writeEvidence(path.join(dist, 'evidence'));
if (!evidence.pdf) console.log('No Chromium: the evidence pack is built as a web page only (dist/evidence).');
writeFileSync(path.join(dist, '.built'), new Date().toISOString());
// The rendered app's modules keep handles open (the flow monitor's BroadcastChannel).
process.exit(0);
