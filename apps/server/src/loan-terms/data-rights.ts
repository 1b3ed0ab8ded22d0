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

/**
 * Hours from finding a personal data breach to telling the authority and each borrower it touched.
 * - The Philippines: the Data Privacy Act (RA 10173), Section 20(f), and NPC Circular 16-03
 *   (Personal Data Breach Management), Section 17 (the Commission, within 72 hours of knowledge or
 *   reasonable belief of the breach, with its nature, the personal data involved, the measures taken
 *   and a contact) and Section 18 (each affected data subject, within the same 72 hours).
 * - India: the Digital Personal Data Protection Rules 2025, rule 7: each affected Data Principal
 *   without delay (rule 7(1)), and the Data Protection Board within 72 hours of becoming aware, with
 *   the nature, extent, timing and likely impact, the measures taken and the notices given (rule 7(2)(b)).
 * One clock for both: the lender notifies within 72 hours of discovery in either market.
 */
export const BREACH_NOTICE_HOURS = 72;

const HOUR_MS = 3_600_000;

export interface BreachCountdown {
  /** Discovery plus BREACH_NOTICE_HOURS. */
  deadlineAt: Date;
  /** Whole hours left to the deadline, rounded down: 72 at discovery, 0 in its last hour, negative once past it. */
  hoursLeft: number;
  /** Past the deadline (the deadline's own instant is still in time). */
  overdue: boolean;
}

/** The 72-hour countdown of a breach found at `discoveredAt`, as it stands at `now`. */
export function breachCountdown(discoveredAt: Date, now: Date): BreachCountdown {
  const deadlineAt = new Date(discoveredAt.getTime() + BREACH_NOTICE_HOURS * HOUR_MS);
  const msLeft = deadlineAt.getTime() - now.getTime();
  return { deadlineAt, hoursLeft: Math.floor(msLeft / HOUR_MS), overdue: msLeft < 0 };
}

/** Whether a step done at `doneAt` (the notices, the report) met the 72 hours from `discoveredAt`. */
export function withinBreachDeadline(discoveredAt: Date, doneAt: Date): boolean {
  return !breachCountdown(discoveredAt, doneAt).overdue;
}
