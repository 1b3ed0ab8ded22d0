import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

describe('dashboard', () => {
  it('shows orders by status with their meaning, complaints waiting and late, and the payments of the day', async () => {
    renderBackOffice('/', sessionOf(['finance']), {
      'GET /dashboard': [{ ordersByStatus: [{ status: 21, count: 4 }, { status: 180, count: 2 }], complaintsWaiting: 6, complaintsPastReview: 1, paymentsToday: { count: 3, amountMinor: 1681500 } }],
    });
    const table = await screen.findByRole('table');
    const overdue = within(table).getByText('Overdue').closest('tr')!;
    expect(within(overdue).getByText('2')).toBeInTheDocument();
    expect(within(within(table).getByText('Settled').closest('tr')!).getByText('0')).toBeInTheDocument();
    expect(screen.getByText('₱16,815.00')).toBeInTheDocument();
    expect(screen.getByText('Past the promised review (3 weekdays)')).toBeInTheDocument();
  });
});
