/**
 * The rules of the loan confirmation screens (/smpSystem, /manyVoting) as pure functions: when Next
 * works, which popup opens, where the back action and the push lead. docs/loan-confirmation.md.
 */
import { withCarriedParams } from '../../shared/params/page-params.ts';
import { checkJumpUrl } from '../../shared/navigation/jump-url.ts';
import { formatMinor } from '../../shared/format/money.ts';
import { plural } from '../../shared/i18n/plural.ts';

export const CONFIRM_TITLE = 'Loan confirmation';
export const AGREEMENT_TITLE = 'Loan agreement';
export const NEXT_LABEL = 'Next';
/** The second variant's agreement checkbox (spec section 2). */
export const AGREED_ABOVE_LABEL = 'I have read and agreed to the above';
/** V3's agreement checkbox, followed by a link per agreement title. */
export const AGREE_TO_LABEL = 'I have read and agree to';
/** The second variant's confirm button when the server sends no label. */
export const CONFIRM_FALLBACK_LABEL = 'Confirm';
export const POINT_OUT_TITLE = 'Point out';
/** The parameter added to the lend-details URL after a push (spec section 7). */
export const FROM_CONFIRM = { from: 'confirm' } as const;
/** The bridge tracking event confirmed before the page moves on after a push. */
export const PUSH_EVENT = 'loan_push';

/** Next (or the server-labelled confirm button) works only while the box is ticked; with no agreements there is no box to tick. */
export function canSubmit(s: { agreed: boolean; hasAgreements: boolean; pending: boolean }): boolean {
  return !s.pending && (s.agreed || !s.hasAgreements);
}

/** A page the agreement modal may embed: a path of this app or an allowed web page (jump check), nothing else. */
export function frameUrl(url: string | null | undefined): string | null {
  const target = checkJumpUrl(url);
  if (target.kind === 'route' || (target.kind === 'web' && target.sameOrigin)) return withCarriedParams(target.url);
  return target.kind === 'web' ? target.url : null;
}

/** The loan-agreement modal opens only when the server names a page to embed (popAgreementUrl non-empty). */
export function showsAgreementModal(popAgreementUrl: string): boolean {
  return frameUrl(popAgreementUrl) !== null;
}

/** What the back action does: on iOS with isPopType 1 the 'Point out' popup asks first; otherwise the webview closes. */
export function backAction(isIos: boolean, isPopType: number): 'pointOut' | 'leave' {
  return isIos && isPopType === 1 ? 'pointOut' : 'leave';
}

export type Destination = { kind: 'route' | 'web' | 'app'; url: string } | { kind: 'refused' };

/** Where a push leads: lendDetailsUrl, if the jump check passes it, with the carried parameters and from=confirm. */
export function lendDetailsDestination(lendDetailsUrl: string): Destination {
  const target = checkJumpUrl(lendDetailsUrl);
  return target.kind === 'refused' ? target : { kind: target.kind, url: withCarriedParams(target.url, FROM_CONFIRM) };
}

/**
 * An agreement page from contract-jump: our own pages get the carried parameters (the page finds the
 * session in the storage it shares); another site's URL, or an app link, goes as the server wrote
 * it, and openJumpUrl checks it.
 */
export function agreementJumpTarget(contractUrl: string): string {
  const target = checkJumpUrl(contractUrl);
  if (target.kind === 'route' || (target.kind === 'web' && target.sameOrigin)) return withCarriedParams(target.url);
  return contractUrl.trim();
}

/** The term as the screens show it: 91 days. */
export function termText(periods: number, termUnit: number): string {
  if (termUnit === 1) return plural(periods, '{n} day', '{n} days');
  return String(periods);
}

/** A rate in basis points as a percentage with 2 decimals: 389 → '3.89%'. */
export function percentFromBp(bp: number): string {
  return `${formatMinor(bp)}%`;
}
