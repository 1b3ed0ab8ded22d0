/** The my-data tests' answers: a borrower with a loan open (servicing locked), reminders withdrawn, one request. */
import type { ConsentView, DataRequestView, MyData } from '@cashloan/contract/my-data';

// The contract's CONSENT_TEXTS and MY_DATA_MESSAGES, as the server sends them (the web imports no schema file at run time).
const TITLES: Record<ConsentView['purpose'], string> = {
  loan_servicing: 'Loan servicing',
  payment_reminders: 'Payment reminders by SMS',
  marketing: 'Offers and news',
  credit_bureau: 'Sharing with a credit bureau',
};
export const SERVICING_LOCKED =
  'Loan servicing cannot be withdrawn while you have a loan open: we need it to service that loan. You can withdraw it once your loans are settled.';
export const ERASURE_OPEN = 'You have an erasure request open already. We will answer it by the date shown.';

export const MY_DATA_PATHS = {
  load: '/h5api/v3/my-data',
  consent: '/h5api/v3/my-data/consent',
  exportJson: '/h5api/v3/my-data/export',
  pdf: '/h5api/v3/my-data/pdf',
  requests: '/h5api/v3/my-data/requests',
} as const;

export function consent(purpose: ConsentView['purpose'], granted: boolean, extra: Partial<ConsentView> = {}): ConsentView {
  const title = TITLES[purpose];
  return { purpose, title, text: `What ${title} means.`, version: 'v1', granted, changedAt: '2026-01-12 09:30:00', canWithdraw: true, lockedReason: '', ...extra };
}

export const REFUSED_CORRECTION: DataRequestView = {
  refNo: 'DR-20260121-0001',
  kind: 'correction',
  field: 'name',
  state: 'refused',
  stateTitle: 'Refused',
  createdAt: '2026-01-21 10:00:00',
  answerBy: '2026-02-20',
  reason: 'The name on your ID is the one we hold.',
  doneAt: '',
};

export const MY_DATA: MyData = {
  consents: [
    consent('loan_servicing', true, { canWithdraw: false, lockedReason: SERVICING_LOCKED }),
    consent('payment_reminders', true),
    consent('marketing', false, { changedAt: '' }),
    consent('credit_bureau', false, { changedAt: '2026-01-20 18:02:11' }),
  ],
  recipients: [
    { name: 'SMS gateway', what: 'Your phone number and the text of each message', why: 'To send you reminders, codes and answers' },
    { name: 'Payment provider', what: 'Your name, the amount and the pay code', why: 'To take your repayments' },
  ],
  requests: [REFUSED_CORRECTION],
  retention: { law: 'Anti-Money Laundering Act (RA 9160, as amended)', what: 'Your loan and payment records', keptUntil: '', years: 5 },
  notices: [],
};
