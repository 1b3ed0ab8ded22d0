/** A router over one route table; carries page parameters on every navigation. */
import { Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, HashRouter, Outlet, Route, Routes, useLocation } from '../shared/router/router.tsx';
import { Spinner } from '../shared/ui/Spinner.tsx';
import type { RouteEntry } from './routes.tsx';
import { rememberPageParams } from '../shared/params/page-params.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { replayEarlyInput } from './early-input.ts';

function PageFrame() {
  const location = useLocation();
  useEffect(() => {
    rememberPageParams();
  }, [location.search, location.hash]);
  return (
    <ErrorBoundary>
      <Suspense
        fallback={
          <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} aria-label="loading">
            <Spinner />
          </div>
        }
      >
        <Outlet />
        <EarlyInputReplayed />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Beside the page in its Suspense boundary, so its effect runs once the page itself is hydrated
 * (or rendered): then what the borrower typed and tapped before the code ran reaches its handlers,
 * and from then on a tap is answered: the `screen-interactive` performance mark (bench/lighthouse
 * reads it), once per document, as PageFrame stays mounted from one route to the next.
 */
function EarlyInputReplayed() {
  useEffect(() => {
    performance.mark?.('screen-interactive');
    void replayEarlyInput();
    // The host app's two-way channel, once per document and after the first screen: its code is in
    // no route's initial load (docs/bridge.md, "The two-way channel").
    import('../shared/bridge/host-channel.ts').then(({ connectHost }) => connectHost()).catch(() => undefined);
  }, []);
  return null;
}

export function AppRouter({ routes, kind }: { routes: RouteEntry[]; kind: 'browser' | 'hash' }) {
  // Parameters of the very first URL are remembered before any page reads them.
  rememberPageParams();
  const Router = kind === 'browser' ? BrowserRouter : HashRouter;
  return (
    <Router>
      <AppRoutes routes={routes} />
    </Router>
  );
}

/** The route tree under any router; the prerenderer renders the same tree, so hydration matches. */
export function AppRoutes({ routes }: { routes: Array<Pick<RouteEntry, 'path'> & { page: ComponentType }> }) {
  return (
    <Routes>
      <Route element={<PageFrame />}>
        {routes.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function NotFound() {
  return (
    <main style={{ padding: 32, textAlign: 'center' }}>
      <h1 style={{ fontSize: 18 }}>Page not found</h1>
      <a href="/">Go to the home page</a>
    </main>
  );
}
