/** The screens the developer preview links to (spec section 2) and how their URLs carry the parameters. */
import { CARRIED_PAGE_PARAMS, type CarriedPageParam } from '@cashloan/contract/common';

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
      { label: 'Loan confirmation', path: '/smpSystem' },
      { label: 'New loan confirmation', path: '/manyVoting' },
      { label: 'Loan detail', path: '/allIt' },
      { label: 'Order', path: '/anFrom' },
      { label: 'Loan agreement', path: '/toIs' },
      { label: 'Joint-login failure', path: '/wherePlurality' },
    ],
  },
  {
    title: 'Repayment',
    links: [
      { label: 'Repayment by period', path: '/allowedAlso' },
      { label: 'Repay', path: '/byAs' },
      { label: 'Extension (rollover)', path: '/votingCandidates' },
      { label: 'Repayment instructions', path: '/dragonpayPaymentInstructions' },
      { label: 'Repayment by code', path: '/repaymentOfCode' },
      { label: 'Repayment code', path: '/repaymentOfCode2' },
      { label: 'Bind bank', path: '/candidateWhile' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'Customer service', path: '/beSeats' },
      { label: 'Complaint entry', path: '/numberWill' },
      { label: 'Complaint start', path: '/complainPage' },
      { label: 'My complaints', path: '/complaintList' },
      { label: 'About us', path: '/pluralityCounting' },
      { label: 'Privacy policy', path: '/maySimilar' },
      { label: 'Official site', path: '/' },
    ],
  },
  {
    title: 'Payment way',
    links: [
      { label: 'Borrow detail', path: '/pay.html', hashRoute: '/borrowDetail' },
      { label: 'Add bank card', path: '/pay.html', hashRoute: '/addnormalcard' },
      { label: 'Repay by card', path: '/pay.html', hashRoute: '/alipayrepayment' },
    ],
  },
  {
    title: 'Promotion',
    links: [
      { label: 'Download template', path: '/promo.html', hashRoute: '/downloadTemplate' },
      { label: 'Agreement template', path: '/promo.html', hashRoute: '/agreementTemplate' },
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
