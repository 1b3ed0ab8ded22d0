import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeAssetsPlugin } from './build/route-assets.ts';
import { precompressPlugin } from './build/precompress.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two builds (see package.json): the browser app, and with --ssr the prerenderer of the static
// long-text pages (src/entries/prerender.tsx → dist/.ssr/, which the server imports).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [routeAssetsPlugin(here('./src/app/routes.tsx')), precompressPlugin()])],
  // The prerenderer carries its own React, so it runs from any directory the build is copied to.
  ssr: { noExternal: true },
  // The server renders the site's Loan Terms tab without waiting for its code (the browser loads it lazily).
  resolve: isSsrBuild ? { alias: [{ find: /^.*[\\/]loan-terms-code\.ts$/, replacement: here('./src/features/site/components/loan-terms-code.server.ts') }] } : {},
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { target: 'node20', copyPublicDir: false }
    : {
        // es2020 (Chrome 80, Android WebView 80+): optional chaining and ?? ship as written.
        target: 'es2020',
        // No preload helper for JS (~1.2 KiB gzip off every route: the route table's preload map). The
        // server announces each route's own JS with <link rel="modulepreload"> (dist/route-assets.json);
        // an in-app navigation fetches a page's imports one round trip after the page. CSS still loads.
        modulePreload: false,
        // Three small entries: the main app and the two `#/` apps load only their own code.
        rollupOptions: {
          input: { main: here('./index.html'), pay: here('./pay.html'), promo: here('./promo.html') },
          // React, react-dom and the scheduler in one chunk of their own: ~0.4 KiB gzip less on every
          // route than React's core apart from react-dom, and its hash does not change with the app's code.
          // 'app': the http layer, the toast, the money format and the few UI pieces the data screens all
          // load, in one chunk instead of ~9 small ones (−0.7 to −1.2 KiB gzip on the largest routes;
          // +2 to +3.3 on the three light pages that use only some of it, which stay under 84).
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                {
                  name: 'app',
                  test: /src[\\/]shared[\\/](http[\\/](use-api|client|idempotency|preloaded|use-refresh-on-return)|ui[\\/](toast|Button|LoadFailure|use-page-title|Loading|page-frame)|format[\\/]money)\.|contract[\\/]src[\\/]routes[\\/]values/,
                },
              ],
            },
          },
        },
        reportCompressedSize: true,
        // bench/bundle and the route preloading read it (through dist/route-assets.json).
        manifest: true,
      },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/h5api', '/api', '/ops', '/gopia', '/user-problem', '/story', '/service', '/uploads', '/healthz'].map((p) => [p, 'http://localhost:8080']),
    ),
  },
}));
