import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@cashloan/contract/staff/audit';
import { renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

const entry: AuditEntry = {
  id: 5, at: '2025-03-01T04:05:00Z', staffId: 2, staffEmail: 'fin@lender.test', action: 'payment.post', targetType: 'order', targetId: '7',
  before: { status: 170 }, after: { status: 200, paidMinor: 567500 }, outcome: 'done', address: '127.0.0.1',
};

describe('audit log', () => {
  it('lists entries newest first with their filters, and shows before and after as readable JSON', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/audit?action=payment.post&fromDay=2025-03-01&toDay=2025-03-02', sessionOf(['admin'], 'signed-in', true), {
      'GET /audit': [{ items: [entry], total: 1 }],
    });
    expect(await screen.findByText('fin@lender.test (#2)')).toBeInTheDocument();
    expect(screen.getByText('2025-03-01 12:05')).toBeInTheDocument();
    expect(Object.fromEntries(requests.find((r) => r.path === '/audit')!.query)).toEqual({
      action: 'payment.post',
      from: '2025-03-01T00:00:00+08:00',
      to: '2025-03-02T23:59:59.999+08:00',
      page: '1',
      pageSize: '20',
    });
    await user.click(screen.getByRole('button', { name: /expand row/i }));
    await waitFor(() => expect(screen.getByText(/"paidMinor": 567500/)).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Before' })).toBeInTheDocument();
  });
});
