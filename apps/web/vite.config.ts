import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeAssetsPlugin } from './build/route-assets.ts';
import { precompressPlugin } from './build/precompress.ts';
import { cssPreloadPlugin } from './build/css-preload.ts';
import { JSX_IMPORT_SOURCE, jsxRuntimeAlias } from './build/jsx-runtime.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two builds (see package.json): the browser app, and with --ssr the prerenderer of the static
// long-text pages (src/entries/prerender.tsx → dist/.ssr/, which the server imports).
export default defineConfig(({ isSsrBuild }) => ({
  // JSX goes through the H5's own runtime, which shows each text in the page's language.
  plugins: [react({ jsxImportSource: JSX_IMPORT_SOURCE }), ...(isSsrBuild ? [] : [cssPreloadPlugin(), routeAssetsPlugin(here('./src/app/routes.tsx')), precompressPlugin()])],
  // The prerenderer carries its own React, so it runs from any directory the build is copied to.
  ssr: { noExternal: true },
  // The server renders the site's Loan Terms tab without waiting for its code (the browser loads it lazily).
  resolve: {
    alias: [
      ...jsxRuntimeAlias,
      ...(isSsrBuild ? [{ find: /^.*[\\/]loan-terms-code\.ts$/, replacement: here('./src/features/site/components/loan-terms-code.server.ts') }] : []),
    ],
  },
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
          // Chunk groups (measured with bench/bundle): every file a route loads costs its own gzip
          // header and dictionary, so small modules that travel together share a chunk. A group also
          // takes in the modules its members import, unless a group of higher priority holds them:
          // hence 'bridge' and 'order-ids' above 'repayment', which would otherwise carry them to
          // every screen that uses the bridge.
          // - react: React, react-dom and the scheduler; its hash does not change with the app's code.
          // - app: what every screen runs (mount, router, route table, http layer, toast, money format,
          //   the few UI pieces all data screens show, the language runtime and its JSX runtime): one chunk
          //   instead of ~13 (−0.6 to −0.8 KiB gzip).
          // - dialog, bridge, order-ids, repayment: the shared pieces of the dialog screens, the
          //   host-app screens, the order screens and the repayment screens (−0.2 to −0.6 KiB each).
          // - complaints: the complaint screens' and the image picker's styles (one CSS file, not two).
          output: {
            // Seven hash characters, not eight (the fewest rolldown allows for this many files): a route's
            // code names every file it may load (the route table, each chunk's imports), and hash
            // characters do not compress.
            entryFileNames: 'assets/[name]-[hash:7].js',
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
            codeSplitting: {
              groups: [
                { name: 'react', priority: 3, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                {
                  name: 'app',
                  priority: 2,
                  test: /src[\\/](shared[\\/](http[\\/](use-api|client|idempotency|first-answers)|ui[\\/](toast|Button|LoadFailure|use-page-title|Loading|page-frame|use-hydrated)|format[\\/]money|i18n[\\/](texts|jsx-runtime)|router[\\/]|navigation[\\/]screen-paths)|app[\\/](routes|AppRouter|ErrorBoundary|mount))\.|contract[\\/]src[\\/](routes[\\/]values|i18n)\./,
                },
                { name: 'bridge', priority: 2, test: /shared[\\/]bridge[\\/](bridge|messages|browser-navigation)\./ },
                {
                  name: 'order-ids',
                  priority: 2,
                  test: /shared[\\/](params[\\/]use-page-ids|http[\\/]use-refresh-on-return)\.|contract[\\/]src[\\/]routes[\\/]order-details\./,
                },
                { name: 'dialog', priority: 1, test: /shared[\\/]ui[\\/](Modal|AlertDialog)\./ },
                // The complaint screens' styles with the shared image picker's (shared/upload, which /myData
                // loads lazily): one CSS file, as before the picker moved. Every lazy route's CSS file is
                // named in the app chunk, which every screen loads, and /manyVoting is within bytes of its budget.
                { name: 'complaints', priority: 1, test: /(features[\\/]complaints[\\/]complaints|shared[\\/]upload[\\/]upload)\.module\.css/ },
                // The loan confirmation's pieces (all but its pages and its lazy dialogs) in one file: the
                // two confirmation screens load all of it, and the agreement page (/toIs), opened from them,
                // finds it in the cache. It takes in the shared modules only it imports (shared/i18n/plural.ts):
                // another feature importing one of them would load this whole chunk (bench/bundle shows it).
                { name: 'loan-confirmation', priority: 1, test: /features[\\/]loan-confirmation[\\/](?!pages[\\/](LoanConfirmPage|NewLoanConfirmPage|LoanAgreementPage)\.|components[\\/]ConfirmDialogs\.)/ },
                {
                  name: 'repayment',
                  priority: 1,
                  test: /features[\\/]repayment[\\/](api|repayment-store|safe-url|navigation|use-once-at-a-time)\.|shared[\\/]navigation[\\/]open-payment-url\.|contract[\\/]src[\\/]routes[\\/]repayment\./,
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
