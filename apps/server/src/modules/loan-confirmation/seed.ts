/** The demo's agreements of scene 3: the Loan Agreement and the Disclosure Statement, for every product, in English, Filipino and Hindi. */
import type { Queryable } from '../../platform/db/client.ts';
import { DUE_WINDOW_DAYS, LATE_PENALTY_MINOR, OVERDUE_TIERS, PREPAYMENT_MIN_DAYS, TERM_DAYS } from '../../loan-terms/rules.ts';
import { moneyText } from '../../loan-terms/money-text.ts';
import { AGREEMENTS_IN_LANGUAGES } from './seed-languages.ts';
import { insertAgreement } from './store.ts';

const major = (minor: number) => moneyText(minor, '');
const tierText = OVERDUE_TIERS.map((t) =>
  Number.isFinite(t.lastDay) ? `${t.dailyBp / 100}% per day for overdue days ${t.firstDay} to ${t.lastDay}` : `${t.dailyBp / 100}% per day from overdue day ${t.firstDay}`,
).join(', ');

/**
 * Agreement bodies. {placeholders} are filled from the borrower and the loan when rendered:
 * lenderName, appName, borrowerName, mobilePhone, orderNo, productName, principal, interest,
 * serviceFee, totalRepayment, termDays, disbursementDate, dueDate, serviceEmail, servicePhone.
 * The late-charge figures come from loan-terms, so the text cannot disagree with the ledger.
 */
const AGREEMENTS = [
  {
    position: 1,
    title: 'Loan Agreement',
    body: [
      'LOAN AGREEMENT No. {orderNo}',
      'This agreement is made between {lenderName} ("the Lender") and {borrowerName}, mobile number {mobilePhone} ("the Borrower"), through the {appName} application.',
      `1. The loan. The Lender lends the Borrower PHP {principal} under the product {productName} for a term of {termDays} calendar days. Loan terms run from ${TERM_DAYS.min} to ${TERM_DAYS.max} calendar days. The loan decision is made within 1 day of the application, and the funds are credited to the Borrower's payment account within 1 to 3 days of approval.`,
      '2. Repayment. The Borrower repays PHP {totalRepayment}, made of the principal, interest of PHP {interest} and a service fee of PHP {serviceFee}, by {dueDate} according to the repayment plan shown in the application.',
      `3. Early repayment. The Borrower may repay the whole loan early once half of the term has passed, and never earlier than ${PREPAYMENT_MIN_DAYS} days after disbursement.`,
      `4. Late payment. An amount not paid on its due date is overdue from the next calendar day. Overdue amounts bear daily interest of ${tierText}. A one-time late penalty of PHP ${major(LATE_PENALTY_MINOR.newBorrower)} (first loan) or PHP ${major(LATE_PENALTY_MINOR.repeatBorrower)} (repeat borrower) is charged once, when the loan first becomes overdue.`,
      '5. Extension. Where the application offers it, the Borrower may extend the due date by paying the extension fee and any late charges before or after the due date.',
      '6. Changes and assignment. The Lender notifies the Borrower of any change to these terms at least 3 days before it takes effect, and of any assignment of this loan at least 7 business days in advance.',
      '7. Eligibility. The Borrower confirms being a Filipino citizen over 18 years of age and that the information given in the application is true.',
      '8. Contact. Questions and complaints: {serviceEmail} or {servicePhone}.',
    ].join('\n\n'),
  },
  {
    position: 2,
    title: 'Disclosure Statement',
    body: [
      'DISCLOSURE STATEMENT ON LOAN TRANSACTION — {orderNo}',
      'Lender: {lenderName}. Borrower: {borrowerName} ({mobilePhone}). Product: {productName}.',
      '1. Amount of loan: PHP {principal}.',
      '2. Finance charges: interest PHP {interest}; service fee PHP {serviceFee}.',
      '3. Total amount to be repaid: PHP {totalRepayment}.',
      '4. Term: {termDays} days, from {disbursementDate} to {dueDate}.',
      `5. Charges on late payment: daily interest of ${tierText} on the overdue amount, and a one-time penalty of PHP ${major(LATE_PENALTY_MINOR.newBorrower)} (PHP ${major(LATE_PENALTY_MINOR.repeatBorrower)} for repeat borrowers).`,
      `6. Reminders: the loan is shown as due from ${DUE_WINDOW_DAYS} days before the due date.`,
      'I acknowledge that I received and understood this statement before the loan was granted.',
    ].join('\n\n'),
  },
];

export async function seedAgreements(db: Queryable): Promise<void> {
  for (const a of AGREEMENTS) await insertAgreement(db, { productId: null, scene: 3, ...a });
  for (const a of AGREEMENTS_IN_LANGUAGES) await insertAgreement(db, { productId: null, scene: 3, ...a });
}
