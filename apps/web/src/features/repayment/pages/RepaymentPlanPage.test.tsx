import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RepaymentPlanInfo } from '@cashloan/contract/repayment';
import { fail, fakeServer, ok, renderPage, turnVisibility, visibleAgain } from '../../../shared/test-support/page-harness.tsx';
import { loadRepaymentCode } from '../repayment-store.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: RepaymentPlanPage } = await import('./RepaymentPlanPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  visibleAgain();
});

const PLAN = '/h5api/v3/installment/loan-play-detail';
const VCODE = '/h5api/v3/loan-details/generate-vcode';
const info = (changes: Partial<RepaymentPlanInfo> = {}): RepaymentPlanInfo => ({
  productName: 'PesoNow Cash',
  productLogo: '/logos/pesonow-cash.svg',
  repayAmount: 560_500,
  repayDate: '2026-11-03',
  noticeMsg: 'Please repay ₱5,605.00 by 2026-11-03.',
  detail: [
    { text: 'Amount due', value: '₱5,605.00' },
    { text: 'Due date', value: '2026-11-03' },
    { text: 'Loan amount', value: '₱5,000.00' },
    { text: 'Order No.', value: 'PN2611010001' },
  ],
  repayList: [
    { name: 'Online Banking', logo: '/logos/channel-online-banking.svg', channel_number: '90006' },
    { name: '7-Eleven', logo: '/logos/channel-7eleven.svg', channel_number: '90007' },
  ],
  defDetail: { payCode: '', logo: '/logos/channel-online-banking.svg', title: 'Online Banking', payNotice: { Bank: [{ name: 'App', steps: ['Open it'] }] } },
  isShowReyTop: 1,
  ...changes,
});
const URL_PATH = '/allowedAlso?productId=3&orderId=41';

describe('the repayment-by-plan screen (/allowedAlso)', () => {
  it('shows the date and amount, the product, 2 detail rows until more, and no pay-code card without a code', async () => {
    const requests = fakeServer({ [PLAN]: [ok(info())] });
    renderPage(RepaymentPlanPage, URL_PATH);
    expect(await screen.findByText('₱5,605.00', { selector: 'p' })).toBeTruthy();
    expect(document.title).toBe('Repayment');
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ productId: '3', orderId: '41' });
    expect(screen.getByText('2026-11-03', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'PesoNow Cash' })).toBeTruthy();
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Amount due', 'Due date']);
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Amount due', 'Due date', 'Loan amount', 'Order No.']);
    await userEvent.click(screen.getByRole('button', { name: 'hide' }));
    expect(screen.getAllByRole('term')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Your pay code' })).toBeNull();
    expect(screen.getByRole('link', { name: /How to pay/ }).getAttribute('href')).toMatch(/^\/dragonpayPaymentInstructions\?/);
    expect(screen.getByRole('link', { name: 'Payment history' }).getAttribute('href')).toMatch(/^\/paymentHistory\?(?=.*productId=3)(?=.*orderId=41)/);
    // Kept for the repayment code screen.
    await waitFor(() => expect(loadRepaymentCode('41')).toMatchObject({ kind: 'plan', totalMinor: 560_500 }));
  });

  it('shows the default channel pay-code card when there is a code; Copy copies it and opens the code screen', async () => {
    fakeServer({ [PLAN]: [ok(info({ defDetail: { ...info().defDetail, payCode: '730122564410', title: '7-Eleven' } }))] });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage(RepaymentPlanPage, URL_PATH);
    const card = await screen.findByRole('region', { name: 'Your pay code' });
    expect(within(card).getByText('730122564410')).toBeTruthy();
    expect(within(card).getByText('7-Eleven')).toBeTruthy();
    await userEvent.click(within(card).getByRole('link', { name: /^Copy the pay code 730122564410/ }));
    expect(writeText).toHaveBeenCalledWith('730122564410');
    expect(toast.showSuccess).toHaveBeenCalledWith('copy success');
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/repaymentOfCode2\?.*orderId=41/);
  });

  it('preselects the first channel in the Payment Method popup; Payment asks for that channel’s code once and opens it', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const requests = fakeServer({
      [PLAN]: [ok(info())],
      [VCODE]: [() => new Promise((resolve) => (answer = resolve))],
    });
    renderPage(RepaymentPlanPage, URL_PATH);
    await userEvent.click(await screen.findByRole('button', { name: /Payment Method/ }));
    // The popup is loaded on its own (PaymentPanel): it shows once its chunk is in.
    const sheet = await screen.findByRole('dialog', { name: 'Payment Method' });
    expect(within(sheet).getByText('Please select your repayment method for payment')).toBeTruthy();
    expect(within(sheet).getByRole('radio', { name: 'Online Banking' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(within(sheet).getByRole('radio', { name: '7-Eleven' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /Payment Method/ }).textContent).toContain('7-Eleven');

    const pay = screen.getByRole('button', { name: 'Payment' });
    await userEvent.click(pay);
    await userEvent.click(pay);
    const sent = requests.filter((r) => r.path === VCODE);
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]!.form)).toEqual({ productId: '3', orderId: '41', amount: '560500', channelNumber: '90007' });
    answer(ok({ payUrl: '/repaymentOfCode?showType=1&payCode=111122223333&payCodeImg=&repayAmount=560500' }));
    const location = await screen.findByTestId('location');
    expect(location.textContent).toMatch(/^\/repaymentOfCode\?showType=1&payCode=111122223333&payCodeImg=&repayAmount=560500&/);
    expect(location.textContent).toContain('sessionId=s-1');
  });

  it('offers UPI only on an Indian order (real=1): the link goes to the host app through the bridge, and its QR is shown with the amount and reference', async () => {
    const UPI = '/h5api/v3/loan-details/upi-pay';
    const link = 'upi://pay?pa=lender@upi&pn=PesoNow%20Lending&am=5605.00&cu=INR&tr=730122564410&tn=Loan%20PN1%20repayment';
    const calls: Array<{ name: string; json: string }> = [];
    (window as unknown as { LoanBridge?: Record<string, (json: string) => void> }).LoanBridge = { openUpiApp: (json) => calls.push({ name: 'openUpiApp', json }) };
    try {
      const requests = fakeServer({
        [PLAN]: [ok(info()), ok(info())],
        [UPI]: [ok({ upiUrl: link, qrImg: '/h5api/repayment/qr/41/730122564410.png', payCode: '730122564410', repayAmount: 560_500 })],
      });
      const { unmount } = renderPage(RepaymentPlanPage, URL_PATH);
      await screen.findByRole('button', { name: 'Payment' });
      expect(screen.queryByRole('button', { name: 'Pay with a UPI app' })).toBeNull();
      unmount();

      renderPage(RepaymentPlanPage, `${URL_PATH}&real=1`);
      await userEvent.click(await screen.findByRole('button', { name: 'Pay with a UPI app' }));
      const qr = await screen.findByRole('img', { name: /UPI QR code/ });
      expect(qr.getAttribute('src')).toBe('/h5api/repayment/qr/41/730122564410.png');
      expect(Object.fromEntries(requests.find((r) => r.path === UPI)!.form)).toEqual({ productId: '3', orderId: '41', amount: '560500' });
      expect(calls).toEqual([{ name: 'openUpiApp', json: JSON.stringify({ url: link }) }]);
      const facts = within(screen.getByRole('group', { name: 'UPI QR code' }));
      expect(facts.getByText('₹5,605.00')).toBeTruthy();
      expect(facts.getByText('Reference').nextElementSibling!.textContent).toBe('730122564410');
    } finally {
      delete (window as unknown as { LoanBridge?: unknown }).LoanBridge;
    }
  });

  it("shows the server's refusal and lets the borrower try again", async () => {
    const message = 'Early repayment opens on 2026-12-07.';
    const requests = fakeServer({ [PLAN]: [ok(info())], [VCODE]: [fail(409, message), ok({ payUrl: '/repaymentOfCode?showType=1&payCode=1&repayAmount=1' })] });
    renderPage(RepaymentPlanPage, URL_PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Payment' }));
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith(message));
    await userEvent.click(screen.getByRole('button', { name: 'Payment' }));
    await screen.findByTestId('location');
    expect(requests.filter((r) => r.path === VCODE)).toHaveLength(2);
  });

  it('shows why the screen could not load, with Retry', async () => {
    fakeServer({ [PLAN]: [fail(409, 'You have repaid this loan in full. Thank you!'), ok(info())] });
    renderPage(RepaymentPlanPage, URL_PATH);
    expect((await screen.findByRole('alert')).textContent).toContain('You have repaid this loan in full. Thank you!');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Payment' })).toBeTruthy();
  });
});

describe('the repayment-by-plan screen, back from another app', () => {
  it('hidden asks nothing; visible again shows the new amount without reloading the screen', async () => {
    const requests = fakeServer({ [PLAN]: [ok(info()), ok(info({ repayAmount: 280_250, noticeMsg: 'Please repay ₱2,802.50 by 2026-12-03.' }))] });
    renderPage(RepaymentPlanPage, URL_PATH);
    expect(await screen.findByText('₱5,605.00', { selector: 'p' })).toBeTruthy();
    await turnVisibility('hidden');
    expect(requests).toHaveLength(1);
    await turnVisibility('visible');
    expect(requests).toHaveLength(2);
    expect(screen.queryByText('Loading your repayment…')).toBeNull();
    expect(await screen.findByText('₱2,802.50', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Please repay ₱2,802.50 by 2026-12-03.')).toBeTruthy();
    expect(toast.showLoading).not.toHaveBeenCalled();
    // The repayment code screen gets the new figures too: stored by an effect, which may run just after the figures show.
    await waitFor(() => expect(loadRepaymentCode('41')).toMatchObject({ kind: 'plan', totalMinor: 280_250 }));
  });

  it('a loan paid in the meantime shows the server saying so instead of the old amount', async () => {
    const paid = 'You have repaid this loan in full. Thank you!';
    fakeServer({ [PLAN]: [ok(info()), fail(409, paid)] });
    renderPage(RepaymentPlanPage, URL_PATH);
    await screen.findByText('₱5,605.00', { selector: 'p' });
    await turnVisibility('visible');
    expect((await screen.findByRole('alert')).textContent).toContain(paid);
    expect(screen.queryByText('₱5,605.00', { selector: 'p' })).toBeNull();
  });
});
