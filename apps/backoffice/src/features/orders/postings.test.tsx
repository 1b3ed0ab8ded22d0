import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrder, StaffPosting } from '@cashloan/contract/staff/orders';
import { fail, renderBackOffice, sessionOf, expectFieldMessage } from '../../test-support/staff-harness.tsx';

// The signed-in member of staff is id 1 (sessionOf); the threshold is the server's, not the default.
const me = { id: 1, name: 'Ana Reyes', email: 'ana@lender.test' };
const other = { id: 2, name: 'Carlo Diaz', email: 'carlo@lender.test' };

const repaying: StaffOrder = {
  order: {
    id: 7, orderNo: 'NO-7', borrowerId: 3, borrowerName: 'Ben Cruz', mobilePhone: '09170000001', productName: 'Plus', principalMinor: 1_000_000,
    status: 180, shownStatus: 180, createdAt: '2025-03-01T02:00:00Z', dueAt: '2025-03-08T02:00:00Z', productId: 2, interestMinor: 96_000, feeMinor: 30_000,
    termDays: 120, periods: 1, disbursedAt: '2025-03-01T03:00:00Z', settledAt: null, paidMinor: 0, owedNowMinor: 1_200_000, statusMeaning: 'Overdue',
  },
  plan: [{ seq: 1, dueAt: '2025-03-08T02:00:00Z', amountMinor: 1_126_000, paidMinor: 0, settledAt: null }],
  ledger: [],
  payCodes: [],
  confirmed: { lang: 'en', disclosure: null, agreements: [] },
  payoutAccount: null,
  moves: [],
  payouts: { items: [], release: null, dailyLimitMinor: 100_000_000 },
  postings: { approvalAboveMinor: 500_000, items: [] },
};
const posting = (over: Partial<StaffPosting>): StaffPosting => ({
  id: 5, orderId: 7, orderNo: 'NO-7', amountMinor: 600_000, method: 'bank-transfer', reference: 'R-9', status: 'pending',
  postedBy: me, postedAt: '2025-03-09T01:00:00Z', decidedBy: null, decidedAt: null, reason: null, paymentId: null, ...over,
});
const withPostings = (...items: StaffPosting[]): StaffOrder => ({ ...repaying, postings: { ...repaying.postings, items } });
// Found through their text, and role queries kept inside them: a role query over the whole order screen is slow in jsdom.
const cardOfPostings = () => screen.getByText('Postings for a second approval').closest('.ant-card') as HTMLElement;
const rowOf = (reference: string) => within(cardOfPostings()).getByText(reference).closest('tr') as HTMLElement;
const popoverWith = async (text: string) => (await screen.findByText(text)).closest('.ant-popover') as HTMLElement;

describe('postings for a second approval', () => {
  it('says on the form when an amount needs a second approval (the server’s amount), and that the posting was held', async () => {
    const user = userEvent.setup();
    const held = posting({});
    const { requests } = renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [repaying, withPostings(held)],
      'POST /orders/7/payments': [{ order: withPostings(held), paymentId: null, outcome: 'awaiting approval', posting: held }],
    });
    expect(await screen.findByText('Above ₱5,000.00 a second finance user must approve a posting before it is applied.')).toBeInTheDocument();
    expect(screen.queryByText('Postings for a second approval')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Amount received (pesos)'), '6000');
    expect(await screen.findByText('Above ₱5,000.00: this posting will be held, and nothing applied, until another finance user approves it.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reference (receipt or transfer number)'), 'R-9');
    await user.click(screen.getByRole('button', { name: 'Post the payment' }));
    expect(await screen.findByText("Posting held: ₱6,000.00 awaits a second finance user's approval.")).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/orders/7/payments')?.body).toEqual({ amountMinor: 600_000, method: 'counter', reference: 'R-9' });
    expect(await screen.findByText('Postings for a second approval')).toBeInTheDocument();
  });

  it('shows its maker the posting waiting, with neither Approve nor Reject, saying why', async () => {
    renderBackOffice('/orders/7', sessionOf(['finance']), { 'GET /orders/7': [withPostings(posting({}))] });
    expect(await screen.findByText('You posted this, so another finance user must approve or reject it.')).toBeInTheDocument();
    const card = cardOfPostings();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Postings for a second approval');
    const row = rowOf('R-9');
    expect(within(row).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(row).getByText('Ana Reyes (ana@lender.test)')).toBeInTheDocument();
    expect(within(row).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets another finance user approve after confirming: the posting shows applied, with who decided', async () => {
    const user = userEvent.setup();
    const pending = posting({ postedBy: other });
    const approved = posting({ postedBy: other, status: 'approved', decidedBy: me, decidedAt: '2025-03-09T02:00:00Z', paymentId: 31 });
    const after = { ...withPostings(approved), order: { ...repaying.order, status: 180, paidMinor: 600_000, owedNowMinor: 600_000 } };
    const { requests } = renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [withPostings(pending), after],
      'POST /orders/7/postings/5/approve': [{ order: after, posting: approved, paymentId: 31, outcome: 'partial' }],
    });
    await screen.findByText('Postings for a second approval');
    await user.click(within(cardOfPostings()).getByRole('button', { name: 'Approve posting R-9' }));
    const confirm = await popoverWith('Approve ₱6,000.00 to order NO-7?');
    expect(confirm).toHaveTextContent('The money is applied to the order now.');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Posting approved and applied: partial')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/orders/7/postings/5/approve')).toMatchObject({ method: 'POST', body: {}, csrf: 'csrf-1' });
    await waitFor(() => expect(within(rowOf('R-9')).getByText('Approved and applied')).toBeInTheDocument());
    expect(within(rowOf('R-9')).getByText(/^Ana Reyes \(ana@lender\.test\), 2025-03-09 10:00$/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of an approval beside the postings', async () => {
    const user = userEvent.setup();
    renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [withPostings(posting({ postedBy: other }))],
      'POST /orders/7/postings/5/approve': [fail(409, 'Order NO-7 owes ₱5,000.00 now, less than the ₱6,000.00 of posting 5 (it was paid meanwhile): nothing was applied.')],
    });
    await screen.findByText('Postings for a second approval');
    await user.click(within(cardOfPostings()).getByRole('button', { name: 'Approve posting R-9' }));
    await user.click(within(await popoverWith('Approve ₱6,000.00 to order NO-7?')).getByRole('button', { name: 'Approve' }));
    const refusal = await within(cardOfPostings()).findByText(/it was paid meanwhile\): nothing was applied\.$/);
    expect(refusal.closest('[role="alert"]')).toHaveTextContent('The server refused');
    expect(within(rowOf('R-9')).getByText('Awaiting approval')).toBeInTheDocument();
  });

  it('rejects with a reason checked as the contract does', async () => {
    const user = userEvent.setup();
    const pending = posting({ postedBy: other });
    const rejected = posting({ postedBy: other, status: 'rejected', decidedBy: me, decidedAt: '2025-03-09T02:00:00Z', reason: 'Not on the bank statement.' });
    const { requests } = renderBackOffice('/orders/7', sessionOf(['finance']), {
      'GET /orders/7': [withPostings(pending), withPostings(rejected)],
      'POST /orders/7/postings/5/reject': [{ order: withPostings(rejected), posting: rejected }],
    });
    await screen.findByText('Postings for a second approval');
    await user.click(within(cardOfPostings()).getByRole('button', { name: 'Reject posting R-9' }));
    // By its title, then its role (by name it cannot be: in jsdom every antd id is 'test-id').
    const dialog = (await screen.findByText('Reject the posting R-9 of ₱6,000.00')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Why it is rejected'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expectFieldMessage('reason must be at least 3 characters', within(dialog));
    await user.clear(within(dialog).getByLabelText('Why it is rejected'));
    await user.paste('Not on the bank statement.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Posting rejected: nothing was applied.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/orders/7/postings/5/reject')?.body).toEqual({ reason: 'Not on the bank statement.' });
    await waitFor(() => expect(within(rowOf('R-9')).getByText('Rejected')).toBeInTheDocument());
    expect(within(rowOf('R-9')).getByText(/: Not on the bank statement\.$/)).toBeInTheDocument();
  });

  it('shows an agent the postings read-only', async () => {
    renderBackOffice('/orders/7', sessionOf(['agent']), { 'GET /orders/7': [withPostings(posting({ postedBy: other }))] });
    expect(await screen.findByText('Awaiting a finance user')).toBeInTheDocument();
    expect(within(rowOf('R-9')).getByText('Carlo Diaz (carlo@lender.test)')).toBeInTheDocument();
    expect(within(cardOfPostings()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Finance actions')).not.toBeInTheDocument();
  });

  it('lists the postings awaiting approval for finance, each linked to its order, and the decided ones with their reason', async () => {
    const user = userEvent.setup();
    const rejected = posting({ id: 6, reference: 'R-10', postedBy: other, status: 'rejected', decidedBy: me, decidedAt: '2025-03-09T02:00:00Z', reason: 'Duplicate transfer.' });
    const { requests } = renderBackOffice('/postings', sessionOf(['finance']), {
      'GET /postings': [(req: { query: URLSearchParams }) => (req.query.get('status') === 'rejected' ? { items: [rejected], total: 1 } : { items: [posting({ postedBy: other })], total: 1 })],
    });
    expect((await screen.findByText('NO-7')).closest('a')).toHaveAttribute('href', '/orders/7');
    expect(screen.getByText('Postings to approve', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Carlo Diaz (carlo@lender.test)')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/postings')!.query.get('status')).toBe('pending');

    await user.click(screen.getByLabelText('State'));
    await user.click(await screen.findByTitle('Rejected'));
    expect(await screen.findByText('Duplicate transfer.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/postings').at(-1)!.query.get('status')).toBe('rejected');
  });
});
