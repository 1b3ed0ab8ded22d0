/**
 * The consent purposes and the words shown for each, without zod (their own file: a page carries only
 * the values it shows). The promotional landing shows the sign-up's before Register; the server
 * records the same words, by version, in the consent ledger; "My data" gets them from the server.
 * my-data.ts re-exports them with its schemas.
 */

/** The purposes the lender processes a borrower's data for, each consented to (or withdrawn) on its own. */
export const CONSENT_PURPOSES = ['loan_servicing', 'payment_reminders', 'marketing', 'credit_bureau'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * What every sign-up grants, shown as a notice before Register (the promotional landing) and recorded
 * with channel 'sign-up'. Marketing is not among them: it is its own unticked box.
 */
export const SIGN_UP_CONSENT_PURPOSES = ['loan_servicing', 'payment_reminders'] as const satisfies readonly ConsentPurpose[];

/**
 * The words a borrower is shown for each purpose, by version: the ledger keeps the version (and its
 * text) each grant or withdrawal was made with. A changed text is a new version, never an edit.
 */
export const CONSENT_TEXTS: Record<ConsentPurpose, { version: string; title: string; text: string }> = {
  loan_servicing: {
    version: 'v1',
    title: 'Loan servicing',
    text: 'We use your name, phone, bound account and loan records to give you the loan, take your payments, answer your complaints and keep the records the law requires. This is needed for your loan contract.',
  },
  payment_reminders: {
    version: 'v1',
    title: 'Payment reminders by SMS',
    text: 'We send SMS reminders before and after a due date to the phone on your account. You can stop them here or by replying STOP.',
  },
  marketing: {
    version: 'v1',
    title: 'Offers and news',
    text: 'We send you offers of new loans and news about our service by SMS. We never share your details with other companies for their marketing.',
  },
  credit_bureau: {
    version: 'v1',
    title: 'Sharing with a credit bureau',
    text: 'We report how you repay to a credit bureau, which helps you build a credit history with other lenders.',
  },
};
