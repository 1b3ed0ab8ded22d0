import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentHistory } from '@cashloan/contract/records';
import { fail, fakeServer, ok, renderPage } from '../../../shared/test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: PaymentHistoryPage } = await import('./PaymentHistoryPage.tsx');

const PATH = '/h5api/v3/records/payment-history';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const HISTORY: PaymentHistory = {
  orderNo: 'PN2611270001',
  nextDueDate: '2026-12-27',
  nextDueAmount: 280_250,
  payments: [
    { paymentId: null, status: 'pending', paidAt: '2026-11-27 09:30:00', channel: '7-Eleven', reference: '730122564410', paidFor: 'Repayment', amount: 100_000, allocation: null },
    {
      paymentId: 12,
      status: 'paid',
      paidAt: '2026-11-20 14:05:09',
      channel: 'Bank card',
      reference: 'Card ending 4821',
      paidFor: 'Cooling-off cancellation',
      amount: 325_050,
      allocation: { lateCharges: 5_050, interest: 20_000, serviceFee: 50_000, principal: 250_000, unapplied: 0 },
    },
  ],
};

describe('payment history', () => {
  it("shows each payment, newest first, with its date and time, channel, reference, amount and allocation; a pending one is marked and has no receipt", async () => {
    const requests = fakeServer({ [PATH]: [ok(HISTORY)] });
    renderPage(PaymentHistoryPage, '/paymentHistory?orderId=7&productId=3');
    const list = await screen.findByRole('list', { name: 'Payments, newest first' });
    expect(document.title).toBe('Payment history');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment history' })).toBeTruthy();
    expect(screen.getByText('Order No. PN2611270001')).toBeTruthy();
    const [pending, paid] = within(list).getAllByRole('listitem');

    expect(within(pending!).getByRole('heading', { level: 2 }).textContent).toBe('₱1,000.00Pending');
    expect(within(pending!).getByText('Started').nextSibling?.textContent).toBe('2026-11-27 09:30:00');
    expect(within(pending!).getByText('7-Eleven')).toBeTruthy();
    expect(within(pending!).getByText('730122564410')).toBeTruthy();
    expect(within(pending!).getByText(/Waiting for the payment partner/)).toBeTruthy();
    expect(within(pending!).queryByRole('link')).toBeNull();

    expect(within(paid!).getByRole('heading', { level: 2 }).textContent).toBe('₱3,250.50Paid');
    expect(within(paid!).getByText('Date and time').nextSibling?.textContent).toBe('2026-11-20 14:05:09');
    expect(within(paid!).getByText('Card ending 4821')).toBeTruthy();
    expect(within(paid!).getByRole('heading', { level: 3, name: 'How it was applied' })).toBeTruthy();
    const rows = Object.fromEntries(within(paid!).getAllByRole('term').map((dt) => [dt.textContent, dt.nextSibling?.textContent]));
    expect(rows).toMatchObject({ 'Late charges': '₱50.50', Interest: '₱200.00', 'Service fee': '₱500.00', Principal: '₱2,500.00', Channel: 'Bank card', For: 'Cooling-off cancellation' });
    expect(rows).not.toHaveProperty('Kept as your credit');
    const receipt = within(paid!).getByRole('link', { name: 'View receipt of ₱3,250.50 paid 2026-11-20 14:05:09' });
    const href = new URL(receipt.getAttribute('href')!, 'http://h5.test');
    expect(href.pathname).toBe('/paymentReceipt');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ orderId: '7', productId: '3', paymentId: '12' });

    expect(requests).toHaveLength(1);
    expect(requests[0]!.form.get('orderId')).toBe('7');
    expect(requests[0]!.query.get('sessionId')).toBe('s-1');
    expect(new URL(screen.getByRole('link', { name: 'Loan documents' }).getAttribute('href')!, 'http://h5.test').pathname).toBe('/loanDocuments');
  });

  it("says 'No payments yet' with the next due date and amount, in rupees for real=1", async () => {
    fakeServer({ [PATH]: [ok({ ...HISTORY, payments: [] })] });
    renderPage(PaymentHistoryPage, '/paymentHistory?orderId=7&real=1');
    expect(await screen.findByRole('heading', { level: 2, name: 'No payments yet' })).toBeTruthy();
    expect(screen.getByText(/Your next payment of/).textContent).toBe('Your next payment of ₹2,802.50 is due on 2026-12-27.');
  });

  it('a settled order with no payments says nothing is due', async () => {
    fakeServer({ [PATH]: [ok({ ...HISTORY, payments: [], nextDueDate: '', nextDueAmount: 0 })] });
    renderPage(PaymentHistoryPage, '/paymentHistory?orderId=7');
    expect(await screen.findByText('Nothing is due on this order.')).toBeTruthy();
  });

  it("shows the server's text as text", async () => {
    fakeServer({ [PATH]: [ok({ ...HISTORY, payments: [{ ...HISTORY.payments[1]!, channel: '<img src=x onerror=alert(1)>' }] })] });
    renderPage(PaymentHistoryPage, '/paymentHistory?orderId=7');
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('main img')).toBeNull();
  });

  it("a failed load shows the server's message and Retry loads again", async () => {
    const requests = fakeServer({ [PATH]: [fail(1003, 'Order not found'), ok(HISTORY)] });
    renderPage(PaymentHistoryPage, '/paymentHistory?orderId=7');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Order not found');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Payments, newest first' })).toBeTruthy();
    expect(requests).toHaveLength(2);
  });
});
