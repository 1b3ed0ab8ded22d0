import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, ok, renderPage } from '../test-support.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: ComplaintListPage } = await import('./ComplaintListPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LIST = {
  tabs: [
    { title: 'Processing', items: [{ id: 7, time: '2026-11-01 10:00:00', type: 'Repayment', content: 'Payment not posted <script>', ticketNo: 'CMP-20261101-0007' }] },
    { title: 'Completed', items: [{ id: 3, time: '2026-10-30 09:15:00', type: 'Collection', content: 'Calls at night' }] },
  ],
};

describe('my complaints', () => {
  it('shows each complaint with time, type and content in its tab, opening its details', async () => {
    fakeServer({ '/h5api/user-problem/problem-list': [ok(LIST)] });
    renderPage(ComplaintListPage, '/complaintList');
    const processing = await screen.findByRole('tab', { name: 'Processing (1)' });
    expect(processing.getAttribute('aria-selected')).toBe('true');
    const item = screen.getByRole('link', { name: /Repayment/ });
    expect(item.textContent).toContain('2026-11-01 10:00:00');
    expect(item.textContent).toContain('Payment not posted <script>');
    expect(item.textContent).toContain('Reference CMP-20261101-0007');
    expect(item.getAttribute('href')).toMatch(/^\/complainDetails\?.*problemId=7/);

    await userEvent.click(screen.getByRole('tab', { name: 'Completed (1)' }));
    expect(screen.getByRole('link', { name: /Collection/ }).getAttribute('href')).toMatch(/problemId=3/);
    expect(screen.queryByRole('link', { name: /Repayment/ })).toBeNull();
    expect(document.title).toBe('My complaints');
  });

  it('says so when a tab is empty', async () => {
    fakeServer({ '/h5api/user-problem/problem-list': [ok({ tabs: [{ title: 'Processing', items: [] }, { title: 'Completed', items: [] }] })] });
    renderPage(ComplaintListPage, '/complaintList');
    expect(await screen.findByText('No complaints here.')).toBeTruthy();
  });
});
