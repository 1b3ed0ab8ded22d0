/** The productId and orderId a page names (its URL or the carried set), for the calls of the order screens. */
import { useLocation } from '../router/router.tsx';
import { pageParam, type PageParam } from './page-params.ts';

export interface PageIds {
  productId?: string;
  orderId?: string;
}

/**
 * Read again whenever the page's query changes. A missing id is left out rather than sent empty, so
 * the server's answer says which one is required.
 */
export function usePageIds(): PageIds {
  useLocation();
  return pageIdsOf(pageParam);
}

/** The ids as `param` reads them: the same for a page's hooks and its first calls (first-answers.ts). */
export function pageIdsOf(param: PageParam): PageIds {
  const ids: PageIds = {};
  const productId = param('productId');
  const orderId = param('orderId');
  if (productId !== undefined) ids.productId = productId;
  if (orderId !== undefined) ids.orderId = orderId;
  return ids;
}
