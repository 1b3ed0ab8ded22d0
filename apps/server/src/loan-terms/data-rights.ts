/**
 * The borrower's data rights, as rules (issue 39, docs/privacy.md): which consent may be withdrawn
 * when, how long the law makes the lender keep loan and payment records after an account closes, and
 * by when a request is answered. One place, pure: the caller gathers the facts.
 *
 * - Loan servicing is the basis of the loan contract: it cannot be withdrawn while a loan is open
 *   (the Philippine Data Privacy Act, RA 10173, Section 12(b): processing necessary for a contract;
 *   India's DPDP Act 2023, Section 7(a)/(b) legitimate uses, and Section 6(4): withdrawal does not
 *   affect processing already needed). Every other purpose is withdrawn at once, as easily as granted
 *   (DPDP Act, Section 6(4); NPC Circular 2020-01, Section 4, consent revocable).
 * - Retention: loan and payment records are kept 5 years after the account closes — the Philippines
 *   under the Anti-Money Laundering Act (RA 9160 as amended, Section 9(b)); India under the Prevention
 *   of Money-laundering Act 2002, Section 12(1)(a) and the PML (Maintenance of Records) Rules 2005.
 *   Everything else is erased or anonymised.
 */
import type { ConsentPurpose, Market } from '@cashloan/contract';
import { MY_DATA_MESSAGES } from '@cashloan/contract';
import { lenderDate } from './calendar.ts';

/** Why the purpose cannot be withdrawn now, or null when it can. */
export function withdrawalRefusal(purpose: ConsentPurpose, facts: { hasOpenLoan: boolean }): string | null {
  if (purpose === 'loan_servicing' && facts.hasOpenLoan) return MY_DATA_MESSAGES.servicingLocked;
  return null;
}

export interface RetentionRule {
  years: number;
  law: string;
  what: string;
}

export const RETENTION: Record<Market, RetentionRule> = {
  PH: {
    years: 5,
    law: 'Anti-Money Laundering Act (RA 9160, as amended), Section 9(b): transaction records kept 5 years after the account closes',
    what: 'Your loan contracts, ledgers and payment records under your customer number, and the books; your name, phone and the contracts as you signed them are kept sealed (encrypted), opened only for a request the law allows',
  },
  IN: {
    years: 5,
    law: 'Prevention of Money-laundering Act 2002, Section 12, and the PML (Maintenance of Records) Rules 2005: records kept 5 years after the business relationship ends',
    what: 'Your loan contracts, ledgers and payment records under your customer number, and the books; your name, phone and the contracts as you signed them are kept sealed (encrypted), opened only for a request the law allows',
  },
};

/**
 * The last day records of an account closed at `closedAt` are kept (YYYY-MM-DD on the market's
 * calendar): the law's years, or the lender's longer setting (RETENTION_YEARS_PH / _IN).
 */
export function keptUntil(closedAt: Date, market: Market, years: number = RETENTION[market].years): string {
  const y = Math.max(years, RETENTION[market].years);
  const until = new Date(closedAt.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + y);
  return lenderDate(until, market);
}

/** Calendar days within which the lender answers a correction or erasure request (its promise; within every law's limit). */
export const DATA_REQUEST_ANSWER_DAYS = 30;
