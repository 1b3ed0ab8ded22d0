/**
 * The loan terms as the borrower reads them (spec section 9): every figure of the published
 * agreement, taken from the constants and functions the server computes with, so the text on the
 * site can never disagree with the amounts charged. The figures that no computation uses (service
 * times, notice periods, who may apply) live here, beside the money rules.
 */
import {
  LATE_PENALTY_MINOR,
  OVERDUE_TIERS,
  PREPAYMENT_MIN_DAYS,
  PREPAYMENT_TERM_SHARE,
  TERM_DAYS,
  overdueInterest,
  prepaymentOpensAfterDays,
} from './rules.ts';
import { MARKET_RULES } from './market-rules.ts';

/** The age of majority in the Philippines: applicants must have reached it, and younger people are minors. */
export const ADULT_AGE = 18;
/** Who may apply, besides being an adult. */
export const APPLICANT_NATIONALITY = 'Filipino';
/** Calendar days within which a disbursed loan is normally credited to the borrower's account. */
export const CREDIT_DAYS = { min: 1, max: 3 } as const;
/** Days within which a complete application is decided. */
export const DECISION_DAYS = 1;
/** Days of notice before a change of the terms takes effect. */
export const TERMS_CHANGE_NOTICE_DAYS = 3;
/** Business days of notice before a loan is assigned to another creditor. */
export const ASSIGNMENT_NOTICE_BUSINESS_DAYS = 7;

/** The worked overdue example the terms print: 1,000.00 overdue for 35 days crosses the first tier boundary. */
const OVERDUE_EXAMPLE = { overdueMinor: 100_000, days: 35 } as const;

/** The published terms are the Philippine ones: their caps are the Philippines'. */
const PH_CAPS = MARKET_RULES.PH.caps!;

export interface PublishedLoanTerms {
  termDays: { min: number; max: number };
  latePenalty: { newBorrower: number; repeatBorrower: number };
  overdueInterestTiers: Array<{ firstDay: number; lastDay: number | null; dailyRateBp: number }>;
  overdueExample: { overdueAmount: number; days: number; interest: number };
  prepayment: {
    termShare: { numerator: number; denominator: number };
    minDaysFromDisbursement: number;
    examples: Array<{ termDays: number; opensOnDay: number }>;
  };
  creditDays: { min: number; max: number };
  decisionDays: number;
  changeNoticeDays: number;
  assignmentNoticeBusinessDays: number;
  applicant: { minAge: number; nationality: string };
  chargeCaps: {
    circular: string;
    maxPrincipal: number;
    maxTermDays: number;
    nominalMonthlyBp: number;
    effectiveMonthlyBp: Array<{ fromDate: string; bp: number }>;
    lateMonthlyBp: number;
    totalCostBp: number;
  };
}

export function publishedLoanTerms(): PublishedLoanTerms {
  return {
    termDays: { min: TERM_DAYS.min, max: TERM_DAYS.max },
    latePenalty: { newBorrower: LATE_PENALTY_MINOR.newBorrower, repeatBorrower: LATE_PENALTY_MINOR.repeatBorrower },
    // JSON has no Infinity: the open-ended last tier travels with lastDay null.
    overdueInterestTiers: OVERDUE_TIERS.map((t) => ({
      firstDay: t.firstDay,
      lastDay: Number.isFinite(t.lastDay) ? t.lastDay : null,
      dailyRateBp: t.dailyBp,
    })),
    overdueExample: {
      overdueAmount: OVERDUE_EXAMPLE.overdueMinor,
      days: OVERDUE_EXAMPLE.days,
      interest: overdueInterest(OVERDUE_EXAMPLE.overdueMinor, OVERDUE_EXAMPLE.days),
    },
    prepayment: {
      termShare: { numerator: PREPAYMENT_TERM_SHARE.numerator, denominator: PREPAYMENT_TERM_SHARE.denominator },
      minDaysFromDisbursement: PREPAYMENT_MIN_DAYS,
      // The shortest and the longest term, computed by the rule that decides whether a prepayment is allowed.
      examples: [TERM_DAYS.min, TERM_DAYS.max].map((termDays) => ({ termDays, opensOnDay: prepaymentOpensAfterDays(termDays) })),
    },
    creditDays: { min: CREDIT_DAYS.min, max: CREDIT_DAYS.max },
    decisionDays: DECISION_DAYS,
    changeNoticeDays: TERMS_CHANGE_NOTICE_DAYS,
    assignmentNoticeBusinessDays: ASSIGNMENT_NOTICE_BUSINESS_DAYS,
    applicant: { minAge: ADULT_AGE, nationality: APPLICANT_NATIONALITY },
    chargeCaps: {
      circular: PH_CAPS.circular,
      maxPrincipal: PH_CAPS.scope.maxPrincipalMinor,
      maxTermDays: PH_CAPS.scope.maxTermDays,
      nominalMonthlyBp: PH_CAPS.nominalMonthlyBp,
      effectiveMonthlyBp: PH_CAPS.effectiveMonthlyBp.map((s) => ({ ...s })),
      lateMonthlyBp: PH_CAPS.lateMonthlyBp,
      totalCostBp: PH_CAPS.totalCostBp,
    },
  };
}
