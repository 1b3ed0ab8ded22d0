/**
 * The path routes' first screen rendered on the server (apps/server/src/web/server-render.ts) against
 * the real server: with JavaScript off every server-rendered route shows its first screen's figures
 * for the borrower's session, and a refused call shows the H5's failure screen; with JavaScript on
 * the browser hydrates that markup without making the embedded calls again and without a hydration
 * warning, and the page then works; the HTML is never cached and never carries the sessionId; a
 * later client-side visit of the same screen calls the server again.
 */
import type { ConsoleMessage, Locator, Page, Request, Response } from '@playwright/test';
import { callUrlPath } from '@cashloan/contract/common';
import { problemSaveRoute } from '@cashloan/contract/routes';
import { test, expect, codeHasRun, isHydrated, newOrder, orderIds, withQuery, type Borrower, type CreatedOrder, type OpsClient } from './fixtures.ts';
import { E2E_SERVICE } from './server.ts';

/** An order's own screen under another route name (/anFrom, /allowedAlso, …), with the same query. */
const onRoute = (order: CreatedOrder, route: string) => order.path.replace(/^\/allIt/, route);

/** A pay code the provider can be told about (ops API), as the Payment button issues it. */
async function payCode(ops: OpsClient, order: CreatedOrder): Promise<{ code: string; amountMinor: number }> {
  return ops.request('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
}

/** Files a complaint for the borrower through the H5 API, as step two's Submit does. */
async function fileComplaint(borrower: Borrower, baseURL: string, detail: string): Promise<{ problemId: number; ticketNo: string }> {
  const res = await fetch(`${baseURL}${callUrlPath(problemSaveRoute)}?${new URLSearchParams({ ...borrower.session })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ problemType: '2', problemDetail: detail, problemImage: '' }).toString(),
  });
  const envelope = (await res.json()) as { code: string; data: { problemId: number; ticketNo: string } };
  expect(envelope.code).toBe('00');
  return envelope.data;
}

/** The value (dd) beside a term (dt) inside `scope`. */
function valueOf(page: Page, term: string, scope: Page | Locator = page) {
  return scope
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term.replace(/[.()]/g, '\\$&')}$`) }) })
    .last()
    .getByRole('definition');
}

/** The answers the server embedded in a page, keyed `METHOD path {payload}`. */
function embeddedAnswers(html: string): Record<string, { code: unknown; message: string; data: unknown }> {
  const match = /<script type="application\/json" id="preloaded-answers">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, { code: unknown; message: string; data: unknown }>) : {};
}
const embeddedPaths = (html: string) => Object.keys(embeddedAnswers(html)).map((key) => key.split(' ')[1]!);

/** Opens a page and returns its HTML as the server sent it. */
async function openPage(page: Page, url: string): Promise<{ response: Response; html: string }> {
  const response = (await page.goto(url))!;
  expect(response.status()).toBe(200);
  return { response, html: await response.text() };
}

// ---- 1. JavaScript off: the first screen is in the HTML -------------------------------------------

/** What a case seeded: the page's address (with the session) and what the screen must show of it. */
interface Seed {
  url: string;
  order?: CreatedOrder;
  /** A pay code or a complaint's reference. */
  reference?: string;
}
interface FirstScreenCase {
  name: string;
  /** Seeds what the screen shows. */
  open: (ctx: { ops: OpsClient; borrower: Borrower; baseURL: string }) => Promise<Seed>;
  /** What the borrower reads on the first screen. */
  check: (page: Page, seed: Seed) => Promise<void>;
}

/** A borrower with a name on file and an earlier loan (the first-loan Loan Agreement modal does not greet them). */
async function repeatBorrower(ops: OpsClient): Promise<Borrower> {
  const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
  return { ...created, url: (path, extra = {}) => withQuery(path, { ...created.session, ...extra }) };
}

/** The figures the server computes for the demo catalogue's first product (PesoNow Cash, ₱5,000.00 over 91 days). */
const CASH = { name: 'PesoNow Cash', amount: '₱5,000.00', interest: '₱455.00', fee: '₱150.00', total: '₱5,605.00' };
const DATE = /\d{4}-\d{2}-\d{2}/;

/** A due order of a borrower who has a bank card on file (BDO Unibank, ending 4821): the card repayment screens. */
async function orderWithCard(ops: OpsClient, borrower: Borrower): Promise<CreatedOrder> {
  const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
  await ops.request('POST', '/bank-cards', { borrowerId: borrower.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' });
  return order;
}

const FIRST_SCREENS: FirstScreenCase[] = [
  {
    name: '/allIt under review',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 21 });
      return { url: order.path, order };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Status: in review' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Under review' })).toBeVisible();
      await expect(page.getByText('We are reviewing your application. You will have our decision within 1 day.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: CASH.name })).toBeVisible();
      await expect(valueOf(page, 'Order No.')).toHaveText(seed.order!.orderNo);
      await expect(valueOf(page, 'Loan amount')).toHaveText(CASH.amount);
      await expect(page.getByRole('button', { name: 'Call +63 2 8888 0000' })).toBeVisible();
    },
  },
  {
    name: '/anFrom repayment due',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
      return { url: onRoute(order, '/anFrom'), order };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('img', { name: 'Status: repayment due' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
      await expect(page.getByText(new RegExp(`^Please repay ₱5,605\\.00 today \\(${DATE.source}\\)\\.$`))).toBeVisible();
      await expect(valueOf(page, 'Order No.')).toHaveText(seed.order!.orderNo);
      await expect(valueOf(page, 'Interest')).toHaveText(CASH.interest);
      await expect(valueOf(page, 'Service fee')).toHaveText(CASH.fee);
      await expect(valueOf(page, 'Amount due')).toHaveText(CASH.total);
      await expect(page.getByRole('button', { name: 'Repayment', exact: true })).toBeVisible();
    },
  },
  {
    name: '/allIt overdue',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180, dueInDays: -5 });
      return { url: order.path, order };
    },
    check: async (page, seed) => {
      await expect(valueOf(page, 'Order No.')).toHaveText(seed.order!.orderNo);
      await expect(page.getByRole('img', { name: 'Status: overdue' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Overdue' })).toBeVisible();
      await expect(page.getByText('Your repayment is 5 days overdue. Please repay ₱5,651.70 today to stop further late charges.')).toBeVisible();
      await expect(valueOf(page, 'Days overdue')).toHaveText('5');
      // The late charges the SEC cap allows for 5 days: ₱5,605.00 × 5 × 5% / 30.
      await expect(valueOf(page, 'Late penalty')).toHaveText('₱46.70');
      await expect(valueOf(page, 'Amount due')).toHaveText('₱5,651.70');
      await expect(page.getByRole('button', { name: 'Repayment', exact: true })).toBeVisible();
    },
  },
  {
    name: '/anFrom settled',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 200 });
      return { url: onRoute(order, '/anFrom'), order };
    },
    check: async (page, seed) => {
      await expect(valueOf(page, 'Order No.')).toHaveText(seed.order!.orderNo);
      await expect(page.getByRole('img', { name: 'Status: settled' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
      await expect(page.getByText('You have repaid this loan in full. Thank you!')).toBeVisible();
      await expect(valueOf(page, 'Loan amount')).toHaveText(CASH.amount);
      await expect(page.getByRole('button', { name: 'Borrow Again' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Your records' }).getByRole('link', { name: 'Payment history' })).toBeVisible();
    },
  },
  {
    name: '/smpSystem loan confirmation',
    open: async ({ ops }) => ({ url: (await repeatBorrower(ops)).url('/smpSystem', { productId: 1 }) }),
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Loan confirmation' })).toBeVisible();
      await expect(page.getByText(CASH.amount, { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Daily interest 0.10%')).toBeVisible();
      const details = page.getByRole('region', { name: 'Loan details' });
      await expect(valueOf(page, 'Total to repay', details)).toHaveText(CASH.total);
      await expect(valueOf(page, 'Interest', details)).toHaveText(CASH.interest);
      const disclosure = page.getByRole('region', { name: 'Disclosure Statement' });
      await expect(disclosure).toContainText('Net proceeds (what you receive)₱5,000.00');
      await expect(disclosure).toContainText('Total finance charge₱605.00');
      await expect(disclosure).toContainText('3.89% per month (58.11% per year)');
      await expect(page.getByRole('checkbox', { name: 'I have read and agree to' })).toBeChecked();
      await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
    },
  },
  {
    name: '/manyVoting loan confirmation (second variant)',
    open: async ({ ops }) => ({ url: (await repeatBorrower(ops)).url('/manyVoting', { productId: 1 }) }),
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Loan confirmation' })).toBeVisible();
      await expect(page.getByText(CASH.name).first()).toBeVisible();
      await expect(valueOf(page, 'Total to repay')).toHaveText(CASH.total);
      await expect(page.getByRole('region', { name: 'Disclosure Statement' })).toContainText('Total of payments₱5,605.00');
      await expect(page.getByRole('button', { name: 'Apply for ₱5,000.00 now' })).toBeVisible();
      // The popup shown on load is part of the first screen.
      await expect(page.getByRole('dialog', { name: 'Your loan offer' })).toContainText('Only one step is left: confirm to apply for ₱5,000.00.');
    },
  },
  {
    name: '/allowedAlso repayment plan (due)',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      return { url: borrower.url('/allowedAlso', orderIds(order)), order };
    },
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Repayment' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText(CASH.total, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: CASH.name })).toBeVisible();
      await expect(valueOf(page, 'Amount due')).toHaveText(CASH.total);
      await expect(page.getByRole('button', { name: 'Payment', exact: true })).toBeVisible();
    },
  },
  {
    name: '/byAs repayment plan (overdue)',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180, dueInDays: -5 });
      return { url: borrower.url('/byAs', orderIds(order)), order };
    },
    check: async (page) => {
      await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText('₱5,651.70', { exact: true })).toBeVisible();
      await expect(page.getByText('Your repayment is 5 days overdue. Please repay ₱5,651.70 today to stop further late charges.')).toBeVisible();
      await expect(valueOf(page, 'Amount due')).toHaveText('₱5,651.70');
    },
  },
  {
    name: '/votingCandidates rollover',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180, dueInDays: -5, isDelay: '1' });
      return { url: borrower.url('/votingCandidates', orderIds(order)), order };
    },
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Extend your loan by 91 days' })).toBeVisible();
      // The ₱750.00 fee and 5 days of late charges (₱46.70).
      await expect(page.getByText('₱796.70', { exact: true })).toBeVisible();
      await expect(page.getByText('Your next payment date is')).toContainText(DATE);
      await expect(page.getByRole('list').getByText('Due after the rollover')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Payment', exact: true })).toBeVisible();
    },
  },
  {
    name: '/repaymentOfCode with a pay code',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      const issued = await payCode(ops, order);
      return { url: borrower.url('/repaymentOfCode', { showType: 1, payCode: issued.code, repayAmount: issued.amountMinor, ...orderIds(order) }), reference: issued.code };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Repayment code' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Amount to pay' })).toContainText(CASH.total);
      await expect(page.getByText(seed.reference!, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: `Copy the repayment code ${seed.reference}` })).toBeVisible();
    },
  },
  {
    name: '/candidateWhile bind bank',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180 });
      return { url: borrower.url('/candidateWhile', { product_id: order.productId }), order };
    },
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Payment account information' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Bank account' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'E-wallet' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Receiving channel / })).toContainText('InstaPay (real time)');
      await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
    },
  },
  {
    name: '/numberWill complaint entry',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180 });
      return { url: borrower.url('/numberWill', { orderId: order.orderId }), order };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Complaint' })).toBeVisible();
      await expect(page.getByText(seed.order!.orderNo)).toBeVisible();
      await expect(page.getByText('Collection', { exact: true })).toBeVisible();
      await expect(page.getByText('Loan application', { exact: true })).toBeVisible();
    },
  },
  {
    name: '/complainPage complaint start',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174 });
      return { url: borrower.url('/complainPage'), order };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Complaint' })).toBeVisible();
      await expect(page.getByText(seed.order!.orderNo)).toBeVisible();
      await expect(page.getByText('Repayment', { exact: true })).toBeVisible();
    },
  },
  {
    name: '/complaintList my complaints',
    open: async ({ borrower, baseURL }) => {
      const { ticketNo } = await fileComplaint(borrower, baseURL, 'The app closes when I open my order.');
      return { url: borrower.url('/complaintList'), reference: ticketNo };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'My complaints' })).toBeVisible();
      await expect(page.getByRole('tab', { name: /^Processing/ })).toContainText('1');
      await expect(page.getByText(seed.reference!)).toBeVisible();
      await expect(page.getByText('The app closes when I open my order.')).toBeVisible();
    },
  },
  {
    name: '/complainDetails with the reply',
    open: async ({ ops, borrower, baseURL }) => {
      const filed = await fileComplaint(borrower, baseURL, 'My payment is not shown.');
      await ops.request('POST', `/complaints/${filed.problemId}/reply`, { disposeDetail: 'We found your payment and applied it.', isNeedScore: 0 });
      return { url: borrower.url('/complainDetails', { problemId: filed.problemId }), reference: filed.ticketNo };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Online service' })).toBeVisible();
      await expect(valueOf(page, 'Reference')).toHaveText(seed.reference!);
      await expect(valueOf(page, 'Status')).toHaveText('Answered');
      await expect(page.getByText('My payment is not shown.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Process Result' })).toBeVisible();
      await expect(page.getByText('We found your payment and applied it.')).toBeVisible();
    },
  },
  {
    name: '/beSeats customer service',
    open: async ({ borrower }) => ({ url: borrower.url('/beSeats') }),
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Customer service' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', `mailto:${E2E_SERVICE.email}`);
      await expect(page.getByText(E2E_SERVICE.email)).toBeVisible();
      await expect(page.getByText(E2E_SERVICE.smWa)).toBeVisible();
    },
  },
  {
    name: '/wherePlurality joint-login failure',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180 });
      return { url: borrower.url('/wherePlurality', orderIds(order)), order };
    },
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'We could not sign you in to PesoNow Cash.' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Status: overdue' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Recommended products' });
      await expect(list.getByRole('heading', { level: 3 })).toHaveText(['PesoNow Plus', 'PesoNow Installment', 'PesoNow Salary Loan']);
      await expect(page.getByText('₱2,000 - ₱10,000')).toBeVisible();
    },
  },
  {
    name: '/paymentHistory with a payment',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      const { code } = await payCode(ops, order);
      await ops.request('POST', `/pay-codes/${code}/paid`, { providerRef: `E2E-${code}` });
      return { url: borrower.url('/paymentHistory', orderIds(order)), order, reference: code };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Payment history' })).toBeVisible();
      await expect(page.getByText(`Order No. ${seed.order!.orderNo}`)).toBeVisible();
      const payment = page.getByRole('list', { name: 'Payments, newest first' }).getByRole('listitem');
      await expect(payment.getByRole('heading', { level: 2 })).toHaveText(`${CASH.total}Paid`);
      await expect(valueOf(page, 'Reference', payment)).toHaveText(seed.reference!);
      await expect(valueOf(page, 'Principal', payment)).toHaveText(CASH.amount);
      await expect(valueOf(page, 'Interest', payment)).toHaveText(CASH.interest);
    },
  },
  {
    name: '/loanDocuments',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 170 });
      return { url: borrower.url('/loanDocuments', orderIds(order)), order };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Loan documents' })).toBeVisible();
      await expect(page.getByText(`Order No. ${seed.order!.orderNo}`)).toBeVisible();
      await expect(page.getByText('Repayment Schedule')).toBeVisible();
      await expect(page.getByText('Statement of Account')).toBeVisible();
    },
  },
  {
    name: '/cancelLoan in the cooling-off period',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 170, disbursedDaysAgo: 0 });
      return { url: onRoute(order, '/cancelLoan'), order };
    },
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Cancel this loan' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'To cancel, pay' })).toContainText('₱5,005.00');
      const parts = page.getByRole('region', { name: 'What you pay' });
      await expect(parts.getByRole('term')).toHaveText(['Loan amount', 'Interest for 1 day', 'Service fee', 'Total to pay']);
      await expect(parts.getByRole('definition')).toHaveText([CASH.amount, '₱5.00', 'Waived (₱0.00)', '₱5,005.00']);
      await expect(page.getByRole('button', { name: 'Get the pay code' })).toBeVisible();
    },
  },
  {
    name: '/alipayrepayment card repayment (the path address of pay.html#/alipayrepayment)',
    open: async ({ ops, borrower }) => {
      const order = await orderWithCard(ops, borrower);
      return { url: borrower.url('/alipayrepayment', orderIds(order)), order };
    },
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Repay by card' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Amount to repay' })).toContainText(CASH.total);
      await expect(page.getByText('No bank card selected')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Select a bank card' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirm repayment' })).toBeVisible();
    },
  },
  {
    name: '/addnormalcard choose a card (the path address of pay.html#/addnormalcard)',
    open: async ({ ops, borrower }) => {
      const order = await orderWithCard(ops, borrower);
      return { url: borrower.url('/addnormalcard', orderIds(order)), order };
    },
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a bank card' })).toBeVisible();
      await expect(page.getByRole('radio', { name: /BDO Unibank/ })).toContainText('**** **** **** 4821');
      await expect(page.getByText('4000123412344821')).toHaveCount(0);
    },
  },
  {
    name: '/borrowDetail (the path address of pay.html#/borrowDetail)',
    open: async ({ ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
      return { url: borrower.url('/borrowDetail', orderIds(order)), order };
    },
    check: async (page, seed) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Borrow details' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: CASH.name })).toBeVisible();
      await expect(valueOf(page, 'Order No.')).toHaveText(seed.order!.orderNo);
      await expect(page.getByRole('link', { name: 'Repay by card' })).toBeVisible();
    },
  },
  {
    name: '/toIs loan agreement',
    open: async ({ ops }) => {
      const named = await repeatBorrower(ops);
      return { url: named.url('/toIs', { productId: 1, position: 1 }) };
    },
    check: async (page) => {
      const article = page.getByRole('article', { name: 'Loan Agreement' });
      await expect(article).toContainText('and Ana Reyes, mobile number');
      await expect(article).toContainText('The Lender lends the Borrower PHP 5,000.00 under the product PesoNow Cash for a term of 91 calendar days.');
      await expect(article).toContainText('The Borrower repays PHP 5,605.00, made of the principal, interest of PHP 455.00 and a service fee of PHP 150.00');
    },
  },
];

test.describe('JavaScript off: the first screen comes from the server', () => {
  test.use({ javaScriptEnabled: false });

  for (const c of FIRST_SCREENS) {
    test(`${c.name}: its figures are in the HTML`, async ({ page, ops, borrower, baseURL }) => {
      const seed = await c.open({ ops, borrower, baseURL: baseURL! });
      await openPage(page, seed.url);
      // Nothing is left for the browser to load: no spinner, no failure.
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await c.check(page, seed);
    });
  }

  test('an expired or made-up session: the failure screen with the server message and Retry', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    const { html } = await openPage(page, borrower.url('/allIt', { ...orderIds(order), sessionId: 'f'.repeat(64) }));
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Could not load this page');
    await expect(failure).toContainText('Your session has expired. Please log in again.');
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Status:/ })).toHaveCount(0);
    await expect(page.getByText(order.orderNo)).toHaveCount(0);
    expect(html).not.toContain(order.orderNo);
  });

  test("another borrower's order: the refusal message, and none of that order's figures", async ({ page, ops, borrower }) => {
    const owner = await ops.createBorrower();
    const order = await ops.request<CreatedOrder>('POST', '/orders', { borrowerId: owner.borrowerId, status: 180, dueInDays: -5 });
    const { html } = await openPage(page, borrower.url('/allIt', orderIds(order)));
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('This order was not found. Please check your orders and try again.');
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Status:/ })).toHaveCount(0);
    await expect(page.getByText('Overdue')).toHaveCount(0);
    await expect(page.getByText(/₱/)).toHaveCount(0);
    // Neither on the screen nor in the embedded answers.
    for (const secret of [order.orderNo, '₱5,651.70', owner.session.mobilePhone]) expect(html).not.toContain(secret);
  });
});

// ---- 3. JavaScript on: hydration without calling again ---------------------------------------------

/** The server's API paths (isApiPath in apps/server/src/web/serve-web.ts, the borrower's part). */
const API_PREFIXES = ['/h5api', '/api/', '/gopia/', '/user-problem/', '/story/', '/service/'];
const isApiCall = (request: Request) => API_PREFIXES.some((prefix) => new URL(request.url()).pathname.startsWith(prefix));
/** Words of React's hydration failures (the production build writes the minified errors' numbers). */
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|423|425)\b/i;

interface Watch {
  /** Paths of the API calls made. */
  apiCalls: string[];
  /** Console errors and warnings, and uncaught page errors. */
  problems: string[];
  /** Documents the main frame loaded from this site: 1 while the page never reloads. */
  documents: number;
}

/** Records the page's API calls (path), document loads and every console error/warning or page error. */
function watch(page: Page): Watch {
  const seen: Watch = { apiCalls: [], problems: [], documents: 0 };
  page.on('request', (request) => {
    if (isApiCall(request)) seen.apiCalls.push(new URL(request.url()).pathname);
    // Page loads of this site (a mailto: link's hand-over to the mail app is not one).
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame() && request.url().startsWith('http')) seen.documents += 1;
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.problems.push(`pageerror: ${error.message}`));
  return seen;
}

/** Waits until React has hydrated `element` (its props are attached to the node) and the network is quiet. */
async function hydrated(page: Page, element: Locator): Promise<void> {
  await expect
    .poll(() => isHydrated(element), { message: 'hydrated' })
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

interface LiveCase {
  name: string;
  open: (ctx: { ops: OpsClient; borrower: Borrower; baseURL: string }) => Promise<string>;
  /** The call(s) the server embeds (the path of the answer's key): the browser must not make them again. */
  embedded: string[];
  /** The document title the page sets once its code runs (usePageTitle). */
  title: string | RegExp;
  /** A control of the first screen: hydration is awaited on it, then it is tapped. */
  control: (page: Page) => Locator;
  /** What the tap did. */
  tapped: (page: Page, control: Locator) => Promise<void>;
}

const LIVE_CASES: LiveCase[] = [
  {
    name: 'order details (/allIt)',
    open: async ({ ops, borrower }) => (await newOrder(ops, borrower, { status: 174, dueInDays: 0 })).path,
    embedded: ['/v3/loan-details/loan-details'],
    title: 'Order Details',
    control: (page) => page.getByRole('button', { name: 'Repayment', exact: true }),
    tapped: async (page) => {
      await expect(page).toHaveURL(/\/allowedAlso\?/);
      await expect(page.getByRole('region', { name: 'Amount to repay' })).toContainText(CASH.total);
    },
  },
  {
    name: 'loan confirmation (/smpSystem)',
    open: async ({ ops }) => (await repeatBorrower(ops)).url('/smpSystem', { productId: 1 }),
    embedded: ['/v3/loan-confirm/loan-detail-confirm', '/v3/contract/contract'],
    title: 'Loan confirmation',
    control: (page) => page.getByRole('checkbox', { name: 'I have read and agree to' }),
    tapped: async (page, box) => {
      await expect(box).not.toBeChecked();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    },
  },
  {
    name: 'repayment plan (/allowedAlso)',
    open: async ({ ops, borrower }) => borrower.url('/allowedAlso', orderIds(await newOrder(ops, borrower, { status: 174, dueInDays: 1 }))),
    embedded: ['/v3/installment/loan-play-detail'],
    title: 'Repayment',
    control: (page) => page.getByRole('button', { name: 'more' }),
    tapped: async (page) => {
      await expect(page.getByRole('term').filter({ hasText: 'Order No.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'hide' })).toBeVisible();
    },
  },
  {
    name: 'rollover (/votingCandidates)',
    open: async ({ ops, borrower }) => borrower.url('/votingCandidates', orderIds(await newOrder(ops, borrower, { status: 180, dueInDays: -5, isDelay: '1' }))),
    embedded: ['/story/inherited'],
    title: 'Rollover Repayment',
    control: (page) => page.getByRole('button', { name: /Payment Method/ }),
    tapped: async (page) => {
      await expect(page.getByRole('dialog', { name: 'Payment Method' })).toBeVisible();
    },
  },
  {
    name: 'complaints list (/complaintList)',
    open: async ({ borrower, baseURL }) => {
      await fileComplaint(borrower, baseURL, 'The app closes when I open my order.');
      return borrower.url('/complaintList');
    },
    embedded: ['/user-problem/problem-list'],
    title: 'My complaints',
    control: (page) => page.getByRole('tab', { name: /^Completed/ }),
    tapped: async (page, completed) => {
      await expect(completed).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('No complaints here.')).toBeVisible();
    },
  },
  {
    name: 'customer service (/beSeats)',
    open: async ({ borrower }) => borrower.url('/beSeats'),
    embedded: ['/v3/personal-center/contact-kf-info'],
    title: 'Customer service',
    // Its controls are plain links: the e-mail one hands a mail draft to the phone and the page stays.
    control: (page) => page.getByRole('link', { name: /^E-mail / }),
    tapped: async (page) => {
      await expect(page).toHaveURL(/\/beSeats\?/);
      await expect(page.getByText(E2E_SERVICE.email)).toBeVisible();
    },
  },
  {
    name: 'bind bank (/candidateWhile)',
    open: async ({ ops, borrower }) => borrower.url('/candidateWhile', { product_id: (await newOrder(ops, borrower, { status: 180 })).productId }),
    embedded: ['/v3/bind-card/card-init'],
    title: 'Payment account information',
    control: (page) => page.getByRole('tab', { name: 'E-wallet' }),
    tapped: async (_page, wallet) => {
      await expect(wallet).toHaveAttribute('aria-selected', 'true');
    },
  },
  {
    name: 'card repayment (/alipayrepayment)',
    open: async ({ ops, borrower }) => {
      const order = await orderWithCard(ops, borrower);
      return borrower.url('/alipayrepayment', orderIds(order));
    },
    embedded: ['/api/v1/youmi/youmi-api/service/loan/repayment-way'],
    title: 'Repay by card',
    control: (page) => page.getByRole('link', { name: 'Select a bank card' }),
    tapped: async (page) => {
      // The choice is a screen of the same app: chosen, the card comes back to the repayment.
      await expect(page).toHaveURL((url) => url.pathname === '/addnormalcard');
      await page.getByRole('radio', { name: /BDO Unibank/ }).tap();
      await expect(page).toHaveURL((url) => url.pathname === '/alipayrepayment' && url.searchParams.has('cardId'));
      await expect(page.getByText('**** **** **** 4821')).toBeVisible();
    },
  },
  {
    name: 'official site (/)',
    open: async () => '/',
    embedded: ['/v3/site/config'],
    title: /PesoNow/,
    control: (page) => page.getByRole('tab', { name: 'About Us', exact: true }),
    tapped: async (page, about) => {
      await expect(about).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/[?&]tab=/);
    },
  },
];

test.describe('JavaScript on: the browser hydrates the first screen', () => {
  for (const c of LIVE_CASES) {
    test(`${c.name}: no second call, no hydration warning, and a tap works`, async ({ page, ops, borrower, baseURL }) => {
      const url = await c.open({ ops, borrower, baseURL: baseURL! });
      const seen = watch(page);
      const { html } = await openPage(page, url);
      expect(embeddedPaths(html)).toEqual(c.embedded);
      const control = c.control(page);
      await hydrated(page, control);
      await expect(page).toHaveTitle(c.title);
      // Up to here the page called nothing: what it showed came with the HTML (no tracking on these screens either).
      expect(seen.apiCalls).toEqual([]);
      for (const path of c.embedded) expect(seen.apiCalls.filter((call) => call.endsWith(path)), `${path} called again`).toEqual([]);
      expect(seen.problems.filter((text) => HYDRATION.test(text))).toEqual([]);
      await control.tap();
      await c.tapped(page, control);
      expect(seen.problems.filter((text) => HYDRATION.test(text))).toEqual([]);
      expect(seen.documents).toBe(1);
    });
  }

  test('a refused first call: the failure screen hydrates without calling, and its Retry asks the server again', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    const seen = watch(page);
    await openPage(page, borrower.url('/allIt', { ...orderIds(order), sessionId: 'f'.repeat(64) }));
    const retry = page.getByRole('alert').getByRole('button', { name: 'Retry' });
    await hydrated(page, retry);
    await expect(page.getByRole('alert')).toContainText('Your session has expired. Please log in again.');
    expect(seen.apiCalls).toEqual([]);
    const again = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/v3/loan-details/loan-details'));
    await retry.tap();
    await again;
    // Still refused, and still said so.
    await expect(page.getByRole('alert')).toContainText('Your session has expired. Please log in again.');
    expect(seen.problems.filter((text) => HYDRATION.test(text))).toEqual([]);
  });

  test("a page whose code fails to load: the failure screen's Reload loads the page again, and then it works", async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    const pageCode = /\/assets\/OrderDetailsPage-[^/]+\.js$/;
    await page.route(pageCode, (route) => route.abort());
    const seen = watch(page);
    await openPage(page, order.path);
    await expect(page.getByRole('alert')).toContainText('Something went wrong');
    // The network is back: the tap on Reload is the page's, not kept for code that never came.
    await page.unroute(pageCode);
    await page.getByRole('alert').getByRole('button', { name: 'Reload' }).tap();
    await expect.poll(() => seen.documents).toBe(2);
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a page whose entry script fails to load: its taps are no longer kept, an alert offers Reload, and the page then works', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    const entry = /\/assets\/main-[^/]+\.js$/;
    await page.route(entry, (route) => route.abort());
    const seen = watch(page);
    // As it arrives: the page's code never takes over, so the fixture's goto would wait for it.
    await page.goto(order.path, { waitUntil: 'commit' });
    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(failure).toBeVisible();
    // Nothing is kept any more for code that never came.
    expect(await page.evaluate(() => '__takeEarlyInput' in window)).toBe(false);
    await page.unroute(entry);
    await failure.getByRole('button', { name: 'Reload' }).tap();
    await expect.poll(() => seen.documents).toBe(2);
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('the watch above does see a hydration failure (a server text the browser renders otherwise)', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    await page.route('**/allIt?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('>Repayment due</h2>', '>Repayment dux</h2>');
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, body, headers });
    });
    const seen = watch(page);
    await page.goto(order.path);
    await expect.poll(() => seen.problems.filter((text) => HYDRATION.test(text)).length).toBeGreaterThan(0);
  });
});

/**
 * A slow phone network, as Chromium's DevTools emulates it (CDP): every request waits a round trip,
 * and the page's ~85 KiB of code takes seconds to arrive. The borrower taps what the server painted
 * before that code has run.
 */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Bytes a second: 48 KiB/s carries the code in about 2 s.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 48 * 1024, uploadThroughput: 48 * 1024 });
}

test.describe('A tap before the code has arrived, on a throttled network', () => {
  for (const c of LIVE_CASES) {
    test(`${c.name}: the tap is taken once the code has run`, async ({ page, ops, borrower, baseURL }) => {
      const url = await c.open({ ops, borrower, baseURL: baseURL! });
      const seen = watch(page);
      await throttle(page);
      // As a borrower sees it: the painted screen, its code still on the wire.
      await page.goto(url, { waitUntil: 'commit' });
      const control = c.control(page);
      await expect(control).toBeVisible();
      expect(await isHydrated(control), 'the code had already run: nothing was tested').toBe(false);
      await control.tap();
      await c.tapped(page, control);
      expect(seen.problems.filter((text) => HYDRATION.test(text))).toEqual([]);
      expect(seen.documents).toBe(1);
    });
  }
});

// ---- 4. Headers and privacy ---------------------------------------------------------------------

test.describe('The server-rendered HTML', () => {
  test('is never stored, runs no inline script but its own, and never carries the sessionId', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    const sessionId = borrower.session.sessionId;
    for (const url of [order.path, borrower.url('/smpSystem', { productId: 1 }), borrower.url('/beSeats'), borrower.url('/paymentHistory', orderIds(order))]) {
      const { response, html } = await openPage(page, url);
      const route = new URL(response.url()).pathname;
      expect(Object.keys(embeddedAnswers(html)).length, `${route} server-rendered`).toBeGreaterThan(0);
      const headers = response.headers();
      expect(headers['cache-control'], route).toBe('no-store');
      const scriptSrc = headers['content-security-policy']!.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
      expect(scriptSrc, route).toBeDefined();
      expect(scriptSrc, route).not.toContain("'unsafe-inline'");
      expect(html, route).not.toContain(sessionId);
      const addresses = [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.filter((address) => address.includes('sessionId') || address.includes(sessionId)), route).toEqual([]);
      // The address bar loses the sessionId once the page has stored it.
      await expect.poll(() => new URL(page.url()).searchParams.get('sessionId'), { message: route }).toBeNull();
      expect(new URL(page.url()).searchParams.get('userId')).toBe(borrower.session.userId);
    }
  });
});

// ---- 5. After the first screen, the page calls as usual ---------------------------------------------

test.describe('After the first screen', () => {
  test('leaving order details and coming back calls for the order once, and the new answer shows', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    const seen = watch(page);
    await openPage(page, order.path);
    const history = page.getByRole('navigation', { name: 'Your records' }).getByRole('link', { name: 'Payment history' });
    await hydrated(page, history);
    const orderCalls = () => seen.apiCalls.filter((path) => path.endsWith('/v3/loan-details/loan-details')).length;
    expect(orderCalls()).toBe(0);

    // Meanwhile the borrower pays at a store: the next visit of the screen must show it.
    const { code } = await payCode(ops, order);
    await ops.request('POST', `/pay-codes/${code}/paid`, { providerRef: `E2E-${code}` });

    await history.tap();
    await expect(page).toHaveURL(/\/paymentHistory\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment history' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Payments, newest first' })).toContainText(CASH.total);
    await page.goBack();
    await expect(page).toHaveURL(/\/allIt\?/);
    await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
    expect(orderCalls()).toBe(1);
    expect(seen.documents).toBe(1);
    expect(seen.problems.filter((text) => HYDRATION.test(text))).toEqual([]);
  });

  test('a reload, its address without the sessionId, shows the order with the session the page keeps', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    await openPage(page, order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('sessionId')).toBeNull();
    const seen = watch(page);
    // The server cannot answer for a session it is not told: it must not render its refusal for a
    // browser that holds one.
    const reloaded = (await page.reload())!;
    expect(Object.keys(embeddedAnswers(await reloaded.text()))).toEqual([]);
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    await expect(valueOf(page, 'Order No.')).toHaveText(order.orderNo);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(seen.apiCalls.filter((path) => path.endsWith('/v3/loan-details/loan-details'))).toHaveLength(1);
    expect(seen.problems.filter((text) => HYDRATION.test(text))).toEqual([]);
  });

  test("a screen opened with the session only, the order's parameters kept from an earlier page, shows that order", async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    await openPage(page, order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    // The order's parameters are kept by the page's code.
    await codeHasRun(page);
    const seen = watch(page);
    // The server is told no productId or orderId: it must not render its refusal for a page that has them.
    const { html } = await openPage(page, borrower.url('/allowedAlso'));
    expect(Object.keys(embeddedAnswers(html))).toEqual([]);
    await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText(CASH.total, { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(seen.apiCalls.filter((path) => path.endsWith('/v3/installment/loan-play-detail'))).toHaveLength(1);
    expect(seen.problems.filter((text) => HYDRATION.test(text))).toEqual([]);
  });

  // The server renders with the address's parameters only, while the browser's pageParam() adds
  // those kept in its storage from an earlier page (bind bank without product_id, the login-failure
  // page and the complaint entry read or send them). mount.tsx then renders the page itself, without
  // the server's answers, instead of hydrating a screen that is not this page's.
  test("a screen whose address lacks a parameter the page keeps from an earlier page renders itself, without a hydration error", async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 180 });
    await openPage(page, order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Overdue' })).toBeVisible();
    // The order's parameters are kept by the page's code.
    await codeHasRun(page);
    for (const route of ['/candidateWhile', '/wherePlurality', '/numberWill']) {
      const seen = watch(page);
      await openPage(page, borrower.url(route));
      await codeHasRun(page);
      await page.waitForLoadState('networkidle');
      expect(seen.problems.filter((text) => HYDRATION.test(text)), route).toEqual([]);
    }
  });
});
