/** Test fixtures of the loan-confirmation screens, with the shared page harness. */
import type { LoanConfirmation } from '@cashloan/contract/loan-confirmation';
import type { NewLoanConfirmation } from '@cashloan/contract/loan-confirmation';

export { fakeServer, ok, renderPage, SESSION, type SentRequest } from '../../shared/test-support/page-harness.tsx';

export const CONFIRMATION: LoanConfirmation = {
  amount: 500000,
  periods: 91,
  termUnit: 1,
  details: [
    { text: 'Loan amount', value: '₱5,000.00' },
    { text: 'Interest', value: '₱455.00' },
  ],
  repay_plans: [{ title: 'Period 1', description: 'Principal, interest and service fee', amount: 560500, pay_time: '2027-01-31' }],
  firstPayTime: '2027-01-31',
  firstPeriodDay: 91,
  pRateDsc: 'Daily interest 0.10%',
  sendSms: 0,
  isPopType: 1,
  popTitle: 'Your loan is almost ready',
  popContent: 'Leave anyway?',
  popAgreementUrl: '',
  comProductLogo: '/logos/pesonow-cash.svg',
  comProductName: 'PesoNow Cash',
  disclosure: {
    title: 'Disclosure Statement',
    amountFinanced: 500000,
    financeCharges: [
      { text: 'Interest', amount: 45500 },
      { text: 'Service fee', amount: 15000 },
    ],
    totalFinanceCharge: 60500,
    netProceeds: 500000,
    totalOfPayments: 560500,
    schedule: [{ pay_time: '2027-01-31', amount: 560500 }],
    eirMonthlyBp: 389,
    eirAnnualBp: 5811,
    aprBp: null,
  },
};

export const NEW_CONFIRMATION: NewLoanConfirmation = {
  ...CONFIRMATION,
  NewButtonMsg: 'Apply for ₱5,000.00 now',
  NewPopMsg: 'Only one step is left.',
};

export const AGREEMENTS = {
  data: [
    { title: 'Loan Agreement', position: 1 },
    { title: 'Disclosure Statement', position: 2 },
  ],
};

export const PATHS = {
  confirm: '/h5api/v3/loan-confirm/loan-detail-confirm',
  contract: '/h5api/v3/contract/contract',
  jump: '/h5api/v3/contract/contract-jump',
  push: '/h5api/v3/loan-confirm/loan-detail-push',
  content: '/h5api/v3/contract/contract-content',
  satire: '/h5api/gopia/goya/satire',
  cultures: '/h5api/gopia/goya/cultures',
  misunderstood: '/h5api/gopia/goya/misunderstood',
  depush: '/h5api/gopia/goya/depush',
} as const;
