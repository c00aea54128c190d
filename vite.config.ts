import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';

/** Text files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/**
 * Brotli and gzip copies of every compressible file of the build, made once at build time:
 * the server sends the one the browser accepts, without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const full = path.join(dir, f);
          return statSync(full).isDirectory() ? (f === '.vite' ? [] : walk(full)) : [full];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** The API server `npm run dev` proxies to (the one `npm start` runs). */
const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), precompress()],
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
});
