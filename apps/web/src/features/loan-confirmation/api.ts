/**
 * The calls of loan confirmation: V3 (/smpSystem) uses the v3 family, whose failures are silent
 * (spec section 8: a success flag of false is a no-op — the page shows its own message and a retry);
 * the second variant (/manyVoting) uses the obfuscated goya twins, whose failures toast the server's
 * message. The loan agreement page (/toIs) loads the filled agreement text.
 */
import { useLocation, useSearchParams } from '../../shared/router/router.tsx';
import { agreementContentRoute, contractJumpRoute, contractRoute, goyaAgreementJumpRoute, goyaAgreementsRoute, goyaLoanConfirmRoute, goyaLoanSubmitRoute, loanDetailConfirmRoute, loanDetailPushRoute } from '@cashloan/contract/routes/loan-confirmation';
import { AGREEMENT_SCENE, FIXED_EXTRA_NUMBER } from '@cashloan/contract/routes/values';
import type { AgreementItem } from '@cashloan/contract/loan-confirmation';
import type { LoanConfirmation } from '@cashloan/contract/loan-confirmation';
import type { NewLoanConfirmation } from '@cashloan/contract/loan-confirmation';
import { ApiCallError, callApi, type CallOptions } from '../../shared/http/client.ts';
import { useApi, type LoadState } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import { pageParam, type PageParam } from '../../shared/params/page-params.ts';

/** V3 (/smpSystem, the v3 family) or the second variant (/manyVoting, the goya family). */
export type Variant = 'v3' | 'second';

/** How each family's failures are told: V3 silently (the page says it), goya with the server's toast. */
const FAILURE: Record<Variant, CallOptions> = { v3: { onFailure: 'silent' }, second: {} };

/** The product the page confirms (productId, or its alias product_id), read again when the query changes. */
export function useProductId(): string {
  useLocation();
  return pageParam('productId') ?? '';
}

const confirmationPayload = (productId: string) => ({ productId });
const agreementsPayload = (productId: string) => ({ productId, scene: AGREEMENT_SCENE }) as const;
/** The agreement the loan agreement page names (see useAgreementContent). */
const agreementContentPayload = (productId: string, position: string, orderId: string) => ({ productId, scene: AGREEMENT_SCENE, position, orderId }) as const;

/**
 * Each confirmation screen opens on its confirmation and agreements; the loan agreement page on its
 * text. On the server the address is the page's only source, so its own query and pageParam agree.
 */
export const firstCalls = {
  v3: (param) => {
    const productId = param('productId') ?? '';
    return [firstCall(loanDetailConfirmRoute, confirmationPayload(productId)), firstCall(contractRoute, agreementsPayload(productId))];
  },
  second: (param) => {
    const productId = param('productId') ?? '';
    return [firstCall(goyaLoanConfirmRoute, confirmationPayload(productId)), firstCall(goyaAgreementsRoute, agreementsPayload(productId))];
  },
  agreement: (param: PageParam) => [firstCall(agreementContentRoute, agreementContentPayload(param('productId') || '', param('position') || '1', param('orderId') ?? ''))],
} satisfies Record<string, FirstCalls>;

export type ConfirmationData = LoanConfirmation & Partial<Pick<NewLoanConfirmation, 'NewButtonMsg' | 'NewPopMsg'>>;

export interface ConfirmationScreenData {
  confirmation: ConfirmationData;
  agreements: AgreementItem[];
}

/** The confirmation data and the agreements, loaded together; retry reloads whichever failed. */
export function useConfirmationScreen(variant: Variant): { state: LoadState<ConfirmationScreenData>; retry: () => void } {
  const productId = useProductId();
  const v3 = variant === 'v3';
  // A page is one variant for its whole life, so each hook below always serves the same route.
  const confirmation = useApi(v3 ? loanDetailConfirmRoute : goyaLoanConfirmRoute, confirmationPayload(productId), FAILURE[variant]);
  const agreements = useApi(v3 ? contractRoute : goyaAgreementsRoute, agreementsPayload(productId), FAILURE[variant]);
  const retry = () => {
    if (confirmation.state.status === 'failed') confirmation.retry();
    if (agreements.state.status === 'failed') agreements.retry();
  };
  const c = confirmation.state;
  const a = agreements.state;
  if (c.status === 'failed') return { state: c, retry };
  if (a.status === 'failed') return { state: a, retry };
  if (c.status === 'loading' || a.status === 'loading') return { state: { status: 'loading' }, retry };
  return { state: { status: 'ready', data: { confirmation: c.data, agreements: a.data.data } }, retry };
}

/** The terms on screen, sent back with the push exactly as shown. */
export interface ShownTerms {
  productId: string;
  amount: number;
  periods: number;
  termUnit: number;
}

/** loan-detail-push / goya depush: submits the loan; resolves with the URL to go to next. */
export async function pushLoan(variant: Variant, terms: ShownTerms): Promise<string> {
  const payload = {
    amount: String(terms.amount),
    periods: String(terms.periods),
    termUnit: String(terms.termUnit),
    productId: terms.productId,
    extraNumber: FIXED_EXTRA_NUMBER,
  } as const;
  const options: CallOptions = { ...FAILURE[variant], loading: true };
  const answer = variant === 'v3' ? await callApi(loanDetailPushRoute, payload, options) : await callApi(goyaLoanSubmitRoute, payload, options);
  return answer.data.lendDetailsUrl;
}

/**
 * contract-jump / goya misunderstood: the page of one agreement. No order exists yet on the
 * confirmation screen, so orderId goes empty (an orderId carried from another page is not this loan's).
 */
export async function agreementUrl(variant: Variant, productId: string, position: number): Promise<string> {
  const payload = { productId, scene: AGREEMENT_SCENE, position: String(position), orderId: '', extraNumber: FIXED_EXTRA_NUMBER } as const;
  const options: CallOptions = { ...FAILURE[variant], loading: true };
  const answer = variant === 'v3' ? await callApi(contractJumpRoute, payload, options) : await callApi(goyaAgreementJumpRoute, payload, options);
  return answer.data.contract_url;
}

export const asApiError = (error: unknown) => (error instanceof ApiCallError ? error : new ApiCallError('network', String(error)));

/**
 * The agreement the loan agreement page shows. Its own URL names the agreement (productId, position,
 * orderId, as contract-jump wrote it); an orderId left empty there means the loan being confirmed, so
 * one carried from an earlier page is not used.
 */
export function useAgreementContent() {
  const [search] = useSearchParams();
  const productId = search.get('productId') || search.get('product_id') || pageParam('productId') || '';
  const position = search.get('position') || '1';
  const orderId = search.get('orderId') ?? '';
  return useApi(agreementContentRoute, agreementContentPayload(productId, position, orderId), { onFailure: 'silent' });
}
