/** Page links into the H5 for an order: the five session parameters, then productId and orderId. */
import { SESSION_PARAMS, type SessionParams } from '@cashloan/contract';

export function orderPageQuery(session: SessionParams, ids: { productId: number; orderId?: number | undefined }): string {
  const query = new URLSearchParams(SESSION_PARAMS.map((key): [string, string] => [key, session[key]]));
  query.set('productId', String(ids.productId));
  if (ids.orderId !== undefined) query.set('orderId', String(ids.orderId));
  return query.toString();
}

/** The order details page (spec route /allIt) for an order. */
export function orderDetailsPath(session: SessionParams, ids: { productId: number; orderId: number }): string {
  return `/allIt?${orderPageQuery(session, ids)}`;
}
