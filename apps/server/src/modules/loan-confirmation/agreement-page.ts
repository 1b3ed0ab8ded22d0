/** Where an agreement is read: the loan agreement page, linked from both confirmation variants. */
import type { Config } from '../../config.ts';

/** Where the loan agreement page is served. */
export const AGREEMENT_PAGE_PATH = '/toIs';

/**
 * The page of one agreement: absolute on PUBLIC_URL when it is configured (the H5 opens an http URL
 * in the webview), else a path of this site. Never built from the request's Host header, which the
 * caller chooses.
 */
export function agreementPageUrl(config: Pick<Config, 'PUBLIC_URL'>, ids: { productId: number; position: number; orderId?: number | undefined }): string {
  const query = new URLSearchParams({ productId: String(ids.productId), position: String(ids.position), orderId: ids.orderId === undefined ? '' : String(ids.orderId) });
  return `${config.PUBLIC_URL?.replace(/\/+$/, '') ?? ''}${AGREEMENT_PAGE_PATH}?${query}`;
}
