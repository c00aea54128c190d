import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { renderLanding as RenderLanding } from '../src/prerender.tsx';
import { CATALOG_FILE } from './size-lib.ts';
import { compressFile } from './vite-plugins.ts';

/**
 * `npm run build`: the SPA for production, then its landing page pre-rendered.
 *  1. `vite build` writes dist/ (hashed assets, catalogs, their brotli and gzip copies).
 *  2. A server build of src/prerender.tsx renders the landing page with React's server
 *     renderer, in the default language, as a first-time visitor sees it.
 *  3. dist/index.html gets that HTML (served for `/`, hydrated by src/main.tsx), its styles
 *     inline, and preloads the small cut of the Ethiopic font its text needs;
 *     dist/app.html keeps the empty page, served for every other route.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(dist, '.ssr');
const configFile = path.join(root, 'vite.config.ts');
process.env.NODE_ENV = 'production';

await build({ root, configFile, mode: 'production', logLevel: 'warn' });
await build({
  root,
  configFile,
  mode: 'production',
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false },
});

// What the browser APIs the app touches while rendering give a first-time visitor: nothing saved.
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
Object.assign(globalThis, { sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() });

const catalogName = readdirSync(path.join(dist, 'assets')).find((f) => CATALOG_FILE.test(f) && f.startsWith('am-'));
if (!catalogName) throw new Error('the Amharic catalog is not in dist/assets');
const catalog = JSON.parse(readFileSync(path.join(dist, 'assets', catalogName), 'utf8')) as Record<string, unknown>;
const { renderLanding } = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as { renderLanding: typeof RenderLanding };
const { html, title } = renderLanding(catalog);
rmSync(ssrOut, { recursive: true, force: true });

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
// The landing page is in Amharic: the small cut of the Ethiopic font (scripts/fonts.ts) is
// needed at once on a device without its own, so it is asked for with the page.
const fonts = readdirSync(path.join(dist, 'assets'))
  .filter((f) => /^ethiopic-ui-\d+-[\w-]+\.woff2$/.test(f))
  .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`);
if (fonts.length !== 2) throw new Error(`expected the two weights of the Ethiopic UI font in dist/assets, found ${fonts.length}`);
// The landing page's styles (2-3 KB compressed) come inside it: no request stands between
// the page and its first paint.
const inlined = shell.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w-]+\.css)">/g, (_, file: string) => `<style>${readFileSync(path.join(dist, file), 'utf8').trim()}</style>`);
if (inlined.includes('rel="stylesheet"')) throw new Error('a stylesheet of index.html was not inlined');
const landing = inlined
  .replace('<div id="root"></div>', `<div id="root">${html}</div>`)
  .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
  .replace('</head>', `  ${fonts.join('\n    ')}\n  </head>`);
if (landing === shell || !landing.includes(html)) throw new Error('index.html has no empty <div id="root"></div> to fill');
writeFileSync(path.join(dist, 'app.html'), shell);
writeFileSync(path.join(dist, 'index.html'), landing);
for (const file of ['app.html', 'index.html']) compressFile(path.join(dist, file));
writeFileSync(path.join(dist, '.built'), new Date().toISOString());
console.log(`Pre-rendered the landing page: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML in dist/index.html`);
// The rendered app's modules keep handles open (the flow monitor's BroadcastChannel).
process.exit(0);
