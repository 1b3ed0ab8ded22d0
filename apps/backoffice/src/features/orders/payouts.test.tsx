/**
 * Money out on the back office (issue 36): an order's payouts, Release confirmed in a dialog that
 * names the amount and the account, the server's refusal shown as it comes, and the Payouts screen
 * (returned by the bank first, then by state).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrder, StaffPayout } from '@cashloan/contract/staff/orders';
import { fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

const approved: StaffOrder = {
  order: {
    id: 7, orderNo: 'NO-7', borrowerId: 3, borrowerName: 'Ben Cruz', mobilePhone: '09170000001', productName: 'Cash', principalMinor: 500_000,
    status: 110, shownStatus: 110, createdAt: '2025-03-01T02:00:00Z', dueAt: null, productId: 1, interestMinor: 45_500, feeMinor: 15_000,
    termDays: 91, periods: 1, disbursedAt: null, settledAt: null, paidMinor: 0, owedNowMinor: 0, statusMeaning: 'approved, disbursing',
  },
  plan: [],
  ledger: [],
  payCodes: [],
  confirmed: { lang: 'en', disclosure: null, agreements: [] },
  payoutAccount: { bankName: 'BDO Unibank', cardNo: '**** **** 7890' },
  moves: [],
  payouts: { items: [], release: { amountMinor: 500_000, blockedBy: null }, dailyLimitMinor: 100_000_000 },
  postings: { approvalAboveMinor: 1_000_000, items: [] },
};

const payout = (over: Partial<StaffPayout> = {}): StaffPayout => ({
  id: 1, orderId: 7, orderNo: 'NO-7', attempt: 1, reference: 'PO-NO-7-1', provider: 'sandbox', currency: 'PHP', amountMinor: 500_000,
  account: { bankName: 'BDO Unibank', last4: '7890' }, status: 'paid', providerRef: 'sbx_po_1', failureKind: null, failureReason: null,
  approvedBy: { id: 2, name: 'Ana Approver' }, releasedBy: { id: 1, name: 'Rey Releaser' },
  releasedAt: '2025-03-02T02:00:00Z', paidAt: '2025-03-02T02:00:05Z', reversedAt: null, ...over,
});

const arrived: StaffOrder = {
  ...approved,
  order: { ...approved.order, status: 170, shownStatus: 170, statusMeaning: 'repaying, not yet due', disbursedAt: '2025-03-02T02:00:05Z' },
  payouts: { items: [payout()], release: null, dailyLimitMinor: 100_000_000 },
};

describe('release', () => {
  it('asks to confirm the amount and the account, calls release, and shows the payout that arrived', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [approved, arrived],
      'GET /orders': [{ items: [], total: 0 }],
      'POST /orders/7/release': [{ order: arrived, payout: payout() }],
    });
    const section = await screen.findByRole('heading', { name: 'Payouts' });
    expect(section).toBeInTheDocument();
    expect(screen.getByText('No payout has been made for this order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release order NO-7?' });
    expect(within(dialog).getByText(/^Send ₱5,000\.00 to BDO Unibank \*\*\*\*7890\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send the money' }));
    const row = (await screen.findByRole('cell', { name: 'PO-NO-7-1' })).closest('tr')!;
    expect(within(row).getByText('Arrived')).toBeInTheDocument();
    expect(within(row).getByText('Ana Approver')).toBeInTheDocument();
    expect(within(row).getByText('Rey Releaser')).toBeInTheDocument();
    expect(within(row).getByText('BDO Unibank ****7890')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/orders/7/release')).toEqual([expect.objectContaining({ method: 'POST', csrf: 'csrf-1' })]);
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
  });

  it("shows the server's refusal as text, and a refused payout's reason", async () => {
    const user = userEvent.setup();
    const refused: StaffOrder = {
      ...approved,
      payouts: {
        items: [payout({ status: 'failed', paidAt: null, failureKind: 'account_closed', failureReason: 'ACCOUNT_CLOSED: the receiving bank reports the account is closed' })],
        release: { amountMinor: 500_000, blockedBy: null },
        dailyLimitMinor: 100_000_000,
      },
    };
    renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [refused],
      'GET /orders': [{ items: [], total: 0 }],
      'POST /orders/7/release': [fail(409, "Releasing ₱5,000.00 now would pass today's release limit of ₱1,000,000.00 (₱999,000.00 released today). <b>Nothing</b> was sent.")],
    });
    const row = (await screen.findByRole('cell', { name: 'PO-NO-7-1' })).closest('tr')!;
    expect(within(row).getByText('Refused')).toBeInTheDocument();
    expect(within(row).getByText('ACCOUNT_CLOSED: the receiving bank reports the account is closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send the money' }));
    expect(await screen.findByText(/would pass today's release limit of ₱1,000,000\.00 \(₱999,000\.00 released today\)\. <b>Nothing<\/b> was sent\./)).toBeInTheDocument();
  });

  it('asks again while a payout is on its way, and shows its arrival without a reload', async () => {
    const onItsWay: StaffOrder = { ...approved, payouts: { items: [payout({ status: 'processing', paidAt: null })], release: null, dailyLimitMinor: 100_000_000 } };
    const { requests } = renderBackOffice('/orders/7', sessionOf(['finance']), { 'GET /orders/7': [onItsWay, arrived] });
    const row = (await screen.findByRole('cell', { name: 'PO-NO-7-1' })).closest('tr')!;
    expect(within(row).getByText('On its way')).toBeInTheDocument();
    // The order page asks every PAYOUT_WATCH_MS (5 s) while a payout is processing.
    await waitFor(() => expect(within(screen.getByRole('cell', { name: 'PO-NO-7-1' }).closest('tr')!).getByText('Arrived')).toBeInTheDocument());
    expect(requests.filter((r) => r.path === '/orders/7').length).toBeGreaterThanOrEqual(2);
  });

  it('offers no Release to an agent', async () => {
    renderBackOffice('/orders/7', sessionOf(['agent']), { 'GET /orders/7': [approved] });
    await screen.findByRole('heading', { name: 'Payouts' });
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
  });
});

describe('the Payouts screen', () => {
  it('lists the payouts the bank returned first, each linking to its order, and switches state', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/payouts', sessionOf(['finance']), {
      'GET /payouts': [
        { items: [payout({ status: 'reversed', failureKind: 'other', failureReason: 'REVERSED: returned by the bank', reversedAt: '2025-03-03T02:00:00Z' })], total: 1 },
        { items: [], total: 0 },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'NO-7' })).toHaveAttribute('href', '/orders/7');
    expect(screen.getByText('REVERSED: returned by the bank')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/payouts')?.query.get('status')).toBe('reversed');
    await user.click(screen.getByLabelText('State'));
    await user.click(await screen.findByTitle('Refused'));
    expect(await screen.findByText('No refused payouts.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/payouts').at(-1)?.query.get('status')).toBe('failed');
  });

  it('is in the menu for finance and not for agents', async () => {
    renderBackOffice('/', sessionOf(['finance']), { 'GET /dashboard': [fail(500, 'x')] });
    expect(await screen.findByRole('link', { name: 'Payouts' })).toHaveAttribute('href', '/payouts');
  });
});
