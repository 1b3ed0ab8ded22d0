/**
 * Server-side rendering of the static long-text pages (official site, privacy policy, about us),
 * so their text is in the HTML the server sends and readable before any script runs. Built with
 * `vite build --ssr` into dist/.ssr/; the server imports it and calls renderPage per request.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '../shared/router/router.tsx';
import { AppRoutes } from '../app/AppRouter.tsx';
import { setPreloadedAnswers } from '../shared/http/preloaded.ts';
import { ABOUT_US_PATH, OFFICIAL_SITE_PATH, PRIVACY_POLICY_PATH } from '../shared/navigation/screen-paths.ts';
import OfficialSitePage from '../features/site/OfficialSitePage.tsx';
import AboutUsPage from '../features/site/AboutUsPage.tsx';
import PrivacyPolicyPage from '../features/site/PrivacyPolicyPage.tsx';

export { PRELOADED_ANSWERS_ID } from '../shared/http/preloaded.ts';

const PAGES = { [OFFICIAL_SITE_PATH]: OfficialSitePage, [ABOUT_US_PATH]: AboutUsPage, [PRIVACY_POLICY_PATH]: PrivacyPolicyPage };
export const PRERENDERED_PATHS = Object.keys(PAGES);
const ROUTES = Object.entries(PAGES).map(([path, page]) => ({ path, page }));

/**
 * The #root markup of a prerendered page. `answers` are the calls' answers the page shows, keyed by
 * route path (the server embeds the same object in the page for hydration).
 */
export function renderPage(url: string, answers: Record<string, unknown>): string {
  setPreloadedAnswers(answers);
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes routes={ROUTES} />
      </StaticRouter>
    </StrictMode>,
  );
}
