/**
 * The order-details family's calls: the order (with pull-to-refresh), who handles an overdue order,
 * the app rating, Borrow Again tracking, and the joint-login failure page's information, click
 * tracking and product jump URL.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  eventSaveRoute,
  goyaClickTrackRoute,
  goyaFailureInfoRoute,
  goyaProductJumpRoute,
  googleScoreRoute,
  loanCollectorRoute,
  loanDetailsRoute,
} from '@cashloan/contract/routes/order-details';
import { GOOGLE_SCORE, ORDER_STATUS, TRACKING_MODULE } from '@cashloan/contract/routes/values';
import type { PayloadOf } from '@cashloan/contract/common';
import type { CollectionContact, OrderDetails } from '@cashloan/contract/order-details';
import { ApiCallError, callApi } from '../../shared/http/client.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import { useRefreshOnReturn } from '../../shared/http/use-refresh-on-return.ts';
import { pageIdsOf, usePageIds } from '../../shared/params/use-page-ids.ts';
import { BORROW_AGAIN_POSITION } from './order-rules.ts';

const asError = (error: unknown) => (error instanceof ApiCallError ? error : new ApiCallError('network', String(error)));

/** The order screen opens on the order; the joint-login failure page on its messages. */
export const firstCalls = {
  order: (param) => [firstCall(loanDetailsRoute, pageIdsOf(param) as PayloadOf<typeof loanDetailsRoute>)],
  loginFailure: (param) => [firstCall(goyaFailureInfoRoute, pageIdsOf(param))],
} satisfies Record<string, FirstCalls>;

/**
 * The order of the page's productId and orderId. `refresh` reloads it in place (the order stays on
 * screen meanwhile); a failed refresh is kept in `refreshError` until the next success. It is also
 * reloaded quietly when the borrower comes back to the app (useRefreshOnReturn).
 */
export function useOrderDetails() {
  const payload = usePageIds() as PayloadOf<typeof loanDetailsRoute>;
  const payloadKey = JSON.stringify(payload);
  const { state, retry, setData } = useApi(loanDetailsRoute, payload);
  const [refreshError, setRefreshError] = useState<ApiCallError | null>(null);
  const showFresh = useCallback(
    (data: OrderDetails) => {
      setRefreshError(null);
      setData(data);
    },
    [setData],
  );
  const refresh = useCallback(async () => {
    try {
      const answer = await callApi(loanDetailsRoute, JSON.parse(payloadKey) as PayloadOf<typeof loanDetailsRoute>);
      showFresh(answer.data);
    } catch (error) {
      setRefreshError(asError(error));
    }
  }, [payloadKey, showFresh]);
  useRefreshOnReturn(loanDetailsRoute, payload, { state, retry, setData: showFresh });
  return { state, retry, refresh, refreshError };
}

/**
 * loan-details/collector (issue 38): who handles the order, asked only while the order on screen is
 * overdue, again with each fresh order (pull-to-refresh, back in the app). Asked in the browser only
 * (an effect, not useApi): it is not part of the first screen the server renders, so the markup
 * hydrates as rendered. Null while it loads, when the server has nothing to show, and when the call
 * fails (silently: the page simply shows no "Handled by").
 */
export function useCollectionContact(details: OrderDetails): CollectionContact | null {
  const overdue = details.orderStatus === ORDER_STATUS.overdue;
  const payloadKey = JSON.stringify(usePageIds());
  const [contact, setContact] = useState<{ request: string; data: CollectionContact | null } | null>(null);
  useEffect(() => {
    if (!overdue) return;
    const controller = new AbortController();
    callApi(loanCollectorRoute, JSON.parse(payloadKey) as PayloadOf<typeof loanCollectorRoute>, { onFailure: 'silent', signal: controller.signal }).then(
      (answer) => setContact({ request: payloadKey, data: answer.data }),
      () => {
        if (!controller.signal.aborted) setContact({ request: payloadKey, data: null });
      },
    );
    return () => controller.abort();
  }, [overdue, payloadKey, details]);
  return overdue && contact?.request === payloadKey ? contact.data : null;
}

/** google-score: always submits 5, whatever number of stars was chosen (spec section 9). */
export async function submitAppRating(): Promise<void> {
  await callApi(googleScoreRoute, { score: GOOGLE_SCORE }, { loading: true });
}

/** event/save for Borrow Again (moduleId 30). */
export async function trackBorrowAgain(productId: string): Promise<void> {
  await callApi(eventSaveRoute, { productId, moduleId: TRACKING_MODULE.borrowAgain, positionId: BORROW_AGAIN_POSITION });
}

/** drowns: the joint-login failure messages and recommendations, for the page's product and order when named. */
export function useFailureInfo() {
  return useApi(goyaFailureInfoRoute, usePageIds());
}

/** because: a tap on a recommendation (moduleId 18; the position is its index in the list). */
export async function trackRecommendationClick(productId: number, index: number): Promise<void> {
  await callApi(goyaClickTrackRoute, {
    productId: String(productId),
    moduleId: TRACKING_MODULE.failureRecommendations,
    positionId: String(index),
  });
}

/** define: the recommended product's jump URL. */
export async function fetchProductJumpUrl(productId: number): Promise<string> {
  const answer = await callApi(goyaProductJumpRoute, { productId: String(productId) }, { loading: true });
  return answer.data.url;
}
