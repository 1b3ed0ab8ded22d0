import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CoolingOffInfo } from '@cashloan/contract/cancel-loan';
import { fail, fakeServer, ok, renderPage, turnVisibility, visibleAgain } from '../../shared/test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../shared/ui/toast.ts', () => toast);
const { default: CancelLoanPage, CANNOT_CANCEL_TITLE } = await import('./CancelLoanPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  visibleAgain();
});

const INFO = '/h5api/v3/cancel-loan/cooling-off';
const CODE = '/h5api/v3/cancel-loan/pay-code';
const URL_PATH = '/cancelLoan?productId=3&orderId=41';
const info = (changes: Partial<CoolingOffInfo> = {}): CoolingOffInfo => ({
  orderNo: 'PN2611270001',
  lastDay: '2026-11-30',
  exitAmount: 500_500,
  exitAmountText: '₱5,005.00',
  principal: 500_000,
  interest: 500,
  interestDays: 1,
  fee: 0,
  paid: 0,
  rows: [
    { text: 'Loan amount', value: '₱5,000.00' },
    { text: 'Interest for 1 day', value: '₱5.00' },
    { text: 'Service fee', value: 'Waived (₱0.00)' },
    { text: 'Total to pay', value: '₱5,005.00' },
  ],
  notice: 'Pay ₱5,005.00 by 2026-11-30 to cancel this loan. Once it is paid, the loan is closed and nothing more is owed.',
  channels: [
    { name: 'Online Banking', channelNumber: '90006' },
    { name: '7-Eleven', channelNumber: '90007' },
  ],
  ...changes,
});

describe('cancel this loan', () => {
  it('shows the exact exit amount and its parts, and the button issues the pay code and opens its page', async () => {
    const requests = fakeServer({ [INFO]: [ok(info())], [CODE]: [ok({ payUrl: '/repaymentOfCode?showType=1&payCode=111122223333&payCodeImg=&repayAmount=500500' })] });
    renderPage(CancelLoanPage, URL_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel this loan' })).toBeTruthy();
    const hero = await screen.findByRole('region', { name: 'To cancel, pay' });
    expect(hero.textContent).toContain('₱5,005.00');
    expect(screen.getByText(/Pay ₱5,005\.00 by 2026-11-30 to cancel this loan/)).toBeTruthy();
    const parts = screen.getByRole('region', { name: 'What you pay' });
    const rows = Object.fromEntries(within(parts).getAllByRole('term').map((dt) => [dt.textContent, dt.nextSibling?.textContent]));
    expect(rows).toEqual({ 'Loan amount': '₱5,000.00', 'Interest for 1 day': '₱5.00', 'Service fee': 'Waived (₱0.00)', 'Total to pay': '₱5,005.00' });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ orderId: '41' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment method' }), '90007');
    await userEvent.click(screen.getByRole('button', { name: 'Get the pay code' }));
    const location = await screen.findByTestId('location');
    expect(location.textContent).toMatch(/^\/repaymentOfCode\?showType=1&payCode=111122223333&payCodeImg=&repayAmount=500500&/);
    expect(location.textContent).toContain('sessionId=s-1');
    expect(Object.fromEntries(requests.find((r) => r.path === CODE)!.form)).toEqual({ orderId: '41', amount: '500500', channelNumber: '90007' });
  });

  it('a failed pay code says why and the button tries again', async () => {
    const message = 'The amount to cancel is now ₱5,010.00. Please reload the page and try again.';
    const requests = fakeServer({ [INFO]: [ok(info())], [CODE]: [fail(409, message), ok({ payUrl: '/repaymentOfCode?showType=1&payCode=1&repayAmount=1' })] });
    renderPage(CancelLoanPage, URL_PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Get the pay code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith(message));
    await userEvent.click(screen.getByRole('button', { name: /^Retry/ }));
    await screen.findByTestId('location');
    expect(requests.filter((r) => r.path === CODE)).toHaveLength(2);
  });

  it("shows the server's refusal as text, with Retry and the way back", async () => {
    const refusal = 'The cooling-off period for this loan ended on 2026-11-30. You can still repay it early or on time.';
    fakeServer({ [INFO]: [fail(409, refusal), ok(info({ notice: '<img src=x onerror=alert(1)>' }))] });
    renderPage(CancelLoanPage, URL_PATH);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CANNOT_CANCEL_TITLE);
    expect(alert.textContent).toContain(refusal);
    expect(screen.getByRole('link', { name: 'Back to order details' }).getAttribute('href')).toMatch(/^\/allIt\?/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('main img')).toBeNull();
  });

  it('a network failure shows the load failure with Retry', async () => {
    fakeServer({ [INFO]: [fail(500, 'Something went wrong on our side. Please try again.'), ok(info())] });
    renderPage(CancelLoanPage, URL_PATH);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this page');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Get the pay code' })).toBeTruthy();
  });
});

describe('cancel this loan, back from another app', () => {
  it('once the exit amount is paid, the screen says the loan cannot be cancelled any more', async () => {
    const closed = 'This loan is already closed, so there is nothing to cancel.';
    const requests = fakeServer({ [INFO]: [ok(info()), fail(409, closed)] });
    renderPage(CancelLoanPage, URL_PATH);
    await screen.findByRole('region', { name: 'To cancel, pay' });
    await turnVisibility('visible');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CANNOT_CANCEL_TITLE);
    expect(alert.textContent).toContain(closed);
    expect(screen.queryByRole('button', { name: 'Get the pay code' })).toBeNull();
    expect(requests.every((r) => r.path === INFO)).toBe(true);
    expect(toast.showFailure).not.toHaveBeenCalled();
  });
});
