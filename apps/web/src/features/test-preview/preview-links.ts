/** The screens the developer preview links to (spec section 2) and how their URLs carry the parameters. */
import { CARRIED_PAGE_PARAMS, type CarriedPageParam } from '@cashloan/contract/common';
import {
  ABOUT_US_PATH,
  AGREEMENT_TEMPLATE_PATH,
  BIND_BANK_PATH,
  BORROW_DETAIL_PATH,
  CARD_REPAYMENT_PATH,
  CHOOSE_CARD_PATH,
  COMPLAINT_ENTRY_PATH,
  COMPLAINT_LIST_PATH,
  COMPLAINT_START_PATH,
  CUSTOMER_SERVICE_PATH,
  DOWNLOAD_TEMPLATE_PATH,
  LOAN_AGREEMENT_PATH,
  LOAN_CONFIRMATION_PATH,
  LOGIN_FAILURE_PATH,
  NEW_LOAN_CONFIRMATION_PATH,
  OFFICIAL_SITE_PATH,
  ORDER_DETAILS_PATH,
  ORDER_PATH,
  PAYMENT_INSTRUCTIONS_PATH,
  PAY_APP_PATH,
  PRIVACY_POLICY_PATH,
  PROMO_APP_PATH,
  REPAYMENT_BY_CODE_PATH,
  REPAYMENT_BY_PERIOD_PATH,
  REPAYMENT_CODE_PATH,
  REPAY_PATH,
  ROLLOVER_PATH,
} from '../../shared/navigation/screen-paths.ts';

/** The parameters the preview lets a developer edit: every carried page parameter. */
export const PREVIEW_PARAMS: readonly CarriedPageParam[] = CARRIED_PAGE_PARAMS;
export type PreviewParams = Record<CarriedPageParam, string>;

export interface PreviewLink {
  label: string;
  /** A path of the main app, or another entry's file for the `#/` apps. */
  path: string;
  /** The `#/` route of the payment-way and promotion apps. */
  hashRoute?: string;
}

export const PREVIEW_LINK_GROUPS: ReadonlyArray<{ title: string; links: readonly PreviewLink[] }> = [
  {
    title: 'Loan',
    links: [
      { label: 'Loan confirmation', path: LOAN_CONFIRMATION_PATH },
      { label: 'New loan confirmation', path: NEW_LOAN_CONFIRMATION_PATH },
      { label: 'Loan detail', path: ORDER_DETAILS_PATH },
      { label: 'Order', path: ORDER_PATH },
      { label: 'Loan agreement', path: LOAN_AGREEMENT_PATH },
      { label: 'Joint-login failure', path: LOGIN_FAILURE_PATH },
    ],
  },
  {
    title: 'Repayment',
    links: [
      { label: 'Repayment by period', path: REPAYMENT_BY_PERIOD_PATH },
      { label: 'Repay', path: REPAY_PATH },
      { label: 'Extension (rollover)', path: ROLLOVER_PATH },
      { label: 'Repayment instructions', path: PAYMENT_INSTRUCTIONS_PATH },
      { label: 'Repayment by code', path: REPAYMENT_BY_CODE_PATH },
      { label: 'Repayment code', path: REPAYMENT_CODE_PATH },
      { label: 'Bind bank', path: BIND_BANK_PATH },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'Customer service', path: CUSTOMER_SERVICE_PATH },
      { label: 'Complaint entry', path: COMPLAINT_ENTRY_PATH },
      { label: 'Complaint start', path: COMPLAINT_START_PATH },
      { label: 'My complaints', path: COMPLAINT_LIST_PATH },
      { label: 'About us', path: ABOUT_US_PATH },
      { label: 'Privacy policy', path: PRIVACY_POLICY_PATH },
      { label: 'Official site', path: OFFICIAL_SITE_PATH },
    ],
  },
  {
    title: 'Payment way',
    links: [
      { label: 'Borrow detail', path: PAY_APP_PATH, hashRoute: BORROW_DETAIL_PATH },
      { label: 'Add bank card', path: PAY_APP_PATH, hashRoute: CHOOSE_CARD_PATH },
      { label: 'Repay by card', path: PAY_APP_PATH, hashRoute: CARD_REPAYMENT_PATH },
    ],
  },
  {
    title: 'Promotion',
    links: [
      { label: 'Download template', path: PROMO_APP_PATH, hashRoute: DOWNLOAD_TEMPLATE_PATH },
      { label: 'Agreement template', path: PROMO_APP_PATH, hashRoute: AGREEMENT_TEMPLATE_PATH },
    ],
  },
];

/** What the link shows as its address, e.g. `/beSeats` or `/pay.html#/borrowDetail`. */
export function linkTarget(link: PreviewLink): string {
  return link.hashRoute ? `${link.path}#${link.hashRoute}` : link.path;
}

/**
 * The link's URL with the edited parameters (blank ones left out). The `#/` apps read their query
 * after the hash route, as their hash router does.
 */
export function previewHref(link: PreviewLink, params: Partial<PreviewParams>): string {
  const query = new URLSearchParams();
  for (const name of PREVIEW_PARAMS) {
    const value = params[name]?.trim();
    if (value) query.set(name, value);
  }
  const qs = query.toString() ? `?${query.toString()}` : '';
  return link.hashRoute ? `${link.path}#${link.hashRoute}${qs}` : `${link.path}${qs}`;
}
