/** The cancel-loan family's calls (issue 23; docs/cancel-loan.md): the cooling-off answer and the exit amount's pay code. */
import { cancelPayCodeRoute, coolingOffRoute } from '@cashloan/contract/routes/cancel-loan';
import type { PayloadOf } from '@cashloan/contract/common';
import { callApi } from '../../shared/http/client.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import { useRefreshOnReturn } from '../../shared/http/use-refresh-on-return.ts';
import { pageIdsOf, usePageIds, type PageIds } from '../../shared/params/use-page-ids.ts';

const coolingOffPayload = ({ orderId }: PageIds) => (orderId === undefined ? {} : { orderId }) as PayloadOf<typeof coolingOffRoute>;

export const firstCalls = { cancel: (param) => [firstCall(coolingOffRoute, coolingOffPayload(pageIdsOf(param)))] } satisfies Record<string, FirstCalls>;

/**
 * cooling-off: whether the page's order can be cancelled now, and for how much. The page shows a
 * refusal itself. Reloaded quietly when the borrower comes back to the app: paid at the counter, the
 * loan is closed and the server's refusal says so.
 */
export function useCoolingOff() {
  const payload = coolingOffPayload(usePageIds());
  const shown = useApi(coolingOffRoute, payload, { onFailure: 'silent' });
  useRefreshOnReturn(coolingOffRoute, payload, shown);
  return shown;
}

/** pay-code: a pay code for the exit amount; resolves with the page to show it on. A failure is toasted by the client. */
export async function requestCancelPayCode(request: { orderId: string; amountMinor: number; channelNumber: string }): Promise<string> {
  const payload: PayloadOf<typeof cancelPayCodeRoute> = { orderId: request.orderId, amount: String(request.amountMinor), channelNumber: request.channelNumber };
  const answer = await callApi(cancelPayCodeRoute, payload, { loading: true });
  return answer.data.payUrl;
}
