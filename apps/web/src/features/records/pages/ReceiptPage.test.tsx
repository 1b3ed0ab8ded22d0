import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receipt } from '@cashloan/contract/records';
import { fail, fakeServer, ok, pdfFile, renderPage } from '../../../shared/test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: ReceiptPage } = await import('./ReceiptPage.tsx');

const RECEIPT_PATH = '/h5api/v3/records/receipt';
const PDF_PATH = '/h5api/v3/records/pdf';
const PDF = new TextEncoder().encode('%PDF-1.7 receipt');
const PDF_BASE64 = btoa('%PDF-1.7 receipt');

type Host = { LoanBridge?: unknown; webkit?: unknown };
afterEach(() => {
  delete (window as unknown as Host).LoanBridge;
  delete (window as unknown as Host).webkit;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const RECEIPT: Receipt = {
  lenderName: 'PesoNow Lending Corporation',
  secRegistrationNo: 'CS201912345',
  certificateOfAuthorityNo: '3012',
  maskedPhone: '*******0001',
  orderNo: 'PN2611270001',
  paymentId: 12,
  reference: '730122564410',
  channel: '7-Eleven',
  paidAt: '2026-11-20 14:05:09',
  amount: 560_500,
  allocation: { lateCharges: 0, interest: 40_000, serviceFee: 20_500, principal: 500_000, unapplied: 0 },
  balanceAfter: 0,
};

function androidBridge() {
  const saveFile = vi.fn();
  (window as unknown as Host).LoanBridge = { saveFile };
  return saveFile;
}

const facts = () => Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextSibling?.textContent]));

describe('the receipt', () => {
  it('shows the lender, the borrower, the payment, its allocation and the balance after', async () => {
    const requests = fakeServer({ [RECEIPT_PATH]: [ok(RECEIPT)] });
    renderPage(ReceiptPage, '/paymentReceipt?orderId=7&paymentId=12&productId=3');
    expect(await screen.findByRole('heading', { level: 2, name: 'PesoNow Lending Corporation' })).toBeTruthy();
    expect(document.title).toBe('Payment receipt');
    expect(screen.getByText('SEC Registration No. CS201912345')).toBeTruthy();
    expect(screen.getByText('Certificate of Authority No. 3012')).toBeTruthy();
    expect(facts()).toEqual({
      'Received from': '*******0001',
      'Order No.': 'PN2611270001',
      Reference: '730122564410',
      Channel: '7-Eleven',
      'Date and time': '2026-11-20 14:05:09',
      'Amount paid': '₱5,605.00',
      'Late charges': '₱0.00',
      Interest: '₱400.00',
      'Service fee': '₱205.00',
      Principal: '₱5,000.00',
      'Balance after this payment': '₱0.00',
    });
    expect(screen.getByRole('heading', { level: 3, name: 'How it was applied' })).toBeTruthy();
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ orderId: '7', paymentId: '12' });
  });

  it('Download PDF hands the server\'s PDF to the app through saveFile; the button is disabled while it runs', async () => {
    const saveFile = androidBridge();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = fakeServer({
      [RECEIPT_PATH]: [ok(RECEIPT)],
      [PDF_PATH]: [async () => {
        await held;
        return pdfFile(PDF, 'receipt-PN2611270001-12.pdf')();
      }],
    });
    renderPage(ReceiptPage, '/paymentReceipt?orderId=7&paymentId=12');
    const button = await screen.findByRole('button', { name: 'Download PDF of this receipt' });
    await userEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    await userEvent.click(button);
    release();
    expect(await screen.findByText('Sent to your phone: receipt-PN2611270001-12.pdf')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    const pdfRequests = requests.filter((r) => r.path === PDF_PATH);
    expect(pdfRequests).toHaveLength(1);
    expect(pdfRequests[0]!.method).toBe('GET');
    expect(Object.fromEntries(pdfRequests[0]!.query)).toMatchObject({ orderId: '7', document: 'receipt', paymentId: '12', sessionId: 's-1' });
    expect(saveFile).toHaveBeenCalledTimes(1);
    expect(JSON.parse(saveFile.mock.calls[0]![0] as string)).toEqual({ fileName: 'receipt-PN2611270001-12.pdf', mimeType: 'application/pdf', base64: PDF_BASE64 });
  });

  it('gives focus back to the button when the download ends (Chrome blurs a button that turns disabled)', async () => {
    androidBridge();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeServer({
      [RECEIPT_PATH]: [ok(RECEIPT)],
      [PDF_PATH]: [async () => {
        await held;
        return pdfFile(PDF, 'receipt-PN2611270001-12.pdf')();
      }],
    });
    renderPage(ReceiptPage, '/paymentReceipt?orderId=7&paymentId=12');
    const button = await screen.findByRole('button', { name: 'Download PDF of this receipt' });
    await userEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    // What Chrome does (jsdom keeps focus on a disabled button): focus falls back to <body>.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    release();
    await screen.findByText('Sent to your phone: receipt-PN2611270001-12.pdf');
    expect(document.activeElement).toBe(button);
  });

  it("a failed download shows the reason and Retry downloads it", async () => {
    const saveFile = androidBridge();
    fakeServer({ [RECEIPT_PATH]: [ok(RECEIPT)], [PDF_PATH]: ['network', pdfFile(PDF, 'receipt-PN2611270001-12.pdf')] });
    renderPage(ReceiptPage, '/paymentReceipt?orderId=7&paymentId=12');
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of this receipt' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not download the PDF: Network error. Please check your connection and try again.');
    expect(saveFile).not.toHaveBeenCalled();
    expect(toast.showFailure).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent to your phone: receipt-PN2611270001-12.pdf')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saveFile).toHaveBeenCalledTimes(1);
  });

  it("the server's refusal is told in its words", async () => {
    androidBridge();
    fakeServer({ [RECEIPT_PATH]: [ok(RECEIPT)], [PDF_PATH]: [fail(1003, 'Payment not found')] });
    renderPage(ReceiptPage, '/paymentReceipt?orderId=7&paymentId=12');
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of this receipt' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Payment not found');
  });

  it('in a plain browser downloads the PDF through a Blob URL and <a download>', async () => {
    fakeServer({ [RECEIPT_PATH]: [ok(RECEIPT)], [PDF_PATH]: [pdfFile(PDF, 'receipt-PN2611270001-12.pdf')] });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:h5/receipt';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    renderPage(ReceiptPage, '/paymentReceipt?orderId=7&paymentId=12');
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of this receipt' }));
    expect(await screen.findByText('Downloaded receipt-PN2611270001-12.pdf')).toBeTruthy();
    expect(clicks).toEqual([{ href: 'blob:h5/receipt', download: 'receipt-PN2611270001-12.pdf' }]);
    expect(blobs[0]!.type).toBe('application/pdf');
    // (jsdom's Blob cannot read another realm's bytes back; the e2e checks the downloaded file's content.)
    expect(blobs).toHaveLength(1);
  });

  it('a failed load shows the message and Retry loads again', async () => {
    fakeServer({ [RECEIPT_PATH]: ['network', ok(RECEIPT)] });
    renderPage(ReceiptPage, '/paymentReceipt?orderId=7&paymentId=12');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network error');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('SEC Registration No. CS201912345')).toBeTruthy();
  });
});
