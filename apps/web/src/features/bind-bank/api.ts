/** The bank screen's calls through the shared client: the form (card-init) and the save (bind-card-new, or -change from the order page). */
import { bindCardChangeRoute, bindCardNewRoute, cardInitRoute } from '@cashloan/contract/routes/bind-bank';
import { callApi } from '../../shared/http/client.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import type { BankPayload } from './form-rules.ts';

const bankFormPayload = (productId: string) => ({ product_id: productId });

/** The form of the page's product; a page without one shows its notice and calls nothing. */
export const firstCalls = {
  bank: (param) => {
    const productId = param('productId');
    return productId ? [firstCall(cardInitRoute, bankFormPayload(productId))] : [];
  },
} satisfies Record<string, FirstCalls>;

export function useBankForm(productId: string) {
  return useApi(cardInitRoute, bankFormPayload(productId));
}

/** Saves the filled form; `fromOrder` (source=loanDetail) saves through bind-card-change. Rejects with the server's message. */
export async function saveBankAccount(payload: BankPayload, fromOrder: boolean): Promise<void> {
  await callApi(fromOrder ? bindCardChangeRoute : bindCardNewRoute, payload, { loading: true });
}
