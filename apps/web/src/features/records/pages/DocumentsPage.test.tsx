import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDocuments } from '@cashloan/contract/records';
import { fail, fakeServer, ok, pdfFile, renderPage } from '../../../shared/test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: DocumentsPage } = await import('./DocumentsPage.tsx');

const DOCUMENTS_PATH = '/h5api/v3/records/documents';
const PDF_PATH = '/h5api/v3/records/pdf';

type Host = { LoanBridge?: unknown; webkit?: unknown };
afterEach(() => {
  delete (window as unknown as Host).webkit;
  delete (window as unknown as Host).LoanBridge;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const DOCUMENTS: OrderDocuments = {
  orderNo: 'PN2611270001',
  documents: [
    { document: 'disclosure', title: 'Disclosure Statement', fileName: 'disclosure-PN2611270001.pdf' },
    { document: 'agreement-1', title: 'Loan Agreement', fileName: 'agreement-1-PN2611270001.pdf' },
    { document: 'schedule', title: 'Repayment schedule', fileName: 'schedule-PN2611270001.pdf' },
    { document: 'statement', title: 'Statement of account', fileName: 'statement-PN2611270001.pdf' },
  ],
};

describe('loan documents', () => {
  it('lists the documents the server answers, each with its own download button, and downloads one through the iOS bridge', async () => {
    const posted: unknown[] = [];
    (window as unknown as Host).webkit = { messageHandlers: { saveFile: { postMessage: (payload: unknown) => posted.push(payload) } } };
    const requests = fakeServer({ [DOCUMENTS_PATH]: [ok(DOCUMENTS)], [PDF_PATH]: [pdfFile(new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'statement-PN2611270001.pdf')] });
    renderPage(DocumentsPage, '/loanDocuments?orderId=7');
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(document.title).toBe('Loan documents');
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Disclosure Statement',
      'Loan Agreement',
      'Repayment schedule',
      'Statement of account',
    ]);
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Download Disclosure Statement (PDF)',
      'Download Loan Agreement (PDF)',
      'Download Repayment schedule (PDF)',
      'Download Statement of account (PDF)',
    ]);
    expect(requests[0]!.form.get('orderId')).toBe('7');

    await userEvent.click(screen.getByRole('button', { name: 'Download Statement of account (PDF)' }));
    expect(await screen.findByText('Sent to your phone: statement-PN2611270001.pdf')).toBeTruthy();
    expect(posted).toEqual([{ fileName: 'statement-PN2611270001.pdf', mimeType: 'application/pdf', base64: 'JVBERg==' }]);
    expect(Object.fromEntries(requests[1]!.query)).toMatchObject({ orderId: '7', document: 'statement' });
    expect(requests[1]!.query.has('paymentId')).toBe(false);
  });

  it("names the file by the list when the server's answer names none", async () => {
    const posted: { fileName: string }[] = [];
    (window as unknown as Host).webkit = { messageHandlers: { saveFile: { postMessage: (payload: { fileName: string }) => posted.push(payload) } } };
    fakeServer({
      [DOCUMENTS_PATH]: [ok(DOCUMENTS)],
      [PDF_PATH]: [() => new Response(new Uint8Array([1]), { headers: { 'Content-Type': 'application/pdf' } })],
    });
    renderPage(DocumentsPage, '/loanDocuments?orderId=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Download Repayment schedule (PDF)' }));
    await screen.findByText('Sent to your phone: schedule-PN2611270001.pdf');
    expect(posted[0]!.fileName).toBe('schedule-PN2611270001.pdf');
  });

  it('a failed download is told beside its document only, and Retry works', async () => {
    (window as unknown as Host).LoanBridge = { saveFile: vi.fn() };
    fakeServer({ [DOCUMENTS_PATH]: [ok(DOCUMENTS)], [PDF_PATH]: [fail(1500, 'Please try again later'), pdfFile(new Uint8Array([1]), 'disclosure-PN2611270001.pdf')] });
    renderPage(DocumentsPage, '/loanDocuments?orderId=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Download Disclosure Statement (PDF)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not download the PDF: Please try again later');
    expect(alert.closest('li')!.textContent).toContain('Disclosure Statement');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent to your phone: disclosure-PN2611270001.pdf')).toBeTruthy();
  });

  it('no documents: says so', async () => {
    fakeServer({ [DOCUMENTS_PATH]: [ok({ orderNo: 'PN1', documents: [] })] });
    renderPage(DocumentsPage, '/loanDocuments?orderId=7');
    expect(await screen.findByText('No documents yet')).toBeTruthy();
  });

  it('a failed load shows the message and Retry loads again', async () => {
    fakeServer({ [DOCUMENTS_PATH]: [fail(1003, 'Order not found'), ok(DOCUMENTS)] });
    renderPage(DocumentsPage, '/loanDocuments?orderId=7');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Order not found');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Documents' })).toBeTruthy();
  });
});
