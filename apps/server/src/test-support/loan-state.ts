/** A loan's ledger state as it stands right after payout, for the pure loan-terms tests. */
import type { Market } from '@cashloan/contract';
import { addDays } from '../loan-terms/calendar.ts';
import type { CappedTerms } from '../loan-terms/caps.ts';
import { projectLoan } from '../loan-terms/disclosure.ts';
import { capsFor, type ChargeCaps } from '../loan-terms/market-rules.ts';
import type { LoanState } from '../loan-terms/position.ts';

/**
 * A loan paid out at `disbursedAt` on these terms, nothing paid or charged yet: the plan createOrder
 * would store (projectLoan). Its caps are the market's for these terms unless given (null: none).
 */
export function paidOutLoan(
  terms: CappedTerms,
  opts: { disbursedAt: Date; market?: Market; isRepeatBorrower?: boolean; caps?: ChargeCaps | null },
): LoanState {
  const { disbursedAt, market = 'PH', isRepeatBorrower = false } = opts;
  const loan = projectLoan(terms);
  return {
    principalMinor: loan.principalMinor,
    interestMinor: loan.interestMinor,
    feeMinor: loan.feeMinor,
    extraChargesMinor: 0,
    paidMinor: 0,
    isRepeatBorrower,
    penaltyCharged: false,
    lateInterestBookedThroughDay: null,
    termDays: terms.termDays,
    periods: terms.periods,
    rolloverFeeBp: terms.rolloverFeeBp,
    rolloverCount: 0,
    disbursedAt,
    instalments: loan.instalments.map((i) => ({ seq: i.seq, dueAt: addDays(disbursedAt, i.dueInDays), amountMinor: i.amountMinor, paidMinor: 0, settledAt: null })),
    market,
    caps: opts.caps === undefined ? capsFor(market, terms.principalMinor, terms.termDays) : opts.caps,
    lateChargesMinor: 0,
    overdueMinorDays: 0,
  };
}
