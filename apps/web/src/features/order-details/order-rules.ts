/**
 * The order screen's rules (spec section 4) as pure functions: which buttons a status shows, when the
 * screen redirects, which popups open on load and in what order, and the recommendations switch.
 */
import type { OrderDetails } from '@cashloan/contract/order-details';
import { ORDER_STATUS } from '@cashloan/contract/routes/values';
import { REPAYMENT_BY_PERIOD_PATH } from '../../shared/navigation/screen-paths.ts';

/** The title of the order screen and of the joint-login failure screen. */
export const ORDER_DETAILS_TITLE = 'Order Details';

/**
 * Recommended products and 'Click to view more products' on the order screen. As built in the
 * original the hide check is always true, so they stay hidden and the action buttons show; this is
 * the one switch that would bring them back.
 */
export const SHOW_ORDER_RECOMMENDATIONS = false;

/** Where Repayment goes when the server sends no h5Url: the repayment-by-period screen (the server's default REPAY_URL). */
export const FALLBACK_REPAY_PATH = REPAYMENT_BY_PERIOD_PATH;
/** The bank-binding screen is opened with this source from here. */
export const BIND_BANK_SOURCE = 'loanDetail';

/** The tracking position of Borrow Again (event/save moduleId 30). */
export const BORROW_AGAIN_POSITION = '1';

export type OrderAction =
  | { kind: 'repay'; label: 'Repayment' | 'REPAY' }
  | { kind: 'rollover'; label: 'Rollover Repayment'; caption: 'Short of money?' }
  | { kind: 'borrowAgain'; label: 'Borrow Again' };

/** The action buttons of a status: 170 Repayment; 174/180 REPAY + Rollover Repayment with isDelay '1', else Repayment; 200 Borrow Again. */
export function actionsFor(details: Pick<OrderDetails, 'orderStatus' | 'isDelay'>): OrderAction[] {
  switch (details.orderStatus) {
    case 170:
      return [{ kind: 'repay', label: 'Repayment' }];
    case 174:
    case 180:
      return details.isDelay === '1'
        ? [
            { kind: 'repay', label: 'REPAY' },
            { kind: 'rollover', label: 'Rollover Repayment', caption: 'Short of money?' },
          ]
        : [{ kind: 'repay', label: 'Repayment' }];
    case 200:
      return [{ kind: 'borrowAgain', label: 'Borrow Again' }];
    default:
      return [];
  }
}

/** Disbursed orders (repaying, due, overdue, settled) have payments and documents: the order screen links to them (issue 22). */
const DISBURSED_STATUSES: ReadonlySet<number> = new Set([ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue, ORDER_STATUS.settled]);
export function showsRecords(details: Pick<OrderDetails, 'orderStatus'>): boolean {
  return DISBURSED_STATUSES.has(details.orderStatus);
}

/** Any status other than 21 with a non-empty playeduL redirects at once; the URL to go to, or null. */
export function redirectTarget(details: Pick<OrderDetails, 'orderStatus' | 'playeduL'>): string | null {
  const url = details.playeduL.trim();
  return details.orderStatus !== 21 && url !== '' ? url : null;
}

/** Where Repayment goes: the order's h5Url, else the configured repay page. */
export function repayTarget(details: Pick<OrderDetails, 'h5Url'>): string {
  return details.h5Url.trim() || FALLBACK_REPAY_PATH;
}

export type LoadPopup = 'bankCard' | 'kindTips' | 'rating';

/**
 * The popups that open when the screen loads, one after another in this order: the bank-card dialog
 * (cardNeedPop 1), Kind tips (a tips message, until the borrower went to repay in this session),
 * then the rating (isScore '1').
 */
export function loadPopups(
  details: Pick<OrderDetails, 'cardNeedPop' | 'KindTipsMsg' | 'isScore'>,
  bankTipRecorded: boolean,
): LoadPopup[] {
  const popups: LoadPopup[] = [];
  if (details.cardNeedPop === 1) popups.push('bankCard');
  if (details.KindTipsMsg.trim() !== '' && !bankTipRecorded) popups.push('kindTips');
  if (details.isScore === '1') popups.push('rating');
  return popups;
}

/** Tapping Rollover Repayment first shows the server's rollover prompt (reyMsg) when there is one. */
export function needsRolloverPrompt(details: Pick<OrderDetails, 'reyMsg'>): boolean {
  return details.reyMsg.trim() !== '';
}

// ---- the bank tip: recorded for this webview session when the borrower goes to repay ----------------

export const BANK_TIP_KEY = 'bankTipShown';

export function bankTipRecorded(): boolean {
  // The server renders the tip as not yet recorded (a throw caught on every render would cost more);
  // compiled out of the browser's code, as page-params' server reading is.
  if (import.meta.env.SSR) return false;
  try {
    return sessionStorage.getItem(BANK_TIP_KEY) === '1';
  } catch {
    return false;
  }
}

export function recordBankTip(): void {
  try {
    sessionStorage.setItem(BANK_TIP_KEY, '1');
  } catch {
    // Without storage the tip simply shows again next time.
  }
}
