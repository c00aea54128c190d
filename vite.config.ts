import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import am from './src/i18n/messages/am.json' with { type: 'json' };
import en from './src/i18n/messages/en.json' with { type: 'json' };
import { catalogs, precompress } from './scripts/vite-plugins.ts';

/** The API server `npm run dev` proxies to (the one `npm start` runs). */
const api = process.env.API_URL ?? 'http://localhost:8080';

/**
 * The service worker (src/sw.ts, built with Workbox's precache manifest) and the web app
 * manifest, in Amharic and English. The worker is registered by src/app/register-sw.ts;
 * its precache: the build's scripts and styles, the UI cut of the Ethiopic font and the
 * Amharic and English catalogs (the full font and the four other catalogs are cached
 * once fetched).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  injectManifest: {
    globPatterns: ['assets/*.{js,css}', 'assets/ethiopic-ui-*.woff2', 'assets/{am,en}-*.json'],
  },
  manifest: {
    name: `${am['app.bureau']} · ${en['app.bureau']}`,
    short_name: `${am['app.customerService']}`,
    description: `${am['app.customerService']} · ${en['app.customerService']}`,
    lang: 'am',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f4f6f9',
    theme_color: '#0b3d91',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/** The manifest's link leaves the pages: src/app/register-sw.ts adds it once they have loaded. */
const manifestAfterLoad: Plugin = {
  name: 'manifest-after-load',
  enforce: 'post',
  transformIndexHtml: { order: 'post', handler: (html) => html.replace(/\s*<link rel="manifest"[^>]*>/, '') },
};

export default defineConfig(({ command }) => ({
  plugins: [catalogs(), react(), vanillaExtractPlugin(), precompress(), pwa, manifestAfterLoad],
  resolve: {
    // Messages arrive parsed in the build (scripts/vite-plugins.ts); `npm run dev` keeps the parser.
    alias: [
      ...(command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : []),
      // React 19 has useSyncExternalStore: the package's own entries for React 18 and later
      // (its README), not the shims for older Reacts that @xstate/react and wouter import.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/Media': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads (scripts/size.ts, the budgets test).
    manifest: true,
    // The size budgets are enforced by their own test; this only silences Vite's generic hint.
    chunkSizeWarningLimit: 1024,
    // No polyfill of <link rel="modulepreload"> in the entry (Vite adds one by default): every
    // browser the portal serves but Safari before 17 follows the links itself, and there the
    // modules still load, when imported. The pre-rendered pages preload by their boot script
    // (scripts/build.ts); the polyfill's bytes were in every landing page (ADR 0040).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the first page needs, in two chunks: its libraries, then the entry with the
        // app's own modules (Rolldown merges that group into the entry). Left to itself Rolldown splits
        // the modules the first script shares with lazy chunks (the kept letters, the copies) into
        // several small ones, which costs the landing route more than they weigh; one chunk
        // of everything would run as one long task (ADR 0007's addendum splits them).
        codeSplitting: {
          groups: [
            { name: 'initial', test: /node_modules/, tags: ['$initial'], priority: 2 },
            { name: 'first', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
}));
