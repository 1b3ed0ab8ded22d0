/** The dashboard's Portfolio health card (issue 38): PAR, promises kept, collected by bucket and roll rates, for the lead, admins and finance only. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

const dashboard = { ordersByStatus: [], complaintsWaiting: 0, complaintsPastReview: 0, paymentsToday: { count: 0, amountMinor: 0 }, postingsAwaitingApproval: { count: 0, amountMinor: 0 }, books: null };
const portfolio = (currency: 'PHP' | 'INR') => ({
  currency,
  asOf: '2026-11-29T02:00:00Z',
  outstandingPrincipalMinor: 100_000_000,
  par: [
    { days: 1, pastDuePrincipalMinor: 12_500_000, ratio: 0.125 },
    { days: 30, pastDuePrincipalMinor: 6_000_000, ratio: 0.06 },
    { days: 60, pastDuePrincipalMinor: 3_330_000, ratio: 0.0333 },
    { days: 90, pastDuePrincipalMinor: 1_000_000, ratio: 0.01 },
  ],
  rollRates: [{ month: '2026-11', from: '1-7', to: '8-30', orders: 40, rolled: 10, ratio: 0.25 }],
  promises: { kept: 6, broken: 2, open: 4, keptRatio: 0.75 },
  collectedThisMonth: [{ bucket: '1-7', amountMinor: 1_500_000 }, { bucket: '8-30', amountMinor: 250_000 }],
});

describe('the Portfolio health card', () => {
  it('shows the lead PAR 1/30/60/90 as percentages with the past-due principal, promises kept, collected by bucket and roll rates; switches to rupees', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/', sessionOf(['collections_lead']), {
      'GET /dashboard': [dashboard],
      'GET /collections/portfolio': [(req: { query: URLSearchParams }) => portfolio(req.query.get('currency') === 'INR' ? 'INR' : 'PHP')],
    });
    const card = within(await screen.findByRole('region', { name: 'Portfolio health' }));
    expect(await card.findByText('PAR 1')).toBeInTheDocument();
    expect(card.getByText('12.5 %')).toBeInTheDocument();
    expect(card.getByText('₱125,000.00 past due')).toBeInTheDocument();
    expect(card.getByText('6.0 %')).toBeInTheDocument();
    expect(card.getByText('3.3 %')).toBeInTheDocument();
    expect(card.getByText('1.0 %')).toBeInTheDocument();
    expect(card.getByText('75.0 % (kept 6, broken 2, open 4)')).toBeInTheDocument();
    expect(card.getByText('1-7: ₱15,000.00; 8-30: ₱2,500.00')).toBeInTheDocument();
    const roll = card.getByRole('cell', { name: '2026-11' }).closest('tr')!;
    expect(within(roll).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11', '1-7 → 8-30', '40', '10', '25.0 %']);
    expect(requests.find((r) => r.path === '/collections/portfolio')!.query.get('currency')).toBe('PHP');
    await user.click(card.getByText('INR'));
    expect(await card.findByText('₹1,25,000.00 past due')).toBeInTheDocument();
    expect(requests.at(-1)!.query.get('currency')).toBe('INR');
  });

  it('is neither shown nor asked for to an agent or a collector', async () => {
    for (const role of ['agent', 'collector'] as const) {
      const { requests, unmount } = renderBackOffice('/', sessionOf([role]), { 'GET /dashboard': [dashboard] });
      expect(await screen.findByRole('heading', { level: 2, name: 'Complaints' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Orders by status' })).toBeInTheDocument());
      expect(screen.queryByRole('region', { name: 'Portfolio health' })).not.toBeInTheDocument();
      expect(requests.some((r) => r.path === '/collections/portfolio')).toBe(false);
      unmount();
    }
  });
});
