/**
 * The collections queue (issue 38): the overdue orders with their money in the order's currency and
 * the guard's next allowed call on the market's clock; the lead filters by bucket and collector and
 * assigns the selected orders, or the unassigned ones round-robin; a collector sees only the list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';
import { collectorsAnswer, inRow, phRow, queueAnswer } from './test-fixtures.ts';

describe('the collections queue', () => {
  it("shows the lead each overdue order: its page linked, money in its currency, collector, last contact, next call on its market's clock, disputed", async () => {
    const { requests } = renderBackOffice('/collections', sessionOf(['collections_lead']), {
      'GET /collections/queue': [queueAnswer()],
      'GET /collections/collectors': [collectorsAnswer],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    const ph = (await screen.findByRole('link', { name: 'NO-7' })).closest('tr')!;
    expect(within(ph).getByRole('link', { name: 'NO-7' })).toHaveAttribute('href', '/collections/orders/7');
    expect(within(ph).getAllByRole('cell').map((c) => c.textContent).slice(1)).toEqual([
      'NO-7', 'Maria Santos', '12', '8-30', '₱5,675.00', '₱120.00', 'Unassigned', '28 Nov 2026, 10:15 Manila time · No answer', '30 Nov 2099, 06:00 Manila time', '',
    ]);
    const india = screen.getByRole('link', { name: 'NO-9' }).closest('tr')!;
    expect(within(india).getAllByRole('cell').map((c) => c.textContent).slice(1)).toEqual([
      'NO-9', 'Ravi Kumar', '40', '31-60', '₹1,23,456.00', '₹500.00', 'Jo Cruz', '—', 'Now', 'Disputed',
    ]);
    expect(within(screen.getByRole('radiogroup', { name: 'Days past due' })).getByRole('radio', { name: 'All (2)' })).toBeChecked();
    expect(Object.fromEntries(requests.find((r) => r.path === '/collections/queue')!.query)).toEqual({ page: '1', pageSize: '20' });
  });

  it('lets the lead give the selected orders to a collector, says how many, and loads the queue again', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/collections', sessionOf(['collections_lead']), {
      'GET /collections/queue': [queueAnswer(), queueAnswer([{ ...phRow, collector: { id: 6, name: 'Lea Dizon' } }, { ...inRow, collector: { id: 6, name: 'Lea Dizon' } }])],
      'GET /collections/collectors': [collectorsAnswer],
      'POST /collections/assign': [fail(400, 'Jo Cruz is not a collector.'), { assigned: 2 }],
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select order NO-7' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order NO-9' }));
    expect(screen.getByText('2 selected.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Assign to'));
    await user.click(await screen.findByTitle('Lea Dizon (1)'));
    await user.click(screen.getByRole('button', { name: 'Assign selected' }));
    expect(await screen.findByText('Jo Cruz is not a collector.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign selected' }));
    expect(await screen.findByText('Assigned 2 orders.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/collections/assign').map((r) => r.body)).toEqual([
      { orderIds: [7, 9], collectorId: 6 },
      { orderIds: [7, 9], collectorId: 6 },
    ]);
    expect(requests.find((r) => r.path === '/collections/assign')!.csrf).toBe('csrf-1');
    await waitFor(() => expect(screen.getAllByText('Lea Dizon')).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: 'Select order NO-7' })).not.toBeChecked();
  });

  it('filters by bucket and collector in the address, and shares the unassigned orders of the bucket round-robin', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderBackOffice('/collections?page=2', sessionOf(['collections_lead']), {
      'GET /collections/queue': [queueAnswer()],
      'GET /collections/collectors': [collectorsAnswer],
      'POST /collections/assign/round-robin': [{ assigned: 1 }],
    });
    await screen.findByRole('link', { name: 'NO-7' });
    // The segment's label is what a user clicks (its radio input is hidden under it).
    await user.click(screen.getByText('8-30 (1)'));
    await waitFor(() => expect(Object.fromEntries(requests.at(-1)!.query)).toEqual({ bucket: '8-30', page: '1', pageSize: '20' }));
    await user.click(screen.getByLabelText('Collector'));
    await user.click(await screen.findByTitle('Unassigned'));
    await waitFor(() => expect(Object.fromEntries(requests.at(-1)!.query)).toEqual({ bucket: '8-30', assignee: 'unassigned', page: '1', pageSize: '20' }));
    expect(router.state.location.search).toBe('?bucket=8-30&assignee=unassigned');
    await user.click(screen.getByLabelText('Collector'));
    await user.click(await screen.findByTitle('Jo Cruz (4)'));
    await waitFor(() => expect(requests.at(-1)!.query.get('assignee')).toBe('5'));
    await user.click(screen.getByRole('button', { name: 'Round-robin unassigned' }));
    expect(await screen.findByText('Assigned 1 order.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/collections/assign/round-robin')!.body).toEqual({ bucket: '8-30' });
  });

  it("shows a collector the list only: no collector filter, no selection, nobody else's orders asked for", async () => {
    const { requests } = renderBackOffice('/collections', sessionOf(['collector']), { 'GET /collections/queue': [queueAnswer([phRow])] });
    expect(await screen.findByRole('link', { name: 'NO-7' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Collector')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Round-robin unassigned' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/collections/collectors')).toBe(false);
    expect(requests.find((r) => r.path === '/collections/queue')!.query.get('assignee')).toBeNull();
  });

  it('is not opened for an agent', async () => {
    renderBackOffice('/collections', sessionOf(['agent']), {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
  });
});
