/**
 * Fills an agreement body's {placeholders} (db/seed.ts lists them) with the borrower's and the
 * loan's figures. Pure: the service gathers the figures, this writes them in.
 */
import type { Market } from '@cashloan/contract';
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

/** Major units grouped, with 2 decimals and no symbol: the bodies write the currency themselves ("PHP {principal}" → "PHP 5,000.00"). */
export const plainAmount = (minor: number) => moneyText(minor, '');

export function placeholderValues(f: AgreementFigures): Record<string, string> {
  const day = (at: Date) => lenderDate(at, f.market ?? 'PH');
  const expected = f.expected ? ' (expected)' : '';
  return {
    lenderName: f.lenderName,
    appName: f.appName,
    borrowerName: f.borrowerName.trim() || UNNAMED_BORROWER,
    mobilePhone: f.mobilePhone,
    orderNo: f.orderNo ?? ORDER_NO_PENDING,
    productName: f.productName,
    principal: plainAmount(f.principalMinor),
    interest: plainAmount(f.interestMinor),
    serviceFee: plainAmount(f.feeMinor),
    totalRepayment: plainAmount(f.principalMinor + f.interestMinor + f.feeMinor),
    termDays: String(f.termDays),
    disbursementDate: `${day(f.startsAt)}${expected}`,
    dueDate: `${day(f.endsAt)}${expected}`,
    serviceEmail: f.serviceEmail,
    servicePhone: f.servicePhone,
  };
}

/** Replaces every known {name}; an unknown one is left as written, so a typo shows instead of vanishing. */
export function fillAgreement(body: string, figures: AgreementFigures): string {
  const values = placeholderValues(figures);
  return body.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
