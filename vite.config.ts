import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server `npm run dev` proxies to (the one `npm start` runs). */
const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/Media': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The size budgets are enforced by their own test; this only silences Vite's generic hint.
    chunkSizeWarningLimit: 1024,
  },
});
