/**
 * One worked example per call: a payload exactly as it travels (form/query strings) and an answer's
 * data. The contract test parses every one, and docs/api.md prints them, so examples never drift.
 */
import type { z } from 'zod';
import type { ALL_CALLS, CallName } from './all-calls.ts';

type Example<K extends CallName> = {
  payload: z.input<(typeof ALL_CALLS)[K]['payload']>;
  answer: z.input<(typeof ALL_CALLS)[K]['answer']>;
};

const LOGO = 'https://cdn.lender.example/logo/pesonow.png';
const payNotice = {
  'Gcash Bills': [{ name: 'Pay with Gcash', steps: ['Open Gcash and tap Pay Bills', 'Choose Loans, then PesoNow', 'Enter the Contract No. and the amount'] }],
  'Offline stores': [{ name: '7-Eleven', steps: ['Tell the cashier you pay a PesoNow loan', 'Show the Contract No.'] }],
};
const channels = [
  { name: 'Gcash', logo: 'https://cdn.lender.example/pay/gcash.png', channel_number: '90006' },
  { name: '7-Eleven', logo: 'https://cdn.lender.example/pay/7eleven.png', channel_number: '90011' },
];
const defDetail = { payCode: '7301 2256 4410', logo: 'https://cdn.lender.example/pay/gcash.png', title: 'Gcash', payNotice };
const recommendation = {
  productId: 7,
  logo: LOGO,
  name: 'PesoNow Plus',
  enable: 1,
  buttonText: 'Apply',
  range: '₱1000 - ₱20000',
  rangeDesc: 'Loan amount',
  rate: '0.05%/day',
  description: 'Money in 1-3 days',
  tags: ['Fast', 'No collateral'],
};
const confirmation = {
  amount: 500000,
  periods: 91,
  termUnit: 1,
  details: [
    { text: 'Loan amount', value: '₱5000.00' },
    { text: 'Loan term', value: '91 days' },
    { text: 'Interest', value: '₱455.00' },
    { text: 'Service fee', value: '₱150.00' },
    { text: 'Total to repay', value: '₱5605.00' },
  ],
  repay_plans: [{ title: 'Period 1', description: 'Principal, interest and service fee', amount: 560500, pay_time: '2027-01-31' }],
  firstPayTime: '2027-01-31',
  firstPeriodDay: 91,
  pRateDsc: 'Daily interest rate 0.10%',
  sendSms: 0,
  isPopType: 1,
  popContent: 'Only one step is left to apply for ₱5000.00. If you leave now, your application is not sent. Leave anyway?',
  popTitle: 'Your loan is almost ready',
  popAgreementUrl: 'https://lender.example/toIs?productId=3&position=1&orderId=',
  comProductLogo: LOGO,
  comProductName: 'PesoNow',
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
const complaintOrder = {
  orderNo: 'PN2026110100012',
  productLogo: LOGO,
  productName: 'PesoNow',
  status: 174,
  isShow: 1,
  list: [
    { title: 'Loan amount', value: '₱5000.00' },
    { title: 'Due date', value: '2027-02-01' },
  ],
};
// A 1×1 PNG's first bytes stand for the captcha image.
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// '%PDF-1.3' stands for a records PDF.
const PDF_SIGNATURE = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x33]);
const allocation = { lateCharges: 0, interest: 45500, serviceFee: 15000, principal: 499500, unapplied: 0 };

export const CALL_EXAMPLES: { [K in CallName]: Example<K> } = {
  cardInitCall: {
    payload: { product_id: '3' },
    answer: {
      items: [
        {
          cate: 'enum',
          code: 'channel',
          title: 'Receiving channel',
          subtitle: 'Please choose',
          value: '',
          note: [
            { name: 'InstaPay (real time)', type: '90006' },
            { name: 'PESONet (same banking day)', type: '90013' },
          ],
          cardTypeMi: 1,
          channelNumber: '',
          inputType: 'text',
        },
        { cate: 'txt', code: 'cardNo', title: 'Account number', subtitle: 'Enter your bank account number', value: '**** **** 7890', note: [], cardTypeMi: 1, channelNumber: '', inputType: 'bankCard' },
        { cate: 'txt', code: 'branchName', title: 'Branch', subtitle: 'Branch where the account is kept', value: '', note: [], cardTypeMi: 1, channelNumber: '90013', inputType: 'text' },
        { cate: 'txt', code: 'accountName', title: 'Account name', subtitle: 'Name exactly as on the account', value: 'Juan Dela Cruz', note: [], cardTypeMi: 0, channelNumber: '', inputType: 'text' },
      ],
    },
  },
  bindCardNewCall: { payload: { product_id: '3', cardType: '1', channel: '90006', cardNo: '001234567890', accountName: 'Juan Dela Cruz' }, answer: {} },
  bindCardChangeCall: { payload: { product_id: '3', cardType: '2', channel: '90008', cardNo: '09171234567', accountName: 'Juan Dela Cruz' }, answer: {} },
  problemDetailCall: {
    payload: { problemId: '12' },
    answer: {
      type: 'Collection',
      sonType: 'Rude language',
      problemId: 12,
      content: 'The collector called me five times before the due date.',
      images: ['/uploads/complaints/5f2c.jpg'],
      disposeDetail: 'We have spoken to the agency and this will not happen again.',
      disposeImages: [],
      isNeedScore: 1,
    },
  },
  saveScoreCall: { payload: { score: '4', problemId: '12' }, answer: {} },
  problemInitCall: {
    payload: { orderId: '41' },
    answer: {
      problemType: [
        { value: '1', title: 'Collection' },
        { value: '2', title: 'Repayment' },
        { value: '3', title: 'Other' },
      ],
      problemSonType: [
        { value: '11', title: 'Rude language' },
        { value: '12', title: 'Calls to contacts' },
      ],
      orderDetail: complaintOrder,
      orderList: [complaintOrder],
    },
  },
  problemInitByQueryCall: {
    payload: {},
    answer: { problemType: [{ value: '3', title: 'Other' }], problemSonType: [], orderDetail: null, orderList: [complaintOrder] },
  },
  uploadProblemImgCall: { payload: {}, answer: { url: '/uploads/complaints/5f2c.jpg' } },
  problemSaveCall: {
    payload: {
      problemType: '1',
      problemSonType: '11',
      problemDetail: 'The collector called me five times before the due date.',
      problemImage: '/uploads/complaints/5f2c.jpg,/uploads/complaints/77ab.jpg',
      orderNo: 'PN2026110100012',
    },
    answer: { problemId: 12 },
  },
  problemListCall: {
    payload: {},
    answer: {
      tabs: [
        { title: 'Processing', items: [{ id: 12, time: '2026-11-01 10:00:00', type: 'Collection', content: 'The collector called me five times.' }] },
        { title: 'Completed', items: [] },
      ],
    },
  },
  contactKfInfoCall: { payload: { overall: '30' }, answer: { email: 'support@pesonow.example', smWa: '+63 917 000 0000' } },
  repaymentWayCall: {
    payload: { orderId: '41' },
    answer: {
      alipay: 1,
      repayToken: 'rt-9c1e7a',
      bankCards: [{ id: 5, bankName: 'BDO Unibank', cardNo: '**** **** **** 4821', bankCode: 'BDO' }],
      repayAmount: 537500,
    },
  },
  repaymentCommitCall: {
    payload: {
      amount: '537500',
      bankName: 'BDO Unibank',
      cardId: '5',
      cardNo: '**** **** **** 4821',
      couponId: '',
      orderId: '41',
      repayToken: 'rt-9c1e7a',
      bankCode: 'BDO',
      sendMsg: '1',
    },
    answer: { needValid: 1, repayRecordId: 88 },
  },
  repaymentConfirmCall: { payload: { orderId: '41', verifyCode: '482913', repaymentRecordId: '88' }, answer: {} },
  repaymentHuichaoCall: {
    payload: { userId: 'U1A2B3C', orderId: '41', amount: '537500' },
    answer: { url: 'https://pay.lender.example/checkout/88' },
  },
  channelTemplateCall: {
    payload: { templateId: '2' },
    answer: {
      id: 2,
      appName: 'PesoNow',
      title: 'Cash in minutes',
      subtitle: 'Borrow up to ₱20,000 with just your mobile number.',
      highlights: ['Decision within 1 day', 'No collateral'],
      bannerUrl: '/promo/banner-cash.svg',
      bannerAlt: 'A phone showing an approved cash loan',
      buttonText: 'Get my loan',
      downloadUrl: 'https://lender.example/app',
      colors: { primary: '#0f766e', background: '#f3f6f6', text: '#1f2937' },
      phoneRule: 'ph',
      agreement: {
        title: 'Registration Agreement',
        sections: [{ heading: 'Your account', paragraphs: ['You register with a mobile number that is yours.'] }],
      },
    },
  },
  trackVisitCall: { payload: { page: 'agreementTemplate', source: 'fb-ads', templateId: '2' }, answer: {} },
  trackClickCall: { payload: { page: 'downloadTemplate', source: 'fb-ads', templateId: '2' }, answer: {} },
  getSidCall: { payload: { templateId: '2' }, answer: { sid: 'c6f1d2e0a9b84c37' } },
  getCaptchaCall: { payload: { sid: 'c6f1d2e0a9b84c37', timestamp: '1793498400000' }, answer: PNG_SIGNATURE },
  getSmsCall: {
    payload: { phone: '09171234567', capcode: 'X7KP', sid: 'c6f1d2e0a9b84c37', deviceId: 'web', appName: 'PesoNow', app_from: 'h5', user_from: 'fb-ads', utm_tag: 'nov' },
    answer: {},
  },
  registerCall: {
    payload: {
      phone: '09171234567',
      capcode: 'X7KP',
      sid: 'c6f1d2e0a9b84c37',
      deviceId: 'web',
      appName: 'PesoNow',
      merchantNumber: 'M0001',
      userName: 'Maria Santos',
      smsCode: '604219',
      invite_code: '',
      user_from: 'fb-ads',
      id: '2',
      marketingConsent: '0',
      app_from: 'h5',
      utm_tag: 'nov',
    },
    answer: { userId: 'U1A2B3C' },
  },
  rolloverInfoCall: {
    payload: { productId: '3', orderId: '41' },
    answer: {
      productName: 'PesoNow',
      productLogo: LOGO,
      repayDate: '2027-02-01',
      noticeMsg: 'Pay the rollover fee to move your due date.',
      repayList: channels,
      defDetail,
      isShowReyTop: 1,
      delayInfo: { delayAmount: 75000, title: 'Rollover fee' },
      repayPlan: [{ remark: 'After rollover', title: 'New due date', amount: 537500, time: '2027-05-03' }],
    },
  },
  loanPlayDetailCall: {
    payload: { productId: '3', orderId: '41' },
    answer: {
      productName: 'PesoNow',
      productLogo: LOGO,
      repayDate: '2027-02-01',
      noticeMsg: 'Please repay before the due date.',
      repayList: channels,
      defDetail,
      isShowReyTop: 0,
      repayAmount: 537500,
      detail: [
        { text: 'Principal', value: '₱5000.00' },
        { text: 'Interest', value: '₱375.00' },
        { text: 'Late fee', value: '₱0.00' },
      ],
    },
  },
  loanDetailsCall: {
    payload: { productId: '3', orderId: '41' },
    answer: {
      orderStatus: 174,
      noticeStatusText: 'Repayment due',
      noticeDesText: 'Please repay by 2027-02-01.',
      productName: 'PesoNow',
      productLogo: LOGO,
      userOrderDetail: { detail: [{ text: 'Loan amount', value: '₱5000.00' }] },
      recProducts: [recommendation],
      inside: 1,
      h5Url: '',
      isDelay: '1',
      telephone: '',
      isScore: '0',
      playeduL: '',
      reyMsg: '',
      KindTipsMsg: 'Make sure your account details are correct before repaying.',
      cardNeedPop: 0,
      cardPopTitle: '',
      cardPopMsg: '',
    },
  },
  loanCollectorCall: {
    payload: { productId: '3', orderId: '41' },
    answer: { orderNo: 'PN2026011500041', agency: 'PesoNow Collections Desk', agentName: 'Maria Santos', phone: '+63 2 8888 0150' },
  },
  googleScoreCall: { payload: { score: '5' }, answer: {} },
  generateVcodeCall: {
    payload: { productId: '3', orderId: '41', amount: '75000', channelNumber: '90006', isDelay: '1' },
    answer: { payUrl: '/repaymentOfCode?showType=1&payCode=730122564410&payCodeImg=&repayAmount=75000' },
  },
  upiPayCall: {
    payload: { productId: '3', orderId: '41', amount: '560500' },
    answer: {
      upiUrl: 'upi://pay?pa=lender@upi&pn=PesoNow%20Lending&am=5605.00&cu=INR&tr=730122564410&tn=Loan%20PN2026011500041%20repayment',
      qrImg: '/h5api/repayment/qr/41/730122564410.png',
      payCode: '730122564410',
      repayAmount: 560500,
    },
  },
  paymentHistoryCall: {
    payload: { orderId: '41' },
    answer: {
      orderNo: 'PN2026011500041',
      payments: [
        { paymentId: null, status: 'pending', paidAt: '2027-01-20 10:15:02', channel: '7-Eleven', reference: '730122564411', paidFor: 'Repayment', amount: 500, allocation: null },
        { paymentId: 87, status: 'paid', paidAt: '2027-01-12 14:03:55', channel: 'Bank card', reference: 'Card ending 4242', paidFor: 'Repayment', amount: 560000, allocation },
      ],
      nextDueDate: '2027-01-31',
      nextDueAmount: 500,
    },
  },
  receiptCall: {
    payload: { orderId: '41', paymentId: '87' },
    answer: {
      lenderName: 'PesoNow Lending Corporation',
      secRegistrationNo: 'CS201987654',
      certificateOfAuthorityNo: '3187',
      maskedPhone: '*******4567',
      orderNo: 'PN2026011500041',
      paymentId: 87,
      reference: 'Card ending 4242',
      channel: 'Bank card',
      paidAt: '2027-01-12 14:03:55',
      amount: 560000,
      allocation,
      balanceAfter: 500,
    },
  },
  documentsCall: {
    payload: { orderId: '41' },
    answer: {
      orderNo: 'PN2026011500041',
      documents: [
        { document: 'disclosure', title: 'Disclosure Statement', fileName: 'disclosure-PN2026011500041.pdf' },
        { document: 'agreement-1', title: 'Loan Agreement', fileName: 'agreement-1-PN2026011500041.pdf' },
        { document: 'schedule', title: 'Repayment schedule', fileName: 'schedule-PN2026011500041.pdf' },
        { document: 'statement', title: 'Statement of account', fileName: 'statement-PN2026011500041.pdf' },
      ],
    },
  },
  recordPdfCall: { payload: { orderId: '41', document: 'receipt', paymentId: '87' }, answer: PDF_SIGNATURE },
  myDataCall: {
    payload: {},
    answer: {
      consents: [
        {
          purpose: 'loan_servicing',
          title: 'Loan servicing',
          text: 'We use your name, phone, bound account and loan records to give you the loan, take your payments, answer your complaints and keep the records the law requires. This is needed for your loan contract.',
          version: 'v1',
          granted: true,
          changedAt: '2026-01-12 09:30:00',
          canWithdraw: false,
          lockedReason: 'Loan servicing cannot be withdrawn while you have a loan open: we need it to service that loan. You can withdraw it once your loans are settled.',
        },
        {
          purpose: 'payment_reminders',
          title: 'Payment reminders by SMS',
          text: 'We send SMS reminders before and after a due date to the phone on your account. You can stop them here or by replying STOP.',
          version: 'v1',
          granted: false,
          changedAt: '2026-01-20 18:02:11',
          canWithdraw: true,
          lockedReason: '',
        },
      ],
      recipients: [{ name: 'SMS gateway', what: 'Your phone number and the text of each message', why: 'To send you reminders, codes and answers' }],
      requests: [
        { refNo: 'DR-20260121-0001', kind: 'correction', field: 'name', state: 'open', stateTitle: 'Waiting for our answer', createdAt: '2026-01-21 10:00:00', answerBy: '2026-02-20', reason: '', doneAt: '' },
      ],
      retention: { law: 'Anti-Money Laundering Act (RA 9160, as amended): 5 years after the account closes', what: 'Your loan and payment records', keptUntil: '', years: 5 },
      notices: [
        {
          refNo: 'BR-20260122-0001',
          sentAt: '2026-01-22 15:00:00',
          whatHappened: 'A report of bound accounts was emailed to a wrong address on 21 Jan.',
          dataInvolved: 'your name and the last 4 digits of your account',
          whatWeDid: 'The recipient deleted it and we now check every address before sending.',
          whatYouCanDo: 'Watch for messages asking for your PIN or OTP; we never ask for them.',
          contact: 'dpo@pesonow.example, +63 2 8888 0199',
        },
      ],
    },
  },
  consentCall: {
    payload: { purpose: 'marketing', granted: '1' },
    answer: {
      purpose: 'marketing',
      title: 'Offers and news',
      text: 'We send you offers of new loans and news about our service by SMS. We never share your details with other companies for their marketing.',
      version: 'v1',
      granted: true,
      changedAt: '2026-01-21 10:05:00',
      canWithdraw: true,
      lockedReason: '',
    },
  },
  myDataExportCall: { payload: {}, answer: { fileName: 'my-data-2026-01-21.json', content: '{"profile":{"name":"Ana Reyes"}}' } },
  myDataPdfCall: { payload: {}, answer: PDF_SIGNATURE },
  dataRequestCall: {
    payload: { kind: 'erasure' },
    answer: { refNo: 'DR-20260121-0002', kind: 'erasure', field: '', state: 'open', stateTitle: 'Waiting for our answer', createdAt: '2026-01-21 10:06:00', answerBy: '2026-02-20', reason: '', doneAt: '' },
  },
  coolingOffCall: {
    payload: { orderId: '41' },
    answer: {
      orderNo: 'PN2026011500041',
      lastDay: '2026-01-18',
      exitAmount: 500500,
      exitAmountText: '₱5,005.00',
      principal: 500000,
      interest: 500,
      interestDays: 1,
      fee: 0,
      paid: 0,
      rows: [
        { text: 'Loan amount', value: '₱5,000.00' },
        { text: 'Interest for 1 day', value: '₱5.00' },
        { text: 'Service fee', value: 'Waived (₱0.00)' },
        { text: 'Total to pay', value: '₱5,005.00' },
      ],
      notice: 'Pay ₱5,005.00 by 2026-01-18 to cancel this loan. Once it is paid, the loan is closed and nothing more is owed.',
      channels: [{ name: '7-Eleven', channelNumber: '7ELE' }],
    },
  },
  cancelPayCodeCall: {
    payload: { orderId: '41', amount: '500500', channelNumber: '7ELE' },
    answer: { payUrl: '/repaymentOfCode?showType=1&payCode=730122564412&payCodeImg=&repayAmount=500500' },
  },
  loanDetailConfirmCall: { payload: { productId: '3' }, answer: confirmation },
  loanDetailPushCall: {
    payload: { amount: '500000', periods: '91', termUnit: '1', productId: '3', extraNumber: '1' },
    answer: { lendDetailsUrl: '/allIt?productId=3&orderId=58' },
  },
  contractCall: {
    payload: { productId: '3', scene: '3' },
    answer: {
      data: [
        { title: 'Loan Agreement', position: 1 },
        { title: 'Privacy Policy', position: 2 },
      ],
    },
  },
  contractJumpCall: {
    payload: { productId: '3', scene: '3', position: '1', orderId: '', extraNumber: '1' },
    answer: { contract_url: 'https://lender.example/toIs?productId=3&position=1&orderId=' },
  },
  agreementContentCall: {
    payload: { productId: '3', scene: '3', position: '1', orderId: '58' },
    answer: {
      title: 'Loan Agreement',
      body: 'LOAN AGREEMENT No. PN261101048213\n\nThis agreement is made between PesoNow Lending Corporation ("the Lender") and Juan Dela Cruz, mobile number 9171234567 ("the Borrower").',
    },
  },
  eventSaveCall: { payload: { productId: '7', moduleId: '30', positionId: '1' }, answer: {} },
  siteConfigCall: {
    payload: {},
    answer: {
      appEnName: 'PesoNow',
      appCnName: '比索现金',
      theme: { primaryColor: '#0f766e', backgroundColor: '#f3f6f6', fontColor: '#1f2937' },
      servicePhone: '+63 2 8888 0000',
      serviceEmail: 'support@pesonow.example',
      schemeUrl: 'pesonow://app',
      company: {
        name: 'PesoNow Online Lending',
        corporateName: 'PesoNow Lending Corporation',
        secRegistrationNo: 'CS201987654',
        certificateOfAuthorityNo: '3187',
        address: 'Unit 1203, Example Tower, 123 Ayala Avenue, Makati City, Metro Manila 1226, Philippines',
        email: 'info@pesonow.example',
        telephone: '+63 2 8888 0100',
      },
      grievanceOfficer: { name: 'Andrea Cruz', email: 'grievance@pesonow.example', telephone: '+63 2 8888 0199' },
      privacy: { minorsAge: 18, requestAnswerDays: 30 },
      loanTerms: {
        termDays: { min: 91, max: 365 },
        latePenalty: { newBorrower: 100000, repeatBorrower: 80000 },
        overdueInterestTiers: [
          { firstDay: 1, lastDay: 30, dailyRateBp: 500 },
          { firstDay: 31, lastDay: 90, dailyRateBp: 400 },
          { firstDay: 91, lastDay: null, dailyRateBp: 200 },
        ],
        overdueExample: { overdueAmount: 100000, days: 35, interest: 170000 },
        prepayment: {
          termShare: { numerator: 1, denominator: 2 },
          minDaysFromDisbursement: 7,
          examples: [
            { termDays: 91, opensOnDay: 46 },
            { termDays: 365, opensOnDay: 183 },
          ],
        },
        creditDays: { min: 1, max: 3 },
        decisionDays: 1,
        changeNoticeDays: 3,
        assignmentNoticeBusinessDays: 7,
        applicant: { minAge: 18, nationality: 'Filipino' },
        chargeCaps: {
          circular: 'MC 3 s2022',
          maxPrincipal: 1000000,
          maxTermDays: 120,
          nominalMonthlyBp: 600,
          effectiveMonthlyBp: [
            { fromDate: '0000-01-01', bp: 1500 },
            { fromDate: '2026-04-01', bp: 1200 },
          ],
          lateMonthlyBp: 500,
          totalCostBp: 10000,
        },
      },
    },
  },
  goyaLoanConfirmCall: {
    payload: { productId: '3' },
    answer: {
      ...confirmation,
      NewButtonMsg: 'Apply for ₱5000.00 now',
      NewPopMsg: 'Only one step is left: confirm to apply for ₱5000.00. You have our decision within 1 day.',
    },
  },
  goyaAgreementsCall: { payload: { productId: '3', scene: '3' }, answer: { data: [{ title: 'Loan Agreement', position: 1 }] } },
  goyaAgreementJumpCall: {
    payload: { productId: '3', scene: '3', position: '1', extraNumber: '1' },
    answer: { contract_url: 'https://lender.example/toIs?productId=3&position=1&orderId=' },
  },
  goyaLoanSubmitCall: {
    payload: { amount: '500000', periods: '91', termUnit: '1', productId: '3', extraNumber: '1' },
    answer: { lendDetailsUrl: '/allIt?productId=3&orderId=58' },
  },
  goyaFailureInfoCall: {
    payload: { productId: '3' },
    answer: {
      noticeMsg: 'We could not open your order.',
      errorMsg: 'The partner login failed. Try one of these products.',
      status: 200,
      recProducts: [recommendation],
    },
  },
  goyaClickTrackCall: { payload: { productId: '7', moduleId: '18', positionId: '0' }, answer: {} },
  goyaProductJumpCall: { payload: { productId: '7' }, answer: { url: 'https://lender.example/product/7' } },
};
