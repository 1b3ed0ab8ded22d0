/**
 * The loan-terms rules as the server applies them, in words for an admin: every value is read from
 * the constants and functions of loan-terms/, so the settings page cannot disagree with the ledger.
 */
import { currencySymbolFor } from '@cashloan/contract';
import { MARKET_RULES } from '../../loan-terms/market-rules.ts';
import { LENDER_UTC_OFFSET_MINUTES } from '../../loan-terms/calendar.ts';
import { majorUnits, moneyText } from '../../loan-terms/money-text.ts';
import {
  ADULT_AGE,
  APPLICANT_NATIONALITY,
  ASSIGNMENT_NOTICE_BUSINESS_DAYS,
  CREDIT_DAYS,
  DECISION_DAYS,
  TERMS_CHANGE_NOTICE_DAYS,
} from '../../loan-terms/published-terms.ts';
import {
  DUE_WINDOW_DAYS,
  LATE_PENALTY_MINOR,
  OVERDUE_TIERS,
  PREPAYMENT_MIN_DAYS,
  PREPAYMENT_TERM_SHARE,
  TERM_DAYS,
  prepaymentOpensAfterDays,
} from '../../loan-terms/rules.ts';

export interface LoanTermsRow {
  name: string;
  value: string;
}

const money = (minor: number) => moneyText(minor, currencySymbolFor(undefined));
/** Basis points as a percentage: bp / 100 with 2 decimals, the same integer division as minor → major units. */
const percent = (bp: number) => `${majorUnits(bp)}%`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** 480 → 'UTC+08:00'. */
function utcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The Philippine caps (loan-terms/market-rules.ts): what covers which loans, and each cap. */
function capRows(): LoanTermsRow[] {
  const caps = MARKET_RULES.PH.caps!;
  const law = `SEC ${caps.circular} as amended`;
  const eir = caps.effectiveMonthlyBp
    .map((step, i) => {
      const next = caps.effectiveMonthlyBp[i + 1];
      return `${percent(step.bp)} a month${next ? ` for loans made before ${next.fromDate}` : i > 0 ? ` from ${step.fromDate}` : ''}`;
    })
    .join(', ');
  return [
    { name: 'Caps: which loans', value: `${law}: Philippine loans of ${money(caps.scope.maxPrincipalMinor)} or less for ${days(caps.scope.maxTermDays)} or less; others keep the rules above` },
    { name: 'Caps: interest', value: `at most ${percent(caps.nominalMonthlyBp)} a month nominal; effective rate (interest and every fee) at most ${eir}; a product over either is not offered` },
    { name: 'Caps: late charges', value: `penalty and overdue interest together at most ${percent(caps.lateMonthlyBp)} a month of the amount overdue, counted day by day; nothing more once reached` },
    { name: 'Caps: total cost', value: `interest, fees, late charges and rollover fees together at most ${percent(caps.totalCostBp)} of the principal; a rollover fee only up to what is left` },
  ];
}

export function loanTermsRows(): LoanTermsRow[] {
  const share = `${PREPAYMENT_TERM_SHARE.numerator}/${PREPAYMENT_TERM_SHARE.denominator}`;
  return [
    { name: 'Loan term', value: `${TERM_DAYS.min} to ${TERM_DAYS.max} calendar days` },
    { name: 'Instalments', value: 'principal, interest and service fee split into equal instalments; the remainder falls on the last one' },
    { name: "Lender's calendar", value: `${utcOffset(LENDER_UTC_OFFSET_MINUTES)}: every day in these rules is a calendar day there, starting at midnight` },
    { name: 'Shown as due (174)', value: `from ${days(DUE_WINDOW_DAYS)} before the due date through the due date` },
    { name: 'Shown as overdue (180)', value: 'from the day after the due date' },
    ...OVERDUE_TIERS.map((t) => ({
      name: Number.isFinite(t.lastDay) ? `Overdue interest, days ${t.firstDay} to ${t.lastDay}` : `Overdue interest, from day ${t.firstDay}`,
      value: `${percent(t.dailyBp)} of the overdue amount a day`,
    })),
    { name: 'Late penalty, first loan', value: `${money(LATE_PENALTY_MINOR.newBorrower)}, charged once from the first overdue day` },
    { name: 'Late penalty, repeat borrower', value: `${money(LATE_PENALTY_MINOR.repeatBorrower)}, charged once from the first overdue day` },
    { name: 'Late charges booked', value: 'accrued every day and booked into the ledger with the next payment' },
    { name: 'Payments applied', value: 'to late charges and fees first, then to the instalments in order' },
    {
      name: 'Early repayment opens',
      value: `after ${share} of the term, and not before day ${PREPAYMENT_MIN_DAYS} from disbursement (a ${TERM_DAYS.min}-day loan on day ${prepaymentOpensAfterDays(TERM_DAYS.min)}, a ${TERM_DAYS.max}-day loan on day ${prepaymentOpensAfterDays(TERM_DAYS.max)})`,
    },
    { name: 'Rollover (extension)', value: 'on orders that offer it, once due or overdue: every open due date moves by one instalment period (the whole term for a one-instalment loan)' },
    { name: 'Rollover fee', value: "the product's rollover rate on the principal, paid with every late charge owed; the due dates move only when all of it is paid" },
    ...capRows(),
    { name: 'Pay code valid', value: "until the end of the lender's day it was issued on" },
    { name: 'Rounding', value: 'amounts are worked out exactly and rounded half up to a whole centavo once, on the total' },
    { name: 'Loan decision', value: `within ${days(DECISION_DAYS)} of the application` },
    { name: 'Funds credited', value: `${CREDIT_DAYS.min} to ${CREDIT_DAYS.max} days after approval` },
    { name: 'Notice before the terms change', value: days(TERMS_CHANGE_NOTICE_DAYS) },
    { name: 'Notice before a loan is assigned', value: `${ASSIGNMENT_NOTICE_BUSINESS_DAYS} business days` },
    { name: 'Who may apply', value: `${APPLICANT_NATIONALITY} adults, ${ADULT_AGE} or older` },
  ];
}
