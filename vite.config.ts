import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogs, precompress } from './scripts/vite-plugins.ts';

/** The API server `npm run dev` proxies to (the one `npm start` runs). */
const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [catalogs(), react(), vanillaExtractPlugin(), precompress()],
  resolve: {
    // Messages arrive parsed in the build (scripts/vite-plugins.ts); `npm run dev` keeps the parser.
    alias: command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : [],
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
  },
}));
