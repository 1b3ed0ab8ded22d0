import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPaymentException } from '@cashloan/contract/staff/payment-exceptions';
import { fail, renderBackOffice, sessionOf, type SentRequest } from '../../test-support/staff-harness.tsx';

const mismatch: StaffPaymentException = {
  id: 2, kind: 'amount_mismatch', provider: 'dragonpay', txnId: 'TXN-7', refNo: 'DP-OVER-1', orderId: 7, orderNo: 'NO-7', borrowerId: 3,
  receivedMinor: 572500, expectedMinor: 567500, heldMinor: 572500, paymentId: null, detail: 'pay code 1234 is for 567500; the provider received 572500', createdAt: '2025-03-02T03:00:00Z', refund: null,
};
const stray: StaffPaymentException = {
  id: 1, kind: 'unknown_reference', provider: 'dragonpay', txnId: 'NOT-OURS', refNo: 'DP-STRAY-1', orderId: null, orderNo: null, borrowerId: null,
  receivedMinor: 12345, expectedMinor: null, heldMinor: 12345, paymentId: null, detail: 'txnid NOT-OURS is not a pay code of ours', createdAt: '2025-03-01T03:00:00Z', refund: null,
};

const overpaid: StaffPaymentException = {
  id: 3, kind: 'overpayment', provider: 'dragonpay', txnId: 'PN261101000009-ab12cd34ef', refNo: 'DP-TWICE-1', orderId: 9, orderNo: 'NO-9', borrowerId: 4,
  receivedMinor: 560500, expectedMinor: 100, heldMinor: 560400, paymentId: 41,
  detail: 'payment 41 (dragonpay:DP-TWICE-1) brought 560500; order NO-9 owed 100, which was applied, and 560400 is held as the borrower\'s credit', createdAt: '2025-03-03T03:00:00Z', refund: null,
};

describe('payment exceptions', () => {
  it('shows finance each exception in words, its order linked, the money received and expected', async () => {
    const { requests } = renderBackOffice('/payment-exceptions', sessionOf(['finance']), { 'GET /payment-exceptions': [{ items: [mismatch, stray], total: 2 }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment exceptions' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'NO-7' })).toHaveAttribute('href', '/orders/7');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Amount differs from the pay code')).toBeInTheDocument();
    // Received, and held as credit: nothing of it was applied.
    expect(within(rows[0]!).getAllByText('₱5,725.00')).toHaveLength(2);
    expect(within(rows[0]!).getByText('₱5,675.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('DP-OVER-1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unknown reference')).toBeInTheDocument();
    expect(within(rows[1]!).getAllByText('₱123.45')).toHaveLength(2);
    expect(within(rows[1]!).getByText('txnid NOT-OURS is not a pay code of ours')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === '/payment-exceptions')!.query.get('page')).toBe('1');
  });

  it('shows a payment beyond what its order owed: received, what was owed and applied, and the part held as credit', async () => {
    renderBackOffice('/payment-exceptions', sessionOf(['finance']), { 'GET /payment-exceptions': [{ items: [overpaid, mismatch], total: 2 }] });
    expect(await screen.findByRole('link', { name: 'NO-9' })).toHaveAttribute('href', '/orders/9');
    expect(screen.getByRole('columnheader', { name: 'Held as credit' })).toBeInTheDocument();
    const [row, other] = screen.getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual([
      expect.any(String),
      'Paid more than owed',
      'NO-9',
      '₱5,605.00',
      '₱1.00',
      '₱5,604.00',
      overpaid.detail,
      'DP-TWICE-1',
      'Refund',
    ]);
    // The other kinds hold everything they received.
    expect(within(other!).getAllByText('₱5,725.00')).toHaveLength(2);
  });

  it('filters by kind, asking the server again from page 1', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/payment-exceptions?page=2', sessionOf(['finance']), {
      'GET /payment-exceptions': [(req: SentRequest) => (req.query.get('kind') === 'order_closed' ? { items: [], total: 0 } : { items: [mismatch, stray], total: 22 })],
    });
    await screen.findByRole('link', { name: 'NO-7' });
    expect(requests.at(-1)!.query.get('page')).toBe('2');
    await user.click(screen.getByLabelText('Kind'));
    await user.click(await screen.findByTitle('Order no longer being repaid'));
    await waitFor(() => expect(requests.at(-1)!.query.get('kind')).toBe('order_closed'));
    expect(requests.at(-1)!.query.get('page')).toBe('1');
    expect(await screen.findByText('No payment exceptions.')).toBeInTheDocument();
  });

  it('offers a load that failed again', async () => {
    const user = userEvent.setup();
    const down = fail(500, 'Something went wrong on our side.');
    renderBackOffice('/payment-exceptions', sessionOf(['finance']), { 'GET /payment-exceptions': [down, down, { items: [mismatch], total: 1 }] });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'NO-7' })).toBeInTheDocument();
  });

  it("records a held credit's refund under the bank transfer's reference, and shows it once recorded", async () => {
    const user = userEvent.setup();
    const refunded: StaffPaymentException = { ...mismatch, refund: { reference: 'BDO-TRF-991', refundedBy: 'Ana Reyes', refundedAt: '2025-03-04T02:00:00Z' } };
    const { requests } = renderBackOffice('/payment-exceptions', sessionOf(['finance']), {
      'GET /payment-exceptions': [{ items: [mismatch], total: 1 }, { items: [refunded], total: 1 }],
      'POST /payment-exceptions/2/refund': [fail(409, 'The reference BDO-TRF-1 was used for another refund.'), refunded],
    });
    await user.click(await screen.findByRole('button', { name: 'Refund ₱5,725.00 held from DP-OVER-1' }));
    // Under test every id antd generates is "test-id" (here another element has it first), so the dialog's name is not used: its title is read as text.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Refund the credit of ₱5,725.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    expect(await within(dialog).findByText("Enter the bank transfer's reference.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Bank transfer reference'), 'BDO-TRF-1');
    await user.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    expect(await within(dialog).findByText('The reference BDO-TRF-1 was used for another refund.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Bank transfer reference'));
    await user.type(within(dialog).getByLabelText('Bank transfer reference'), 'BDO-TRF-991');
    await user.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    expect(await screen.findByText('BDO-TRF-991, by Ana Reyes, 2025-03-04 10:00')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/payment-exceptions/2/refund').map((r) => r.body)).toEqual([{ reference: 'BDO-TRF-1' }, { reference: 'BDO-TRF-991' }]);
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('is not opened for an agent', async () => {
    renderBackOffice('/payment-exceptions', sessionOf(['agent']), {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Payment exceptions' })).not.toBeInTheDocument();
  });
});
