/**
 * Fills an agreement body's {placeholders} (db/seed.ts lists them) with the borrower's and the
 * loan's figures. Pure: the service gathers the figures, this writes them in.
 */
import type { Market } from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import { textIn } from '../../platform/i18n/answer-texts.ts';
import type { Config } from '../../config.ts';
import { moneyText } from '../../loan-terms/money-text.ts';
import { addDays, lenderDate } from '../../loan-terms/calendar.ts';
import type { Borrower } from '../../domain/borrowers/service.ts';
import type { OrderRow } from '../../domain/orders/service.ts';

export interface AgreementFigures {
  lenderName: string;
  appName: string;
  borrowerName: string;
  mobilePhone: string;
  /** Null before the loan is confirmed: no order number exists yet. */
  orderNo: string | null;
  productName: string;
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
  termDays: number;
  /** The disbursement, or when it is expected (expected: true) for a loan not paid out yet. */
  startsAt: Date;
  /** The last instalment's due date. */
  endsAt: Date;
  expected: boolean;
  serviceEmail: string;
  servicePhone: string;
  /** The market whose calendar the dates are written on (the request's; the Philippines when absent). */
  market?: Market;
}

/** The loan's part of an agreement's figures. */
export type LoanFigures = Pick<AgreementFigures, 'orderNo' | 'principalMinor' | 'interestMinor' | 'feeMinor' | 'termDays' | 'startsAt' | 'endsAt' | 'expected'>;

/** An order's loan figures: paid out when disbursed (else expected from when it was made), due on its last instalment. */
export function orderLoanFigures(order: OrderRow): LoanFigures {
  const lastDue = order.plan.at(-1)?.dueAt ?? addDays(order.disbursedAt ?? order.createdAt, order.termDays);
  return {
    orderNo: order.orderNo,
    principalMinor: order.principalMinor,
    interestMinor: order.interestMinor,
    feeMinor: order.feeMinor,
    termDays: order.termDays,
    startsAt: order.disbursedAt ?? order.createdAt,
    endsAt: lastDue,
    expected: order.disbursedAt === null,
  };
}

/** Every figure of an agreement: the loan's, the borrower's, the product's name, and the lender's from the configuration. */
export function agreementFigures(
  config: Pick<Config, 'COMPANY_CORPORATE_NAME' | 'APP_EN_NAME' | 'SERVICE_EMAIL' | 'SERVICE_PHONE'>,
  borrower: Pick<Borrower, 'name' | 'mobilePhone'>,
  productName: string,
  loan: LoanFigures,
  market: Market = 'PH',
): AgreementFigures {
  return {
    ...loan,
    market,
    lenderName: config.COMPANY_CORPORATE_NAME,
    appName: config.APP_EN_NAME,
    borrowerName: borrower.name,
    mobilePhone: borrower.mobilePhone,
    productName,
    serviceEmail: config.SERVICE_EMAIL,
    servicePhone: config.SERVICE_PHONE,
  };
}

/** Who the agreement names when the borrower's name is not on file. */
export const UNNAMED_BORROWER = 'the account holder';
export const ORDER_NO_PENDING = '(assigned when you confirm the loan)';
/** After a date not reached yet (the catalogue's '{date} (expected)'). */
const EXPECTED_SUFFIX = ' (expected)';

/** Major units grouped, with 2 decimals and no symbol: the bodies write the currency themselves ("PHP {principal}" → "PHP 5,000.00"). */
export const plainAmount = (minor: number) => moneyText(minor, '');

/** The figures as an agreement in `lang` writes them: our own words among them (no name, no order yet) in its language. */
export function placeholderValues(f: AgreementFigures, lang: Lang = DEFAULT_LANG): Record<string, string> {
  const day = (at: Date) => {
    const date = lenderDate(at, f.market ?? 'PH');
    return f.expected ? textIn(lang, `${date}${EXPECTED_SUFFIX}`) : date;
  };
  return {
    lenderName: f.lenderName,
    appName: f.appName,
    borrowerName: f.borrowerName.trim() || textIn(lang, UNNAMED_BORROWER),
    mobilePhone: f.mobilePhone,
    orderNo: f.orderNo ?? textIn(lang, ORDER_NO_PENDING),
    productName: f.productName,
    principal: plainAmount(f.principalMinor),
    interest: plainAmount(f.interestMinor),
    serviceFee: plainAmount(f.feeMinor),
    totalRepayment: plainAmount(f.principalMinor + f.interestMinor + f.feeMinor),
    termDays: String(f.termDays),
    disbursementDate: day(f.startsAt),
    dueDate: day(f.endsAt),
    serviceEmail: f.serviceEmail,
    servicePhone: f.servicePhone,
  };
}

/** Replaces every known {name} in a text written in `lang`; an unknown one is left as written, so a typo shows instead of vanishing. */
export function fillAgreement(body: string, figures: AgreementFigures, lang: Lang = DEFAULT_LANG): string {
  const values = placeholderValues(figures, lang);
  return body.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
