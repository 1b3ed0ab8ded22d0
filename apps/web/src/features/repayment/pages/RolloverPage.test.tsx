import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RolloverInfo } from '@cashloan/contract/repayment';
import { fakeServer, ok, renderPage } from '../../../shared/test-support/page-harness.tsx';
import { loadRepaymentCode } from '../repayment-store.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: RolloverPage } = await import('./RolloverPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ROLLOVER = '/h5api/story/inherited';
const VCODE = '/h5api/v3/loan-details/generate-vcode';
const info: RolloverInfo = {
  productName: 'PesoNow Cash',
  productLogo: '/logos/pesonow-cash.svg',
  repayDate: '2027-01-26',
  noticeMsg: 'Pay ₱3,151.25 to move your due date.',
  delayInfo: { delayAmount: 315_125, title: 'Extend your loan by 91 days' },
  repayPlan: [{ remark: 'Loan repayment', title: 'Due after the rollover', amount: 560_500, time: '2027-01-26' }],
  repayList: [{ name: 'GCash', logo: '/logos/channel-gcash.svg', channel_number: '90008' }],
  defDetail: { payCode: '', logo: '/logos/channel-gcash.svg', title: 'GCash', payNotice: {} },
  isShowReyTop: 0,
};

describe('the rollover screen (/votingCandidates)', () => {
  it('shows the title and fee, the next payment date, the Plan list, and pays the fee with isDelay=1', async () => {
    const requests = fakeServer({ [ROLLOVER]: [ok(info)], [VCODE]: [ok({ payUrl: '/repaymentOfCode?showType=1&payCode=999988887777&payCodeImg=&repayAmount=315125' })] });
    renderPage(RolloverPage, '/votingCandidates?productId=3&orderId=41&real=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Extend your loan by 91 days' })).toBeTruthy();
    expect(document.title).toBe('Rollover Repayment');
    // real=1: rupees.
    expect(screen.getByText('₹3,151.25')).toBeTruthy();
    expect(screen.getByText('Your next payment date is', { exact: false }).textContent).toBe('Your next payment date is 2027-01-26');
    const plan = screen.getByRole('list');
    expect(within(plan).getByText('Loan repayment')).toBeTruthy();
    expect(within(plan).getByText('Due after the rollover')).toBeTruthy();
    expect(within(plan).getByText('₹5,605.00')).toBeTruthy();
    expect(within(plan).getByText('2027-01-26')).toBeTruthy();
    // No instruction image without isShowReyTop 1.
    expect(screen.queryByRole('link', { name: /How to pay/ })).toBeNull();
    // The page stores the info for /repaymentOfCode2 in an effect after it renders.
    await waitFor(() => expect(loadRepaymentCode('41')).toMatchObject({ kind: 'rollover', totalMinor: 315_125 }));

    await userEvent.click(screen.getByRole('button', { name: 'Payment' }));
    const sent = requests.find((r) => r.path === VCODE)!;
    expect(Object.fromEntries(sent.form)).toEqual({ productId: '3', orderId: '41', amount: '315125', channelNumber: '90008', isDelay: '1' });
    expect(sent.query.get('real')).toBe('1');
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/repaymentOfCode\?showType=1&payCode=999988887777/);
  });
});
