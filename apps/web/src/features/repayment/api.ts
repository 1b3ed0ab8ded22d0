/**
 * The repayment family's calls: the repayment-by-plan and rollover screens' information, pay codes,
 * and repayment by card (pay.html), plus the order the borrow-detail screen shows.
 */
import { loanDetailsRoute } from '@cashloan/contract/routes/order-details';
import { generateVcodeRoute, loanPlayDetailRoute, repaymentCommitRoute, repaymentConfirmRoute, repaymentHuichaoRoute, repaymentWayRoute, rolloverInfoRoute, upiPayRoute } from '@cashloan/contract/routes/repayment';
import { ROLLOVER_FLAG } from '@cashloan/contract/routes/values';
import type { PayloadOf } from '@cashloan/contract/common';
import { ApiCallError, callApi, NETWORK_FAILURE_MESSAGE } from '../../shared/http/client.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import { useRefreshOnReturn } from '../../shared/http/use-refresh-on-return.ts';
import { pageIdsOf, usePageIds } from '../../shared/params/use-page-ids.ts';
import { showFailure } from '../../shared/ui/toast.ts';

/**
 * The plan and rollover screens open on their information, the card screens on the order's ways to
 * pay (its cards), the borrow detail on the order (the pay-code and instruction screens call nothing first).
 */
export const firstCalls = {
  plan: (param) => [firstCall(loanPlayDetailRoute, pageIdsOf(param) as PayloadOf<typeof loanPlayDetailRoute>)],
  rollover: (param) => [firstCall(rolloverInfoRoute, pageIdsOf(param) as PayloadOf<typeof rolloverInfoRoute>)],
  cards: (param) => [firstCall(repaymentWayRoute, { orderId: pageIdsOf(param).orderId } as PayloadOf<typeof repaymentWayRoute>)],
  borrowDetail: (param) => [firstCall(loanDetailsRoute, pageIdsOf(param) as PayloadOf<typeof loanDetailsRoute>)],
} satisfies Record<string, FirstCalls>;

/** loan-play-detail: the repayment-by-plan screen; reloaded quietly when the borrower comes back to the app. */
export function useRepaymentPlan() {
  const payload = usePageIds() as PayloadOf<typeof loanPlayDetailRoute>;
  const shown = useApi(loanPlayDetailRoute, payload);
  useRefreshOnReturn(loanPlayDetailRoute, payload, shown);
  return shown;
}

/** story/inherited: the rollover screen; reloaded quietly when the borrower comes back to the app. */
export function useRolloverInfo() {
  const payload = usePageIds() as PayloadOf<typeof rolloverInfoRoute>;
  const shown = useApi(rolloverInfoRoute, payload);
  useRefreshOnReturn(rolloverInfoRoute, payload, shown);
  return shown;
}

/** generate-vcode: a pay code for the chosen channel; resolves with the page to show it on. */
export async function requestPayCode(request: { productId: string; orderId: string; amountMinor: number; channelNumber: string; rollover: boolean }): Promise<string> {
  const payload: PayloadOf<typeof generateVcodeRoute> = {
    productId: request.productId,
    orderId: request.orderId,
    amount: String(request.amountMinor),
    channelNumber: request.channelNumber,
  };
  if (request.rollover) payload.isDelay = ROLLOVER_FLAG;
  const answer = await callApi(generateVcodeRoute, payload, { loading: true });
  return answer.data.payUrl;
}

/** upi-pay (Indian orders, real=1): a pay code on the UPI channel, its upi://pay link and the link's QR image. */
export async function requestUpiPayment(request: { productId: string; orderId: string; amountMinor: number; rollover: boolean }) {
  const payload: PayloadOf<typeof upiPayRoute> = { productId: request.productId, orderId: request.orderId, amount: String(request.amountMinor) };
  if (request.rollover) payload.isDelay = ROLLOVER_FLAG;
  const answer = await callApi(upiPayRoute, payload, { loading: true });
  return answer.data;
}

// ---- repayment by card ------------------------------------------------------------------------

/** The spec's default failure text of the repayment calls (section 8). */
export const REPAYMENT_DEFAULT_FAILURE = '处理失败';
/** What the repayment calls show when the network failed (spec section 8). */
export const REPAYMENT_NETWORK_FAILURE = 'error';
/** The title of the card screens' failed load (spec section 8: a failed card list shows a query-failed message). */
export const QUERY_FAILED_TITLE = 'Query failed';

/** The text a failed card-repayment call shows: the server's message, else 处理失败; 'error' when the network failed. */
export function repaymentFailureText(error: unknown): string {
  if (!(error instanceof ApiCallError)) return REPAYMENT_DEFAULT_FAILURE;
  if (error.kind === 'network' || error.kind === 'timeout') return REPAYMENT_NETWORK_FAILURE;
  if (error.kind === 'server' && error.message.trim() !== '' && error.message !== NETWORK_FAILURE_MESSAGE) return error.message;
  return REPAYMENT_DEFAULT_FAILURE;
}

/** Runs a card-repayment call and toasts its failure text; the caller still gets the error. */
async function repaymentCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiCallError && error.message === 'cancelled')) showFailure(repaymentFailureText(error));
    throw error;
  }
}

/** repayment-way: cards, the alternate channel, a one-time token and the amount due. Failures are shown by the page. */
export function useRepaymentWays() {
  const orderId = usePageIds().orderId;
  return useApi(repaymentWayRoute, { orderId } as PayloadOf<typeof repaymentWayRoute>, { onFailure: 'silent' });
}

export type CommitPayload = PayloadOf<typeof repaymentCommitRoute>;

export function commitCardRepayment(payload: CommitPayload) {
  return repaymentCall(async () => (await callApi(repaymentCommitRoute, payload, { loading: true, onFailure: 'silent' })).data);
}

export function confirmCardRepayment(payload: PayloadOf<typeof repaymentConfirmRoute>) {
  return repaymentCall(async () => (await callApi(repaymentConfirmRoute, payload, { loading: true, onFailure: 'silent' })).data);
}

/** repayment-huichao: the alternate channel's payment page. */
export function startOnlinePayment(payload: PayloadOf<typeof repaymentHuichaoRoute>) {
  return repaymentCall(async () => (await callApi(repaymentHuichaoRoute, payload, { loading: true, onFailure: 'silent' })).data.url);
}

/** The order, for the borrow-detail screen after a card repayment; reloaded quietly when the borrower comes back to the app. */
export function useBorrowDetail() {
  const payload = usePageIds() as PayloadOf<typeof loanDetailsRoute>;
  const shown = useApi(loanDetailsRoute, payload);
  useRefreshOnReturn(loanDetailsRoute, payload, shown);
  return shown;
}
