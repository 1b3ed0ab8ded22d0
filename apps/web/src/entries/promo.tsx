import { lazy } from 'react';
import { mount } from '../app/mount.tsx';
import { AppRouter } from '../app/AppRouter.tsx';
import { PROMOTION_ROUTES } from '../app/routes.tsx';
import { DOWNLOAD_TEMPLATE_PATH } from '../shared/navigation/screen-paths.ts';
import DownloadTemplatePage from '../features/promotion/pages/DownloadTemplatePage.tsx';
import { followLangAfterHash } from '../shared/i18n/lang-after-hash.ts';

// The landing is where campaign links open: it comes with the entry (a static import, preloaded by
// promo.html) instead of a second round trip after it, which would cost LCP on a slow phone.
const landing = lazy(() => Promise.resolve({ default: DownloadTemplatePage }));
const routes = PROMOTION_ROUTES.map((route) => (route.path === DOWNLOAD_TEMPLATE_PATH ? { ...route, page: landing } : route));

// The server renders the landing when the query before '#' names the template (server-render.tsx):
// that markup is this page's only on the landing's route.
const hashRoute = () => window.location.hash.slice(1).split('?')[0];
if (!followLangAfterHash()) {
  mount(<AppRouter routes={routes} kind="hash" />, { serverMarkupFits: () => hashRoute() === DOWNLOAD_TEMPLATE_PATH });
}
