/**
 * Reconciliation on the back office (issue 37): the providers with their last closed day and open
 * items, a report uploaded (the file's text sent as JSON) or fetched for a day, the latest reports
 * linked to their items; a report's items resolved with a reason, and its day closed only once none
 * is open, the server's refusal shown as it comes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BookProvider, ProviderReport, ReconciliationItem } from '@cashloan/contract/staff/books';
import { addDays, marketDay } from '../../shared/format.ts';
import { fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

const sandbox: BookProvider = { provider: 'sandbox', flow: 'collections', currency: 'PHP', fetchable: true, lastClosedDay: '2025-03-01', openItems: 2 };
const razorpay: BookProvider = { provider: 'razorpayx', flow: 'payouts', currency: 'INR', fetchable: false, lastClosedDay: null, openItems: 0 };
const report: ProviderReport = {
  id: 5, provider: 'sandbox', reportDay: '2025-03-02', fileName: 'sandbox-2025-03-02.csv', lineCount: 3, matched: 1, open: 2, closed: false,
  importedBy: 'Ana Reyes', importedAt: '2025-03-03T01:00:00Z',
};
const item = (over: Partial<ReconciliationItem>): ReconciliationItem => ({
  id: 10, lineNo: 1, reference: 'sbx_1', type: 'collection', state: 'matched', currency: 'PHP', reportAmountMinor: 567_500, reportFeeMinor: 1_500, bookedAmountMinor: 567_500, bookedFeeMinor: 1_500,
  orderId: 7, orderNo: 'NO-7', paymentId: 41, payoutId: null, entryId: 42, resolution: null, resolutionNote: null, resolutionEntryId: null, resolvedBy: null, resolvedAt: null, ...over,
});
const matched = item({});
const notBooked = item({ id: 11, lineNo: 2, reference: 'sbx_2', state: 'not_booked', bookedAmountMinor: null, bookedFeeMinor: null, orderId: null, orderNo: null, paymentId: null, entryId: null });
const notInReport = item({ id: 12, lineNo: null, reference: 'sbx_3', state: 'not_in_report', reportAmountMinor: null, reportFeeMinor: null, orderNo: 'NO-9', orderId: 9 });
const resolved = (it: ReconciliationItem, note: string): ReconciliationItem => ({ ...it, resolution: 'provider_error', resolutionNote: note, resolvedBy: 'Ana Reyes', resolvedAt: '2025-03-03T02:00:00Z' });

describe('the Reconciliation screen', () => {
  it('lists the providers and the latest reports, each linking to its items', async () => {
    renderBackOffice('/reconciliation', sessionOf(['finance']), { 'GET /books/reconciliation': [{ providers: [sandbox, razorpay], reports: [report] }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconciliation' })).toBeInTheDocument();
    const providers = within(await screen.findByRole('region', { name: 'Providers' }));
    const first = providers.getByRole('cell', { name: 'sandbox' }).closest('tr')!;
    expect(within(first).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['sandbox', 'Collections', 'PHP', '2025-03-01', '2']);
    const second = providers.getByRole('cell', { name: 'razorpayx' }).closest('tr')!;
    expect(within(second).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['razorpayx', 'Payouts', 'INR', 'never', '0']);
    // Uploaded only: its adapter fetches no report.
    expect(within(second).getByRole('button', { name: 'Upload report' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Fetch report' })).toBeNull();
    const reports = within(screen.getByRole('region', { name: 'Latest reports' }));
    expect(reports.getByRole('link', { name: '2025-03-02' })).toHaveAttribute('href', '/reconciliation/reports/5');
    const row = reports.getByRole('link', { name: '2025-03-02' }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['sandbox', '2025-03-02', 'sandbox-2025-03-02.csv', '3', '1', '2', 'No', 'Ana Reyes', '2025-03-03 09:00']);
  });

  it("uploads a chosen report: its provider, file name and text are sent, and what it matched is said", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const csv = 'provider,report_day,reference,type,currency,amount_minor,fee_minor\nsandbox,2025-03-02,sbx_1,collection,PHP,567500,1500\n';
    const { requests } = renderBackOffice('/reconciliation', sessionOf(['finance']), {
      'GET /books/reconciliation': [{ providers: [sandbox, razorpay], reports: [] }, { providers: [{ ...sandbox, openItems: 4 }, razorpay], reports: [report] }],
      'POST /books/reports': [report],
    });
    expect(await screen.findByText('No report has been imported yet.')).toBeInTheDocument();
    const input = screen.getByLabelText("Upload sandbox's report");
    expect(input).toHaveAttribute('type', 'file');
    await user.upload(input, new File([csv], 'sandbox-2025-03-02.csv', { type: 'text/csv' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.path === '/books/reports')?.body).toEqual({ provider: 'sandbox', fileName: 'sandbox-2025-03-02.csv', content: csv }));
    expect(requests.find((r) => r.path === '/books/reports')!.csrf).toBe('csrf-1');
    expect(await screen.findByRole('link', { name: 'Report of 2025-03-02: 3 lines, 1 matched, 2 open' })).toHaveAttribute('href', '/reconciliation/reports/5');
    // The list loads again: the new report, and the provider's open items.
    expect(await screen.findByRole('link', { name: '2025-03-02' })).toBeInTheDocument();
    const providers = within(screen.getByRole('region', { name: 'Providers' }));
    await waitFor(() => expect(within(providers.getByRole('cell', { name: 'sandbox' }).closest('tr')!).getByRole('cell', { name: '4' })).toBeInTheDocument());
  });

  it("shows an upload the server refused, as it words it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderBackOffice('/reconciliation', sessionOf(['finance']), {
      'GET /books/reconciliation': [{ providers: [sandbox], reports: [] }],
      'POST /books/reports': [fail(400, 'Line 3: amount_minor must be a whole number of minor units. Nothing was imported.')],
    });
    await user.upload(await screen.findByLabelText("Upload sandbox's report"), new File(['x'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Line 3: amount_minor must be a whole number of minor units. Nothing was imported.')).toBeInTheDocument();
    expect(screen.getByText("sandbox's report was not imported")).toBeInTheDocument();
  });

  it("fetches a provider's report of a day, yesterday by default", async () => {
    const user = userEvent.setup();
    const yesterday = addDays(marketDay('PHP'), -1);
    const { requests } = renderBackOffice('/reconciliation', sessionOf(['finance']), {
      'GET /books/reconciliation': [{ providers: [sandbox, razorpay], reports: [] }],
      'POST /books/reports/fetch': [{ ...report, reportDay: yesterday }],
    });
    const day = await screen.findByLabelText('Report day');
    expect(day).toHaveValue(yesterday);
    await user.click(screen.getByRole('button', { name: 'Fetch report' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/books/reports/fetch')?.body).toEqual({ provider: 'sandbox', day: yesterday }));
    expect(await screen.findByRole('link', { name: `Report of ${yesterday}: 3 lines, 1 matched, 2 open` })).toBeInTheDocument();
  });

  it('is not opened for an agent', async () => {
    renderBackOffice('/reconciliation', sessionOf(['agent']), {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
  });
});

describe('a report', () => {
  it('shows its header and items, resolves an open item with what to do and why, and refreshes', async () => {
    const user = userEvent.setup();
    const note = 'The provider counted the fee twice.';
    const after = { report: { ...report, open: 1 }, items: [matched, resolved(notBooked, note), notInReport] };
    const { requests } = renderBackOffice('/reconciliation/reports/5', sessionOf(['finance']), {
      'GET /books/reports/5': [{ report, items: [matched, notBooked, notInReport] }, after],
      'POST /books/items/11/resolve': [{ report: after.report, item: after.items[1] }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: "sandbox's report of 2025-03-02" })).toBeInTheDocument();
    expect(screen.getByText('sandbox-2025-03-02.csv')).toBeInTheDocument();
    const first = screen.getByRole('cell', { name: 'sbx_1' }).closest('tr')!;
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'sbx_1', 'Collection', 'Matched', '₱5,675.00', '₱15.00', '₱5,675.00', '₱15.00', 'NO-7', '—']);
    const missing = screen.getByRole('cell', { name: 'sbx_3' }).closest('tr')!;
    expect(within(missing).getAllByRole('cell')[0]).toHaveTextContent('—');
    expect(within(missing).getByText('Booked, not in the report')).toBeInTheDocument();
    expect(within(missing).getByRole('link', { name: 'NO-9' })).toHaveAttribute('href', '/orders/9');
    expect(within(first).queryByRole('button', { name: /Resolve/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resolve sbx_2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve sbx_2' });
    // Both are asked for: nothing is sent without them.
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Choose what to do about this item.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/books/items/11/resolve')).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: "The provider's error" }));
    await user.type(within(dialog).getByLabelText('Why'), note);
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/books/items/11/resolve')?.body).toEqual({ action: 'provider_error', note }));
    const done = (await screen.findByText(`: ${note}`, { exact: false })).closest('tr')!;
    expect(within(done).getByText("The provider's error")).toBeInTheDocument();
    expect(within(done).getByText('Ana Reyes, 2025-03-03 10:00')).toBeInTheDocument();
    expect(await screen.findByText('1 item is open: resolve it first.')).toBeInTheDocument();
  });

  it('keeps Close the day disabled with the reason while items are open', async () => {
    renderBackOffice('/reconciliation/reports/5', sessionOf(['finance']), { 'GET /books/reports/5': [{ report, items: [matched, notBooked, notInReport] }] });
    const close = await screen.findByRole('button', { name: 'Close the day' });
    expect(close).toBeDisabled();
    expect(close).toHaveAccessibleDescription('2 items are open: resolve them first.');
    expect(screen.getByText('2 items are open: resolve them first.')).toBeVisible();
  });

  it("closes the day once confirmed, and shows the server's refusal as text", async () => {
    const user = userEvent.setup();
    const ready = { report: { ...report, matched: 3, open: 0 }, items: [matched] };
    const { requests } = renderBackOffice('/reconciliation/reports/5', sessionOf(['finance']), {
      'GET /books/reports/5': [ready, { ...ready, report: { ...ready.report, closed: true } }],
      'POST /books/close': [fail(409, "sandbox's day 2025-03-02 has an item opened since: resolve sbx_4 first. Nothing was closed."), { provider: 'sandbox', day: '2025-03-02', closedAt: '2025-03-03T03:00:00Z' }],
    });
    const confirm = async () => {
      await user.click(await screen.findByRole('button', { name: 'Close the day' }));
      const popover = (await screen.findByText("Close sandbox's day 2025-03-02?")).closest('.ant-popover') as HTMLElement;
      await user.click(within(popover).getByRole('button', { name: 'Close the day' }));
    };
    await confirm();
    expect(await screen.findByText("sandbox's day 2025-03-02 has an item opened since: resolve sbx_4 first. Nothing was closed.")).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/books/close')?.body).toEqual({ provider: 'sandbox', day: '2025-03-02' });
    await confirm();
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the day' })).toBeNull();
  });

  it('offers a report that failed to load again', async () => {
    const user = userEvent.setup();
    const down = fail(500, 'Something went wrong on our side.');
    renderBackOffice('/reconciliation/reports/5', sessionOf(['finance']), { 'GET /books/reports/5': [down, down, { report, items: [matched] }] });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'sbx_1' })).toBeInTheDocument();
  });
});
