/**
 * The server's renderer of first screens (built with `vite build --ssr` into
 * dist/.ssr/server-render.js; apps/server/src/web/server-render.ts imports it). A route's first
 * screen is rendered once, from the answers of the calls its feature declares (app/first-calls.ts):
 * `firstCalls` builds them for the request's address and session, the server makes them through its
 * own API, as the browser would, and `renderRoute` renders with their answers. The server embeds the
 * same answers in the page, so the browser hydrates this markup without calling again
 * (shared/http/first-answers.ts).
 */
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { ServerAnswer, ServerCall, ServerPage, ServerRender, WebEntry } from '@cashloan/contract/server-render';
import { StaticRouter } from '../shared/router/router.tsx';
import { AppRoutes } from '../app/AppRouter.tsx';
import { MAIN_ROUTES, PROMOTION_ROUTES, type RouteEntry } from '../app/routes.tsx';
import { FIRST_CALLS } from '../app/first-calls.ts';
import { answerKey, FirstAnswersProvider, type FirstAnswers } from '../shared/http/first-answers.ts';
import { buildRequest } from '../shared/http/client.ts';
import { setServerPage } from '../shared/navigation/server-page.ts';
import { DOWNLOAD_TEMPLATE_PATH } from '../shared/navigation/screen-paths.ts';
import { pageParam, serverShownSearch } from '../shared/params/page-params.ts';

export { FIRST_ANSWERS_ID as PRELOADED_ANSWERS_ID } from '../shared/http/first-answers.ts';

/** Each entry's routes the server can render (the others' first screen needs the phone's own state). */
const SERVED: Partial<Record<WebEntry, RouteEntry[]>> = {
  'index.html': MAIN_ROUTES.filter((route) => route.firstScreen !== 'browser'),
  'promo.html': PROMOTION_ROUTES,
};

/**
 * A `#/` app's route is after '#', which the server never sees: it renders the entry's landing, the
 * screen campaign links open, when the query before '#' carries what the landing needs
 * (promo.html?templateId=2#/downloadTemplate). The browser hydrates it only on that route (mount.tsx).
 */
const HASH_LANDINGS: Partial<Record<WebEntry, { path: string; needs: string }>> = {
  'promo.html': { path: DOWNLOAD_TEMPLATE_PATH, needs: 'templateId' },
};

type PageTable = Array<{ path: string; page: ComponentType }>;
let pages: Partial<Record<WebEntry, PageTable>> | undefined;

/** Loads every server-rendered page's code once, so a render never meets a lazy page still loading. */
export async function loadPages(): Promise<void> {
  const loaded: typeof pages = {};
  for (const [entry, routes] of Object.entries(SERVED) as Array<[WebEntry, RouteEntry[]]>) {
    const modules = await Promise.all(routes.map((route) => route.load()));
    loaded[entry] = routes.map((route, i) => ({ path: route.path, page: modules[i]!.default }));
  }
  pages = loaded;
}

export function routeToRender(entry: WebEntry, href: string): string | undefined {
  const landing = HASH_LANDINGS[entry];
  if (landing) return new URL(href).searchParams.get(landing.needs) ? landing.path : undefined;
  const { pathname } = new URL(href);
  return SERVED[entry]?.some((route) => route.path === pathname) ? pathname : undefined;
}

/** The route `page` renders; throws when the server renders none there (the server asked first). */
function routeOf(page: ServerPage): { route: string; routes: PageTable } {
  const routes = pages?.[page.entry];
  const route = routeToRender(page.entry, page.href);
  if (!routes || route === undefined) throw new Error(`server-render: nothing to render for ${page.entry} ${new URL(page.href).pathname}`);
  return { route, routes };
}

/**
 * The calls the page's first screen makes, as its route declares them, each the request the
 * browser's API client would send for this address (the session parameters in its query).
 */
export function firstCalls(page: ServerPage): ServerCall[] {
  const { route } = routeOf(page);
  const declared = FIRST_CALLS[route];
  if (!declared) throw new Error(`server-render: ${route} declares no first calls (app/first-calls.ts)`);
  setServerPage(page);
  try {
    return declared(pageParam).map(({ route: called, payload }) => {
      const { url, init } = buildRequest(called, payload);
      const body = typeof init.body === 'string' ? { body: init.body } : {};
      return { key: answerKey(called, payload), method: called.method, url, headers: init.headers as Record<string, string>, ...body };
    });
  } finally {
    setServerPage(undefined);
  }
}

/** Renders `page` once with its first calls' answers. Synchronous: one render at a time. */
export function renderRoute(page: ServerPage, answers: Record<string, ServerAnswer>): ServerRender {
  const { route, routes } = routeOf(page);
  const first: FirstAnswers = { byKey: { ...answers }, asked: new Set() };
  setServerPage(page);
  try {
    // At the address as the browser will show it: without sessionId, which the page keeps in its storage.
    const markup = renderToString(
      <StrictMode>
        <FirstAnswersProvider value={first}>
          <StaticRouter location={`${route}${serverShownSearch()}`}>
            <AppRoutes routes={routes} />
          </StaticRouter>
        </FirstAnswersProvider>
      </StrictMode>,
    );
    return { markup, undeclared: [...first.asked!].filter((key) => !(key in answers)) };
  } finally {
    setServerPage(undefined);
  }
}
