/** The productId and orderId a page names (its URL or the carried set), for the calls of the order screens. */
import { useLocation } from '../router/router.tsx';
import { pageParam } from './page-params.ts';

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
  const ids: PageIds = {};
  const productId = pageParam('productId');
  const orderId = pageParam('orderId');
  if (productId !== undefined) ids.productId = productId;
  if (orderId !== undefined) ids.orderId = orderId;
  return ids;
}
