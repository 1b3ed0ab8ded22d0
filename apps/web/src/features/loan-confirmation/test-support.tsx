/** Test helpers of the loan-confirmation screens: a server answering by path, and a page in a memory router. */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryHistory, Route, Router, Routes, useLocation } from '../../shared/router/router.tsx';
import type { ComponentType } from 'react';
import type { LoanConfirmation } from '@cashloan/contract/loan-confirm';
import type { NewLoanConfirmation } from '@cashloan/contract/goya';

export const SESSION = { deviceId: 'd-1', userId: 'U1', sessionId: 's-1', merchantNumber: 'M0001', mobilePhone: '9170000001' };

export interface SentRequest {
  path: string;
  method: string;
  form: URLSearchParams;
  query: URLSearchParams;
}

type Answer = unknown | ((req: SentRequest) => unknown) | Error;

/** Answers each call by its path with the next queued envelope (the last one repeats); an Error fails the fetch. */
export function fakeServer(answers: Record<string, Answer[]>) {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://h5.test');
      const req: SentRequest = {
        path: parsed.pathname,
        method: init.method ?? 'GET',
        form: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
        query: parsed.searchParams,
      };
      requests.push(req);
      const queue = answers[req.path];
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (next === undefined) throw new TypeError(`no answer for ${req.path}`);
      if (next instanceof Error) throw next;
      const envelope = await (typeof next === 'function' ? (next as (r: SentRequest) => unknown)(req) : next);
      return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

export const ok = <T,>(data: T, code: 0 | '00' = 0) => ({ code, message: 'success', data });

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders `Page` at `url` (the session added, as the app opens it); any other route shows where the page went. */
export function renderPage(Page: ComponentType, url: string) {
  const [path = '/', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(SESSION)) query.set(key, value);
  window.history.replaceState(null, '', `${path}?${query}`);
  const history = createMemoryHistory([`${path}?${query}`]);
  const routes = (
    <Router history={history}>
      <Routes>
        <Route path={path} element={<Page />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </Router>
  );
  return { ...render(routes), history };
}

export const CONFIRMATION: LoanConfirmation = {
  amount: 500000,
  periods: 91,
  termUnit: 1,
  details: [
    { text: 'Loan amount', value: '₱5000.00' },
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
  NewButtonMsg: 'Apply for ₱5000.00 now',
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
