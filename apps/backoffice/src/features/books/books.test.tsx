/**
 * The books on the back office (issue 37): the trial balance of a range with its totals and the
 * sentence that says the books balance, the journal of the same range, the range kept in the address
 * (by default the last 7 market days), and the journal's CSV saved under the server's file name.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntry, TrialBalanceRow } from '@cashloan/contract/staff/books';
import { addDays, marketDay } from '../../shared/format.ts';
import { fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

const rows: TrialBalanceRow[] = [
  { code: '1100-SANDBOX', name: 'Cash at sandbox', kind: 'asset', openingMinor: 100_000, debitMinor: 567_500, creditMinor: 500_000, closingMinor: 167_500 },
  { code: '1400', name: 'Loans receivable', kind: 'asset', openingMinor: 0, debitMinor: 500_000, creditMinor: 467_500, closingMinor: 32_500 },
  { code: '4000', name: 'Interest income', kind: 'income', openingMinor: -100_000, debitMinor: 0, creditMinor: 100_000, closingMinor: -200_000 },
];
const balance = (over: object = {}) => ({
  from: '2025-03-01', to: '2025-03-07', currency: 'PHP', rows,
  totals: { openingMinor: 0, debitMinor: 1_067_500, creditMinor: 1_067_500, closingMinor: 0 }, ...over,
});
const entry: JournalEntry = {
  id: 42, bookDay: '2025-03-02', kind: 'payment', currency: 'PHP', memo: 'Payment 41 of order NO-7', orderId: 7, orderNo: 'NO-7', paymentId: 41, payoutId: null,
  provider: 'sandbox', providerRef: 'sbx_41', reversesEntryId: null, createdBy: null, createdAt: '2025-03-02T03:00:00Z',
  lines: [
    { account: '1100-SANDBOX', name: 'Cash at sandbox', debitMinor: 567_500, creditMinor: 0 },
    { account: '1400', name: 'Loans receivable', debitMinor: 0, creditMinor: 467_500 },
    { account: '4000', name: 'Interest income', debitMinor: 0, creditMinor: 100_000 },
  ],
};
const booked: JournalEntry = { ...entry, id: 43, kind: 'reconciliation', memo: 'Fee differs on sbx_9', orderId: null, orderNo: null, paymentId: null, providerRef: 'sbx_9', createdBy: 'Ana Reyes', lines: [] };

describe('the Books screen', () => {
  it('shows the trial balance of the range with its totals, says the books balance, and lists the journal', async () => {
    const { requests } = renderBackOffice('/books?from=2025-03-01&to=2025-03-07', sessionOf(['finance']), {
      'GET /books/trial-balance': [balance()],
      'GET /books/journal': [{ items: [entry, booked], total: 2 }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Books' })).toBeInTheDocument();
    const table = within(screen.getByRole('region', { name: 'Trial balance' }));
    const cash = (await table.findByRole('cell', { name: '1100-SANDBOX' })).closest('tr')!;
    expect(within(cash).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1100-SANDBOX', 'Cash at sandbox', 'Asset', '₱1,000.00', '₱5,675.00', '₱5,000.00', '₱1,675.00']);
    const income = table.getByRole('cell', { name: '4000' }).closest('tr')!;
    expect(within(income).getByText('-₱2,000.00')).toBeInTheDocument();
    const totals = table.getByText('Totals').closest('tr')!;
    expect(within(totals).getAllByText('₱10,675.00')).toHaveLength(2);
    expect(within(totals).getAllByText('₱0.00')).toHaveLength(2);
    expect(table.getByText('The books balance: debits equal credits (₱10,675.00 each), and the opening and closing balances each sum to zero.')).toBeInTheDocument();
    expect(Object.fromEntries(requests.find((r) => r.path === '/books/trial-balance')!.query)).toEqual({ from: '2025-03-01', to: '2025-03-07', currency: 'PHP' });

    const journal = within(screen.getByRole('region', { name: 'Journal' }));
    const payment = (await journal.findByRole('link', { name: 'NO-7' })).closest('tr')!;
    expect(within(payment).getByRole('link', { name: 'NO-7' })).toHaveAttribute('href', '/orders/7');
    for (const text of ['2025-03-02', '42', 'Payment', 'Payment 41 of order NO-7', 'Payment 41', 'sandbox', 'sbx_41', 'Automatically']) expect(within(payment).getByText(text)).toBeInTheDocument();
    const lines = within(within(payment).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['1100-SANDBOX Cash at sandboxDebit ₱5,675.00', '1400 Loans receivableCredit ₱4,675.00', '4000 Interest incomeCredit ₱1,000.00']);
    const byHand = journal.getByText('Fee differs on sbx_9').closest('tr')!;
    expect(within(byHand).getByText('Reconciliation')).toBeInTheDocument();
    expect(within(byHand).getByText('Ana Reyes')).toBeInTheDocument();
    expect(Object.fromEntries(requests.find((r) => r.path === '/books/journal')!.query)).toEqual({ from: '2025-03-01', to: '2025-03-07', page: '1', pageSize: '20' });
  });

  it('asks for the last 7 market days to today by default, says plainly when the books do not balance, and switches currency', async () => {
    const user = userEvent.setup();
    const today = marketDay('PHP');
    const { requests } = renderBackOffice('/books', sessionOf(['finance']), {
      'GET /books/trial-balance': [
        balance({ totals: { openingMinor: 0, debitMinor: 1_067_500, creditMinor: 1_067_400, closingMinor: 100 } }),
        balance({ currency: 'INR', rows: [{ ...rows[0]!, debitMinor: 12_345_600 }] }),
      ],
      'GET /books/journal': [{ items: [], total: 0 }],
    });
    expect(await screen.findByText('The books do not balance')).toBeInTheDocument();
    expect(screen.getByText('Debits ₱10,675.00, credits ₱10,674.00; the opening balances sum to ₱0.00 and the closing to ₱1.00.')).toBeInTheDocument();
    expect(Object.fromEntries(requests.find((r) => r.path === '/books/trial-balance')!.query)).toEqual({ from: addDays(today, -6), to: today, currency: 'PHP' });
    expect(screen.getByLabelText('From')).toHaveValue(addDays(today, -6));
    expect(screen.getByLabelText('To')).toHaveValue(today);
    expect(await screen.findByText(`Nothing was booked from ${addDays(today, -6)} to ${today}.`)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Currency'));
    await user.click(await screen.findByTitle('INR'));
    expect(await screen.findByText('₹1,23,456.00')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/books/trial-balance').at(-1)!.query.get('currency')).toBe('INR');
  });

  it('offers a trial balance that failed to load again', async () => {
    const user = userEvent.setup();
    const down = fail(500, 'Something went wrong on our side.');
    renderBackOffice('/books?from=2025-03-01&to=2025-03-07', sessionOf(['finance']), {
      'GET /books/trial-balance': [down, down, balance()],
      'GET /books/journal': [{ items: [], total: 0 }],
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: '1100-SANDBOX' })).toBeInTheDocument();
  });

  it('is not opened for an agent', async () => {
    renderBackOffice('/books', sessionOf(['agent']), {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
  });
});

/** jsdom's Blob has no text(); FileReader reads it. */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('Export CSV', () => {
  const saved: { fileName: string; blob: Blob }[] = [];
  beforeEach(() => {
    saved.length = 0;
    let blob: Blob | undefined;
    // jsdom has no object URLs and does not download: the Blob and the link's file name are what the browser would save.
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:journal';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:journal' && blob) saved.push({ fileName: this.download, blob });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("saves the range's journal under the server's file name", async () => {
    const user = userEvent.setup();
    const csv = 'date,entry,account,debit,credit\n2025-03-02,42,1100-SANDBOX,5675.00,\n';
    const { requests } = renderBackOffice('/books?from=2025-03-01&to=2025-03-07', sessionOf(['finance']), {
      'GET /books/trial-balance': [balance()],
      'GET /books/journal': [{ items: [entry], total: 1 }],
      'GET /books/journal/export': [{ fileName: 'journal-2025-03-01-2025-03-07.csv', content: csv }],
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toBe('journal-2025-03-01-2025-03-07.csv');
    expect(await blobText(saved[0]!.blob)).toBe(csv);
    expect(Object.fromEntries(requests.find((r) => r.path === '/books/journal/export')!.query)).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("shows the server's refusal as text", async () => {
    const user = userEvent.setup();
    renderBackOffice('/books?from=2025-03-01&to=2025-03-07', sessionOf(['finance']), {
      'GET /books/trial-balance': [balance()],
      'GET /books/journal': [{ items: [], total: 0 }],
      'GET /books/journal/export': [fail(400, 'The range may span at most 92 days.')],
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The range may span at most 92 days.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
