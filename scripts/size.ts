import path from 'node:path';
import { gzipOf, sizeReport } from './size-lib.ts';

/**
 * `npm run size`: every chunk of the production build (raw, gzip, brotli) and the routes that
 * load it, then the JS and CSS each route loads. Run `npm run build` first.
 */
const report = sizeReport(path.resolve(import.meta.dirname, '..', 'dist'));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
const loaders = (file: string) =>
  Object.entries(report.routes)
    .filter(([, r]) => r.js.includes(file) || r.css.includes(file))
    .map(([route]) => route);
const all = [...report.files.values()].sort((a, b) => b.gzip - a.gzip);
console.log(`${'chunk'.padEnd(48)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}  loaded by`);
for (const f of all) {
  const routes = loaders(f.file);
  const by =
    routes.length === Object.keys(report.routes).length
      ? 'every route'
      : routes.length
        ? routes.join(' ')
        : report.preloaded.includes(f.file)
          ? 'preloaded by the page'
          : "on demand (a screen's parts, fonts when Ethiopic text shows, catalogs when a language is chosen)";
  console.log(`${f.file.padEnd(48)}${kb(f.raw)}${kb(f.gzip)}${kb(f.brotli)}  ${by}`);
}
console.log(`\n${'route'.padEnd(30)}${'JS gzip'.padStart(10)}${'CSS gzip'.padStart(10)}`);
for (const [route, r] of Object.entries(report.routes))
  console.log(`${route.padEnd(30)}${kb(gzipOf(report, r.js)).padStart(10)}${kb(gzipOf(report, r.css)).padStart(10)}`);
console.log(
  `\nCatalogs (JSON, fetched when their language is needed): ${report.catalogs.map((c) => `${path.basename(c)} ${kb(report.files.get(c)?.gzip ?? 0).trim()}`).join(', ')}`,
);
console.log(`Preloaded by the page: ${report.preloaded.join(', ') || 'nothing'}`);
