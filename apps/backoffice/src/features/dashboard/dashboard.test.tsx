import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

describe('dashboard', () => {
  it('shows orders by status with their meaning, complaints waiting and late, and the payments of the day', async () => {
    renderBackOffice('/', sessionOf(['finance']), {
      'GET /dashboard': [{ ordersByStatus: [{ status: 21, count: 4 }, { status: 180, count: 2 }], complaintsWaiting: 6, complaintsPastReview: 1, paymentsToday: { count: 3, amountMinor: 1681500 }, postingsAwaitingApproval: { count: 2, amountMinor: 2500000 }, books: null }],
    });
    const table = await screen.findByRole('table');
    const overdue = within(table).getByText('Overdue').closest('tr')!;
    expect(within(overdue).getByText('2')).toBeInTheDocument();
    expect(within(within(table).getByText('Settled').closest('tr')!).getByText('0')).toBeInTheDocument();
    expect(screen.getByText('₱16,815.00')).toBeInTheDocument();
    expect(screen.getByText('Past the promised review (3 weekdays)')).toBeInTheDocument();
    // Finance's postings held for a second approval, linked to their list.
    const postings = screen.getByRole('heading', { level: 2, name: 'Postings to approve' }).closest('.ant-card') as HTMLElement;
    expect(within(postings).getByText('2')).toBeInTheDocument();
    expect(within(postings).getByText('₱25,000.00')).toBeInTheDocument();
    expect(within(postings).getByRole('link', { name: 'Open the list' })).toHaveAttribute('href', '/postings');
  });

  it('shows no postings card to those who may not open the postings (an agent)', async () => {
    renderBackOffice('/', sessionOf(['agent']), {
      'GET /dashboard': [{ ordersByStatus: [], complaintsWaiting: 1, complaintsPastReview: 0, paymentsToday: { count: 0, amountMinor: 0 }, postingsAwaitingApproval: { count: 2, amountMinor: 2500000 }, books: null }],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Complaints' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Postings to approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Books' })).not.toBeInTheDocument();
  });

  it("shows finance each provider's last closed day and open items, linked to the reconciliation", async () => {
    renderBackOffice('/', sessionOf(['finance']), {
      'GET /dashboard': [
        {
          ordersByStatus: [], complaintsWaiting: 0, complaintsPastReview: 0, paymentsToday: { count: 0, amountMinor: 0 }, postingsAwaitingApproval: { count: 0, amountMinor: 0 },
          books: [{ provider: 'sandbox', lastClosedDay: '2025-03-01', openItems: 2 }, { provider: 'razorpayx', lastClosedDay: null, openItems: 1 }],
        },
      ],
    });
    const books = (await screen.findByRole('heading', { level: 2, name: 'Books' })).closest('.ant-card') as HTMLElement;
    expect(within(books).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['sandbox: last closed day 2025-03-01; 2 open items', 'razorpayx: last closed day never; 1 open item']);
    expect(within(books).getByRole('link', { name: 'Open the reconciliation' })).toHaveAttribute('href', '/reconciliation');
  });
});
