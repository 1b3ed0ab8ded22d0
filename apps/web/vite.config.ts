import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeAssetsPlugin } from './build/route-assets.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [react(), routeAssetsPlugin(here('./src/app/routes.tsx'))],
  resolve: {
    // react-router's package points bundlers at its development build; the production build drops
    // the dev-only warnings (~4 KiB gzip off every route).
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: here('../../node_modules/react-router/dist/production/index.mjs') }] : [],
  },
  build: {
    target: 'es2019',
    // Three small entries: the main app and the two `#/` apps load only their own code.
    rollupOptions: {
      input: { main: here('./index.html'), pay: here('./pay.html'), promo: here('./promo.html') },
    },
    reportCompressedSize: true,
    // bench/bundle reads it to add up what each route loads before it is usable.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/h5api', '/api', '/ops', '/gopia', '/user-problem', '/story', '/service', '/uploads', '/healthz'].map((p) => [p, 'http://localhost:8080']),
    ),
  },
}));
