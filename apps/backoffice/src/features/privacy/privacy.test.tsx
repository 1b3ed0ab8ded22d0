/**
 * The data-protection officer's desk (issue 39): the requests with the time left to answer (late ones
 * tagged), filtered by state in the address; one request with the borrower's data as they would
 * download it; and the answer — approve, or refuse with a reason the borrower reads (required).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectFieldMessage, fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';
import { detailOf, lateRow, openRow, pageOf, refusedRow, todayRow } from './test-fixtures.ts';

/** A Blob's text (jsdom's Blob has no text()). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the data requests', () => {
  it('lists the open requests with the days left to answer, late ones tagged, each linked to its page', async () => {
    const { requests } = renderBackOffice('/privacy', sessionOf(['dpo']), {
      'GET /privacy/requests': [pageOf([lateRow, todayRow, openRow])],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data requests' })).toBeInTheDocument();
    const open = (await screen.findByRole('link', { name: 'DR-20261101-0001' })).closest('tr')!;
    expect(within(open).getByRole('link', { name: 'DR-20261101-0001' })).toHaveAttribute('href', '/privacy/requests/4');
    expect(cells(open)).toEqual(['DR-20261101-0001', 'Maria Santos (#3)', 'Correction', 'Name', '2026-11-01 10:00', '2026-12-01', '3 days left', 'Open', '—']);
    expect(cells(screen.getByRole('link', { name: 'DR-20261101-0002' }).closest('tr')!)).toEqual([
      'DR-20261101-0002', 'Jun Dela Cruz (#8)', 'Erasure', '—', '2026-11-01 10:00', '2026-12-01', 'Due today', 'Open', '—',
    ]);
    const late = screen.getByRole('link', { name: 'DR-20261020-0003' }).closest('tr')!;
    expect(cells(late).slice(1, 2)).toEqual(['Borrower #9 (#9)']);
    expect(cells(late)[6]).toBe('2 days lateLate');
    expect(within(late).getByText('Late')).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'State' })).getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(Object.fromEntries(requests.find((r) => r.path === '/privacy/requests')!.query)).toEqual({ state: 'open', page: '1', pageSize: '20' });
    expect(screen.getByRole('link', { name: /Data requests/ })).toBeInTheDocument();
  });

  it('filters by state in the address and shows who decided', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderBackOffice('/privacy', sessionOf(['admin']), {
      'GET /privacy/requests': [pageOf([openRow]), pageOf([refusedRow])],
    });
    await screen.findByRole('link', { name: 'DR-20261101-0001' });
    await user.click(within(screen.getByRole('radiogroup', { name: 'State' })).getByText('Refused'));
    const refused = (await screen.findByRole('link', { name: 'DR-20261001-0004' })).closest('tr')!;
    expect(cells(refused).slice(6)).toEqual(['—', 'Refused', 'Dina Ocampo, 2026-10-05 11:30']);
    expect(router.state.location.search).toBe('?state=refused');
    expect(requests.filter((r) => r.path === '/privacy/requests').at(-1)!.query.get('state')).toBe('refused');
  });
});

describe('one data request', () => {
  const saved: { fileName: string; blob: Blob }[] = [];
  beforeEach(() => {
    saved.length = 0;
    let blob: Blob | undefined;
    // jsdom has no object URLs and does not download: the Blob and the link's file name are what the browser would save.
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:my-data';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:my-data' && blob) saved.push({ fileName: this.download, blob });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the request, the correction's value and photo, and the borrower's data to read and to download", async () => {
    const user = userEvent.setup();
    renderBackOffice('/privacy/requests/4', sessionOf(['dpo']), { 'GET /privacy/requests/4': [detailOf()] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data request DR-20261101-0001' })).toBeInTheDocument();
    expect(screen.getByText('3 days left')).toBeInTheDocument();
    const correction = within(screen.getByRole('region', { name: 'The correction' }));
    expect(correction.getByText('Maria Clara Santos')).toBeInTheDocument();
    expect(correction.getByRole('link', { name: 'Open the photo (new tab)' })).toHaveAttribute('href', '/files/complaints/photo-4.jpg');
    const data = within(screen.getByRole('region', { name: "The borrower's data" }));
    expect(data.getByRole('button', { name: 'profile (1 row)' })).toBeInTheDocument();
    expect(data.getByRole('button', { name: 'complaints (0 rows)' })).toBeInTheDocument();
    await user.click(data.getByRole('button', { name: 'orders (2 rows)' }));
    expect(await data.findByRole('region', { name: 'orders rows' })).toHaveTextContent('"orderNo": "NO-8"');
    await user.click(data.getByRole('button', { name: "Download the borrower's data (JSON)" }));
    expect(saved.map((s) => s.fileName)).toEqual(['my-data-3.json']);
    expect(saved[0]!.blob.type).toBe('application/json;charset=utf-8');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(await blobText(saved[0]!.blob)).toBe(detailOf().data.content);
  });

  it('stops a refusal without a reason in the form, then sends the refusal with its reason', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/privacy/requests/4', sessionOf(['dpo']), {
      'GET /privacy/requests/4': [detailOf(), detailOf({ ...refusedRow, id: 4 })],
      'POST /privacy/requests/4/decide': [fail(400, 'This request is already answered.'), { ...refusedRow, id: 4 }],
    });
    const answer = within(await screen.findByRole('region', { name: 'Answer' }));
    await user.click(answer.getByRole('button', { name: 'Send the answer' }));
    await expectFieldMessage('Choose approve or refuse.', answer);
    await user.click(answer.getByText('Refuse'));
    await user.click(answer.getByRole('button', { name: 'Send the answer' }));
    await expectFieldMessage('A refusal needs the reason the borrower reads.', answer);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(answer.getByLabelText('Reason the borrower reads'), '  The name matches the ID we hold. ');
    await user.click(answer.getByRole('button', { name: 'Send the answer' }));
    expect(await answer.findByRole('alert')).toHaveTextContent('This request is already answered.');
    await user.click(answer.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByText('The request is refused; the borrower reads your reason.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/privacy/requests/4/decide').map((r) => r.body)).toEqual([
      { decision: 'refuse', reason: 'The name matches the ID we hold.' },
      { decision: 'refuse', reason: 'The name matches the ID we hold.' },
    ]);
    // Answered, the request loads again: no form for a decided request.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument());
    expect(screen.getByText('The name matches the ID we hold.')).toBeInTheDocument();
  });

  it('approves with an empty reason: a name correction is applied at once', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/privacy/requests/4', sessionOf(['admin']), {
      'GET /privacy/requests/4': [detailOf(), detailOf({ ...openRow, state: 'done', decidedBy: 'Ana Reyes', decidedAt: '2026-11-29T03:00:00Z' })],
      'POST /privacy/requests/4/decide': [{ ...openRow, state: 'done', decidedBy: 'Ana Reyes', decidedAt: '2026-11-29T03:00:00Z' }],
    });
    const answer = within(await screen.findByRole('region', { name: 'Answer' }));
    expect(answer.getByRole('radiogroup', { name: 'Decision' })).toBeInTheDocument();
    await user.click(answer.getByText('Approve'));
    await user.click(answer.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByText('Done: the correction is applied.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/privacy/requests/4/decide')!.body).toEqual({ decision: 'approve', reason: '' });
  });

  it('is not offered to an agent', async () => {
    renderBackOffice('/privacy', sessionOf(['agent']), {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Data requests/ })).not.toBeInTheDocument();
  });
});
