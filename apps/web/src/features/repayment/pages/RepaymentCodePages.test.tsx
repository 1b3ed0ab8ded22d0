import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RepaymentPlanInfo, RolloverInfo } from '@cashloan/contract/repayment';
import { renderPage } from '../../../shared/test-support/page-harness.tsx';
import { REPAYMENT_INFO_KEY, saveRepaymentInfo } from '../repayment-store.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: RepaymentCodePage } = await import('./RepaymentCodePage.tsx');
const { default: StoredRepaymentCodePage } = await import('./StoredRepaymentCodePage.tsx');
const { default: PaymentInstructionsPage } = await import('./PaymentInstructionsPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const clipboard = () => {
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  return writeText;
};

const defDetail = {
  payCode: '730122564410',
  logo: '/logos/channel-gcash.svg',
  title: 'GCash',
  payNotice: {
    'GCash app': [{ name: 'Bills payment', steps: ['Open GCash and tap Bills.', 'Choose "PesoNow Lending".'] }],
    'At a store': [{ name: '<b>Cashier</b>', steps: ['Show the code.'] }],
  },
};
const shared = { productName: 'PesoNow Cash', productLogo: '', repayDate: '2026-11-03', noticeMsg: '', repayList: [], defDetail, isShowReyTop: 1 };
const plan: RepaymentPlanInfo = { ...shared, repayAmount: 560_500, detail: [] };
const rollover: RolloverInfo = { ...shared, delayInfo: { delayAmount: 315_125, title: 'Extend' }, repayPlan: [] };

describe('the repayment code screen (/repaymentOfCode2)', () => {
  it('shows the channel, the Contract No. with Click to Copy, the total and the grouped instructions as text', async () => {
    const writeText = clipboard();
    saveRepaymentInfo({ kind: 'plan', orderId: '41', info: plan });
    renderPage(StoredRepaymentCodePage, '/repaymentOfCode2?orderId=41');
    expect(screen.getByRole('heading', { name: 'GCash' })).toBeTruthy();
    expect(screen.getByText('Contract No.')).toBeTruthy();
    expect(screen.getByText('730122564410')).toBeTruthy();
    expect(screen.getByText('₱5,605.00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'GCash app' })).toBeTruthy();
    const store = screen.getByRole('region', { name: 'At a store' });
    // Server text is shown as text.
    expect(within(store).getByRole('heading', { name: '<b>Cashier</b>' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'GCash app' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Open GCash and tap Bills.',
      'Choose "PesoNow Lending".',
    ]);
    expect(screen.getByRole('link', { name: 'Payment history' }).getAttribute('href')).toMatch(/^\/paymentHistory\?.*orderId=41/);
    await userEvent.click(screen.getByRole('button', { name: /^Click to Copy/ }));
    expect(writeText).toHaveBeenCalledWith('730122564410');
    expect(toast.showSuccess).toHaveBeenCalledWith('copy success');
  });

  it('totals a rollover with the delay amount', () => {
    saveRepaymentInfo({ kind: 'rollover', orderId: '41', info: rollover });
    renderPage(StoredRepaymentCodePage, '/repaymentOfCode2?orderId=41');
    expect(screen.getByText('₱3,151.25')).toBeTruthy();
    expect(screen.queryByText('₱5,605.00')).toBeNull();
  });

  it('says what to do when the stored record is missing or corrupt, instead of a blank page', () => {
    localStorage.setItem(REPAYMENT_INFO_KEY, '{"version":1,"kind":"plan","orderId":"41","info":{"defDetail":null}}');
    renderPage(StoredRepaymentCodePage, '/repaymentOfCode2?orderId=41');
    expect(screen.getByRole('alert').textContent).toContain('Repayment details not found');
    expect(screen.getByRole('link', { name: 'Go to the repayment page' }).getAttribute('href')).toMatch(/^\/allowedAlso\?/);
  });
});

describe('repayment by code (/repaymentOfCode)', () => {
  it('type 1 shows the code and the amount; Copy confirms copy success', async () => {
    const writeText = clipboard();
    renderPage(RepaymentCodePage, '/repaymentOfCode?showType=1&payCode=111122223333&payCodeImg=&repayAmount=560500&real=1');
    expect(screen.getByText('₹5,605.00')).toBeTruthy();
    expect(screen.getByText('111122223333')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payment history' }).getAttribute('href')).toMatch(/^\/paymentHistory\?/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy the repayment code 111122223333' }));
    expect(writeText).toHaveBeenCalledWith('111122223333');
    expect(toast.showSuccess).toHaveBeenCalledWith('copy success');
  });

  it('another type shows the QR image with tips; a script URL is never shown as an image', () => {
    const { unmount } = renderPage(RepaymentCodePage, `/repaymentOfCode?showType=2&payCode=1&payCodeImg=${encodeURIComponent('/qr/1.png')}&repayAmount=100`);
    expect(screen.getByRole('img', { name: 'QR code for repayment code 1' }).getAttribute('src')).toBe('/qr/1.png');
    expect(screen.getByText(/scan a QR code/)).toBeTruthy();
    // Written out beside the QR for a borrower who cannot scan: the amount and the reference.
    expect(screen.getByText('₱1.00')).toBeTruthy();
    expect(screen.getByText(/^Reference:/).textContent).toBe('Reference: 1');
    unmount();
    renderPage(RepaymentCodePage, `/repaymentOfCode?showType=2&payCodeImg=${encodeURIComponent('javascript:alert(1)')}`);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('No repayment code to show');
  });
});

describe('payment instructions (/dragonpayPaymentInstructions)', () => {
  it('guides through Gcash Bills, Paymaya and offline stores; each picture opens full size', async () => {
    renderPage(PaymentInstructionsPage, '/dragonpayPaymentInstructions');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Gcash Bills', 'Paymaya', 'Offline stores']);
    await userEvent.click(screen.getByRole('button', { name: 'Paymaya: where to tap in the Paymaya app: open full size' }));
    const dialog = screen.getByRole('dialog', { name: 'Paymaya: where to tap in the Paymaya app' });
    expect(within(dialog).getByRole('img', { name: 'Paymaya: where to tap in the Paymaya app' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
