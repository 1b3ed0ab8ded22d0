import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { OrderDetails } from '@cashloan/contract/order-details';
import { fakeServer, ok, renderPage, turnVisibility, visibleAgain } from '../../shared/test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../shared/ui/toast.ts', () => toast);
const { default: OrderDetailsPage } = await import('./OrderDetailsPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  visibleAgain();
});

const ORDER: OrderDetails = {
  orderStatus: 174,
  noticeStatusText: 'Repayment due',
  noticeDesText: 'Please repay by 2027-02-01.',
  productName: 'PesoNow',
  productLogo: '',
  userOrderDetail: { detail: [{ text: 'Loan amount', value: '₱5,000.00' }] },
  recProducts: [],
  inside: 1,
  h5Url: '',
  isDelay: '0',
  telephone: '',
  isScore: '0',
  playeduL: '',
  reyMsg: '',
  KindTipsMsg: '',
  cardNeedPop: 0,
  cardPopTitle: '',
  cardPopMsg: '',
};
const PATH = '/h5api/v3/loan-details/loan-details';

describe('order details: the records (issue 22)', () => {
  it.each([170, 174, 180, 200])('a disbursed order (%i) links to its payment history and documents, with the page parameters', async (orderStatus) => {
    fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const records = await screen.findByRole('navigation', { name: 'Your records' });
    const history = new URL(within(records).getByRole('link', { name: 'Payment history' }).getAttribute('href')!, 'http://h5.test');
    expect(history.pathname).toBe('/paymentHistory');
    expect(Object.fromEntries(history.searchParams)).toMatchObject({ productId: '3', orderId: '7' });
    const documents = new URL(within(records).getByRole('link', { name: 'Loan documents' }).getAttribute('href')!, 'http://h5.test');
    expect(documents.pathname).toBe('/loanDocuments');
    expect(documents.searchParams.get('orderId')).toBe('7');
  });

  it.each([21, 110, 151])('an order not disbursed (%i) has no records links', async (orderStatus) => {
    fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus, noticeStatusText: 'In review' })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    await screen.findByRole('heading', { level: 2, name: 'In review' });
    expect(screen.queryByRole('navigation', { name: 'Your records' })).toBeNull();
  });

  it('says when the borrower stopped the SMS reminders, and nothing when the text is empty or absent', async () => {
    const stopped = 'You asked us to stop SMS payment reminders, so we no longer send them. Reply START to our SMS to get them again.';
    fakeServer({ [PATH]: [ok({ ...ORDER, remindersStoppedText: stopped })] });
    const first = renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const status = await screen.findByRole('region', { name: 'Repayment due' });
    expect(within(status).getByText(stopped)).toBeTruthy();
    first.unmount();

    fakeServer({ [PATH]: [ok({ ...ORDER, remindersStoppedText: '' })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const again = await screen.findByRole('region', { name: 'Repayment due' });
    expect(within(again).queryByText(/stop SMS payment reminders/)).toBeNull();
  });
});

describe('order details: cancelling in the cooling-off period (issue 23)', () => {
  it("within the window links 'Cancel this loan' to /cancelLoan with the page parameters, under the last day", async () => {
    fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus: 170, noticeStatusText: 'Repaying', coolingOffText: 'Cooling-off: you can cancel until 2026-11-30' })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const cooling = await screen.findByRole('navigation', { name: 'Cooling-off' });
    expect(within(cooling).getByText('Cooling-off: you can cancel until 2026-11-30')).toBeTruthy();
    const link = new URL(within(cooling).getByRole('link', { name: 'Cancel this loan' }).getAttribute('href')!, 'http://h5.test');
    expect(link.pathname).toBe('/cancelLoan');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ productId: '3', orderId: '7' });
  });

  it.each([undefined, ''])('offers nothing when the text is %j (after the window, or a closed loan)', async (coolingOffText) => {
    fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus: 200, noticeStatusText: 'Cancelled', coolingOffText })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    await screen.findByRole('heading', { level: 2, name: 'Cancelled' });
    expect(screen.queryByRole('link', { name: 'Cancel this loan' })).toBeNull();
  });
});

describe('order details: the loan money on its way (issue 36)', () => {
  it('says where the money is going while approved, and when it arrived', async () => {
    fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus: 110, noticeStatusText: 'Approved', payoutText: 'Sending ₱5,000.00 to your account ending 7890' })] });
    const first = renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const status = await screen.findByRole('region', { name: 'Approved' });
    expect(within(status).getByText('Sending ₱5,000.00 to your account ending 7890')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Correct your account' })).toBeNull();
    first.unmount();

    fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus: 170, noticeStatusText: 'Repaying', payoutText: '₱5,000.00 arrived in your account ending 7890 on 2026-11-28 14:05:09' })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const repaying = await screen.findByRole('region', { name: 'Repaying' });
    expect(within(repaying).getByText('₱5,000.00 arrived in your account ending 7890 on 2026-11-28 14:05:09')).toBeTruthy();
  });

  it("tells why the bank refused it and links 'Correct your account' to the bank screen with source=loanDetail", async () => {
    const problem = 'We could not send ₱5,000.00 to your account ending 0000: your bank says this account is closed. Please correct your account details so we can send it again.';
    fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus: 110, noticeStatusText: 'Approved', payoutText: '', payoutProblemText: problem })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const money = await screen.findByRole('navigation', { name: 'Your loan money' });
    expect(within(money).getByRole('alert').textContent).toBe(problem);
    const link = new URL(within(money).getByRole('link', { name: 'Correct your account' }).getAttribute('href')!, 'http://h5.test');
    expect(link.pathname).toBe('/candidateWhile');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ productId: '3', orderId: '7', source: 'loanDetail' });
  });
});

describe('order details: back from another app (the borrower paid in GCash or a bank app)', () => {
  const SETTLED: OrderDetails = {
    ...ORDER,
    orderStatus: 200,
    noticeStatusText: 'Settled',
    noticeDesText: '',
    userOrderDetail: { detail: [{ text: 'Settled on', value: '2027-01-28' }] },
  };

  it('hidden asks nothing; visible again reloads quietly, keeping the order on screen until the paid one answers', async () => {
    let answerSettled: (value: unknown) => void = () => undefined;
    const requests = fakeServer({ [PATH]: [ok(ORDER), () => new Promise((resolve) => (answerSettled = resolve))] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    await screen.findByRole('heading', { level: 2, name: 'Repayment due' });
    expect(requests).toHaveLength(1);

    await turnVisibility('hidden');
    expect(requests).toHaveLength(1);

    await turnVisibility('visible');
    expect(requests).toHaveLength(2);
    expect(Object.fromEntries(requests[1]!.form)).toEqual({ productId: '3', orderId: '7' });
    // No spinner, no loading toast: the figures stay while the reload runs.
    expect(screen.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeTruthy();
    expect(screen.getByText('₱5,000.00')).toBeTruthy();
    expect(screen.queryByText('Loading your order…')).toBeNull();
    expect(toast.showLoading).not.toHaveBeenCalled();

    await act(async () => answerSettled(ok(SETTLED)));
    expect(await screen.findByRole('heading', { level: 2, name: 'Settled' })).toBeTruthy();
    expect(screen.getByText('Settled on')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Borrow Again' })).toBeTruthy();
    expect(screen.queryByText('Repayment due')).toBeNull();
  });

  it('a failed reload keeps the order as it was, with no toast and no message', async () => {
    const requests = fakeServer({ [PATH]: [ok(ORDER), 'network'] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    await screen.findByRole('heading', { level: 2, name: 'Repayment due' });
    await turnVisibility('visible');
    await waitFor(() => expect(requests).toHaveLength(2));
    // Let the failed answer settle before looking.
    await act(async () => undefined);
    expect(screen.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.showFailure).not.toHaveBeenCalled();
  });
});

describe('order details: who handles an overdue order (issue 38)', () => {
  const COLLECTOR = '/h5api/v3/loan-details/collector';
  const OVERDUE: OrderDetails = { ...ORDER, orderStatus: 180, noticeStatusText: 'Overdue' };
  const CONTACT = { orderNo: 'PN2026011500041', agency: 'PesoNow Collections Desk', agentName: 'Ana Reyes', phone: '+63 2 8888 0150' };

  it('shows the agency, the agent, the phone as a tel: link and the dispute link to complaint step two', async () => {
    const requests = fakeServer({ [PATH]: [ok(OVERDUE)], [COLLECTOR]: [ok(CONTACT)] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const section = await screen.findByRole('region', { name: 'Handled by' });
    expect(within(section).getByText('PesoNow Collections Desk')).toBeTruthy();
    expect(within(section).getByText('Ana Reyes')).toBeTruthy();
    expect(within(section).getByRole('link', { name: '+63 2 8888 0150' }).getAttribute('href')).toBe('tel:+63288880150');
    const dispute = within(section).getByRole('link', { name: 'I dispute this amount' });
    expect(dispute.tagName).toBe('A');
    const href = new URL(dispute.getAttribute('href')!, 'http://h5.test');
    expect(href.pathname).toBe('/complainPageNext');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ problemType: '1', problemSonType: '17', orderNo: 'PN2026011500041', productId: '3', orderId: '7' });
    // The session goes in every call's query; the order as loan-details names it.
    const asked = requests.find((r) => r.path === COLLECTOR)!;
    expect(asked.method).toBe('GET');
    expect(asked.query.get('orderId')).toBe('7');
    expect(asked.query.get('productId')).toBe('3');
  });

  it('names no agent while the desk handles the order', async () => {
    fakeServer({ [PATH]: [ok(OVERDUE)], [COLLECTOR]: [ok({ ...CONTACT, agentName: null })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const section = await screen.findByRole('region', { name: 'Handled by' });
    expect(within(section).queryByText('Agent')).toBeNull();
    expect(within(section).getByRole('link', { name: 'I dispute this amount' })).toBeTruthy();
  });

  it('renders what the server sends as text', async () => {
    fakeServer({ [PATH]: [ok(OVERDUE)], [COLLECTOR]: [ok({ ...CONTACT, agentName: '<img src=x onerror=alert(1)>' })] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    const section = await screen.findByRole('region', { name: 'Handled by' });
    expect(within(section).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(section.querySelector('img')).toBeNull();
  });

  it.each([
    ['the server has nothing to show', ok(null)],
    ['the call fails', { code: 500, message: 'Something went wrong on our side. Please try again.', data: null }],
    ['the network fails', 'network'],
  ])('shows the overdue order without the section when %s, with no toast', async (_, answer) => {
    const requests = fakeServer({ [PATH]: [ok(OVERDUE)], [COLLECTOR]: [answer] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    await screen.findByRole('heading', { level: 2, name: 'Overdue' });
    await waitFor(() => expect(requests.some((r) => r.path === COLLECTOR)).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Handled by' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'I dispute this amount' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Repayment' })).toBeTruthy();
    expect(toast.showFailure).not.toHaveBeenCalled();
  });

  it.each([170, 174, 200])('a %i order neither asks nor shows who handles it', async (orderStatus) => {
    const requests = fakeServer({ [PATH]: [ok({ ...ORDER, orderStatus, noticeStatusText: 'Not overdue' })], [COLLECTOR]: [ok(CONTACT)] });
    renderPage(OrderDetailsPage, '/allIt?productId=3&orderId=7');
    await screen.findByRole('heading', { level: 2, name: 'Not overdue' });
    await act(async () => undefined);
    expect(requests.map((r) => r.path)).toEqual([PATH]);
    expect(screen.queryByRole('region', { name: 'Handled by' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'I dispute this amount' })).toBeNull();
    expect(screen.queryByRole('link', { name: '+63 2 8888 0150' })).toBeNull();
  });
});
