import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '@cashloan/contract/staff/orders';
import { fail, renderBackOffice, sessionOf, expectFieldMessage } from '../../test-support/staff-harness.tsx';

const listItem = {
  id: 7, orderNo: 'NO-7', borrowerId: 3, borrowerName: 'Ben Cruz', mobilePhone: '09170000001', productName: 'Starter', principalMinor: 560500,
  status: 21, shownStatus: 21, createdAt: '2025-03-01T02:00:00Z', dueAt: null,
};
const order: StaffOrder = {
  order: { ...listItem, productId: 1, interestMinor: 5000, feeMinor: 2000, termDays: 7, periods: 1, disbursedAt: null, settledAt: null, paidMinor: 0, owedNowMinor: 567500, statusMeaning: 'In review' },
  plan: [{ seq: 1, dueAt: '2025-03-08T02:00:00Z', amountMinor: 567500, paidMinor: 0, settledAt: null }],
  ledger: [
    { at: '2025-03-01T02:00:00Z', kind: 'loan', description: 'Loan', amountMinor: 567500, reference: '', channel: '', applied: null },
    {
      at: '2025-03-02T03:00:00Z', kind: 'payment', description: 'Payment', amountMinor: 1000, reference: 'R-1', channel: 'counter',
      applied: { bookedChargesMinor: 0, toChargesMinor: 0, toInstalmentsMinor: 1000, unappliedMinor: 0, outcome: 'partial' },
    },
  ],
  payCodes: [],
  confirmed: { lang: 'en', disclosure: null, agreements: [{ position: 1, title: 'Loan agreement', lang: 'en', body: 'The borrower agrees to repay ₱5,675.00.' }] },
  payoutAccount: { bankName: 'BDO', cardNo: '****1234' },
  moves: [
    { to: 110, title: 'Approve' },
    { to: 151, title: 'Reject' },
  ],
  payouts: { items: [], release: null, dailyLimitMinor: 100_000_000 },
  postings: { approvalAboveMinor: 1_000_000, items: [] },
};
// Approved by this user: no move is left, and Release is theirs to leave to another finance user.
const approved: StaffOrder = {
  ...order,
  order: { ...order.order, status: 110, shownStatus: 110, statusMeaning: 'Approved' },
  moves: [],
  payouts: { items: [], release: { amountMinor: 560_500, blockedBy: 'You approved order NO-7, so another finance user must release it. Nothing was sent.' }, dailyLimitMinor: 100_000_000 },
};

describe('orders', () => {
  it('searches by phone and status, checking the phone as the contract does', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/orders', sessionOf(['agent']), { 'GET /orders': [{ items: [listItem], total: 1 }] });
    expect(await screen.findByRole('link', { name: 'NO-7' })).toHaveAttribute('href', '/orders/7');
    expect(screen.getByText('₱5,605.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone'), '09x');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await expectFieldMessage('phone must be 3 to 15 digits');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '0917');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/orders').at(-1)!.query.get('phone')).toBe('0917'));
  });

  it("shows an agent the whole order, read-only: figures, plan, ledger, the agreements, the masked payout account", async () => {
    const user = userEvent.setup();
    renderBackOffice('/orders/7', sessionOf(['agent']), { 'GET /orders/7': [order] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NO-7' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('21 In review');
    expect(screen.getByText('BDO ****1234')).toBeInTheDocument();
    expect(screen.getByText('to charges ₱0.00, to instalments ₱10.00 (partial)')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Finance actions' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Loan agreement/ }));
    expect(await screen.findByText('The borrower agrees to repay ₱5,675.00.')).toBeInTheDocument();
  });

  it("shows the language the borrower confirmed in, and that the disclosure and each agreement are kept in theirs, the back office itself in English", async () => {
    const disclosure = {
      title: 'मुख्य तथ्य विवरण (KFS)', amountFinanced: 1_000_000, financeCharges: [{ text: 'ब्याज', amount: 96_000 }], totalFinanceCharge: 96_000, netProceeds: 1_000_000,
      totalOfPayments: 1_096_000, eirMonthlyBp: 305, eirAnnualBp: 4347, aprBp: 3611, costCap: null, coolingOff: '', schedule: [{ pay_time: '2027-03-01', amount: 1_096_000 }],
    };
    const agreements: StaffOrder['confirmed']['agreements'] = [
      { position: 1, title: 'ऋण समझौता', lang: 'hi', body: 'उधारकर्ता ₹5,675.00 चुकाएगा।' },
      { position: 2, title: 'Privacy Notice', lang: 'en', body: 'The lender keeps your data.' },
    ];
    const inHindi: StaffOrder = { ...order, confirmed: { lang: 'hi', disclosure, agreements } };
    renderBackOffice('/orders/7', sessionOf(['agent']), { 'GET /orders/7': [inHindi] });
    expect(await screen.findByText(/Confirmed in/)).toHaveTextContent(
      "Confirmed in Hindi. The disclosure is kept in Hindi; each agreement in the language beside its title (the lender's translation where it keeps one, else English).",
    );
    expect(screen.getByText('मुख्य तथ्य विवरण (KFS)')).toBeInTheDocument();
    // The lender's Hindi text was confirmed in Hindi; the one it keeps in English only, in English.
    expect(screen.getByRole('button', { name: /ऋण समझौता \(Hindi\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Privacy Notice \(English\)/ })).toBeInTheDocument();
  });

  it('shows the code a settling payment voided, with why and what the provider said, and the part of a payment held as credit', async () => {
    const settled: StaffOrder = {
      ...order,
      order: { ...order.order, status: 200, shownStatus: 200, statusMeaning: 'Settled', paidMinor: 567500, owedNowMinor: 0 },
      ledger: [
        ...order.ledger,
        {
          at: '2025-03-03T03:00:00Z', kind: 'payment', description: 'Repayment through 7-Eleven: settled the loan', amountMinor: -567500, reference: 'dragonpay:DP-1', channel: '7-Eleven',
          applied: { bookedChargesMinor: 0, toChargesMinor: 0, toInstalmentsMinor: 566500, unappliedMinor: 1000, outcome: 'settled' },
        },
        {
          at: '2025-03-03T03:00:00Z', kind: 'credit-held', description: "Held as the borrower's credit, not applied: ₱10.00 of this payment beyond what was owed (a payment exception for finance)",
          amountMinor: 1000, reference: 'dragonpay:DP-1', channel: '7-Eleven', applied: null,
        },
        {
          at: '2025-03-03T03:00:00Z', kind: 'pay-code-voided', description: 'Pay code 4455 (Online Banking, ₱5,675.00) voided: payment 9 (dragonpay:DP-1) settled the order; the provider refused to void it (Dragonpay answered -3): money paid on it is a payment exception',
          amountMinor: 0, reference: '4455', channel: 'Online Banking', applied: null,
        },
      ],
      payCodes: [
        {
          code: '4455', channelNumber: '90006', channelName: 'Online Banking', purpose: 'repay', amountMinor: 567500, status: 'voided',
          createdAt: '2025-03-02T02:00:00Z', expiresAt: '2025-03-02T15:59:59Z', paidAt: null,
          voided: { at: '2025-03-03T03:00:00Z', reason: 'payment 9 (dragonpay:DP-1) settled the order', atProvider: 'refused', detail: 'Dragonpay answered -3' },
        },
      ],
      moves: [],
    };
    renderBackOffice('/orders/7', sessionOf(['agent']), { 'GET /orders/7': [settled] });
    const codes = await screen.findByRole('heading', { name: 'Pay codes' });
    const codeRow = within(codes.closest('.ant-card')! as HTMLElement).getByRole('row', { name: /4455/ });
    expect(within(codeRow).getByText('voided')).toBeInTheDocument();
    expect(within(codeRow).getByText('Voided: payment 9 (dragonpay:DP-1) settled the order; the provider refused to void it (Dragonpay answered -3)')).toBeInTheDocument();
    const ledger = within(screen.getByRole('heading', { name: 'Ledger' }).closest('.ant-card')! as HTMLElement);
    expect(ledger.getByText('to charges ₱0.00, to instalments ₱5,665.00, not applied ₱10.00 (settled)')).toBeInTheDocument();
    expect(ledger.getByText(/^Held as the borrower's credit, not applied: ₱10\.00/)).toBeInTheDocument();
    expect(ledger.getByText(/^Pay code 4455 \(Online Banking, ₱5,675\.00\) voided: payment 9/)).toBeInTheDocument();
  });

  it('lets finance approve after confirming; the approver is told another finance user releases it', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [order, approved],
      'GET /orders': [{ items: [], total: 0 }],
      'POST /orders/7/move': [approved],
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('button', { name: 'Release' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Release' })).toHaveAccessibleDescription('You approved order NO-7, so another finance user must release it. Nothing was sent.');
    expect(screen.getByText('No move can be made from this status.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/orders/7/move')).toMatchObject({ body: { to: 110 }, csrf: 'csrf-1' });
    expect(screen.getByTestId('order-status')).toHaveTextContent('110 Approved, disbursing');
  });

  it('posts a payment in pesos as whole centavos, and shows the refusal of a reference used before', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [approved],
      'GET /orders': [{ items: [], total: 0 }],
      'POST /orders/7/payments': [fail(409, 'The reference R-2 was posted before.')],
    });
    await screen.findByRole('heading', { name: 'Finance actions' });
    await user.type(screen.getByLabelText('Amount received (pesos)'), '0');
    await user.type(screen.getByLabelText('Reference (receipt or transfer number)'), 'R-2');
    await user.click(screen.getByRole('button', { name: 'Post the payment' }));
    await expectFieldMessage('amountMinor must be more than 0');
    await user.clear(screen.getByLabelText('Amount received (pesos)'));
    await user.type(screen.getByLabelText('Amount received (pesos)'), '5675.1');
    await user.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    await user.click(screen.getByRole('button', { name: 'Post the payment' }));
    expect(await screen.findByText('The reference R-2 was posted before.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/orders/7/payments')?.body).toEqual({ amountMinor: 567510, method: 'bank-transfer', reference: 'R-2' });
  });

  it('offers a load that failed again (after one quiet retry of a server fault)', async () => {
    const user = userEvent.setup();
    const down = fail(500, 'Something went wrong on our side.');
    renderBackOffice('/orders/7', sessionOf(['agent']), { 'GET /orders/7': [down, down, order] });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NO-7' })).toBeInTheDocument();
  });
});
