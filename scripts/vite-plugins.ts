import { parse } from '@formatjs/icu-messageformat-parser';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { LAN_CODES, DEFAULT_LAN } from '../contract/languages.ts';

/** Text files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/** Writes the brotli and gzip copies of a file next to it (`x.js.br`, `x.js.gz`). */
export function compressFile(file: string): void {
  const bytes = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * Brotli and gzip copies of every compressible file of the build, made once at build time:
 * the server sends the one the browser accepts, without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (ssr) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const full = path.join(dir, f);
          return statSync(full).isDirectory() ? (f === '.vite' ? [] : walk(full)) : [full];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) compressFile(file);
    },
  };
}

const CATALOGS_ID = 'virtual:catalogs';
const MESSAGES_DIR = path.resolve(import.meta.dirname, '../src/i18n/messages');
const catalogFile = (lan: string) => path.join(MESSAGES_DIR, `${lan.toLowerCase()}.json`);

/**
 * `virtual:catalogs`: one loader per language. In the build, each catalog's ICU messages are
 * parsed here (a message that does not parse fails the build) and written as a hashed JSON
 * file: data, not code, cached on its own and fetched in parallel with the scripts (the
 * default language's is preloaded by the page). The ICU parser stays out of the bundle (its
 * no-parser build is aliased in vite.config.ts). `npm run dev` and the tests import the
 * catalogs' sources, parsed at run time.
 */
export function catalogs(): Plugin {
  let build = false;
  const urls: Record<string, string> = {};
  return {
    name: 'portal-catalogs',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === CATALOGS_ID ? `\0${CATALOGS_ID}` : null),
    load(id) {
      if (id !== `\0${CATALOGS_ID}`) return null;
      if (!build) {
        const entries = LAN_CODES.map(
          (lan) => `${lan}: () => import('/src/i18n/messages/${lan.toLowerCase()}.json').then((m) => m.default)`,
        );
        return `export const catalogs = { ${entries.join(', ')} };`;
      }
      for (const lan of LAN_CODES) {
        this.addWatchFile(catalogFile(lan));
        const source = JSON.parse(readFileSync(catalogFile(lan), 'utf8')) as Record<string, string>;
        const compiled = JSON.stringify(
          Object.fromEntries(Object.entries(source).map(([key, text]) => [key, parse(text)])),
        );
        const hash = createHash('sha256').update(compiled).digest('base64url').slice(0, 8);
        const fileName = `assets/${lan.toLowerCase()}-${hash}.json`;
        this.emitFile({ type: 'asset', fileName, source: compiled });
        urls[lan] = `/${fileName}`;
      }
      const entries = LAN_CODES.map((lan) => `${lan}: () => fetchCatalog(${JSON.stringify(urls[lan])})`);
      return `import { fetchCatalog } from '/src/i18n/fetch-catalog.ts';\nexport const catalogs = { ${entries.join(', ')} };`;
    },
    transformIndexHtml() {
      // The default language's catalog comes with the page, fetched while the scripts load.
      const href = urls[DEFAULT_LAN];
      return href
        ? [{ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: '' }, injectTo: 'head' }]
        : [];
    },
  };
}
