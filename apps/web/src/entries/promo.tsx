import { lazy } from 'react';
import { mount } from '../app/mount.tsx';
import { AppRouter } from '../app/AppRouter.tsx';
import { PROMOTION_ROUTES } from '../app/routes.tsx';
import { DOWNLOAD_TEMPLATE_PATH } from '../shared/navigation/screen-paths.ts';
import DownloadTemplatePage from '../features/promotion/pages/DownloadTemplatePage.tsx';

// The landing is where campaign links open: it comes with the entry (a static import, preloaded by
// promo.html) instead of a second round trip after it, which would cost LCP on a slow phone.
const landing = lazy(() => Promise.resolve({ default: DownloadTemplatePage }));
const routes = PROMOTION_ROUTES.map((route) => (route.path === DOWNLOAD_TEMPLATE_PATH ? { ...route, page: landing } : route));

mount(<AppRouter routes={routes} kind="hash" />);
