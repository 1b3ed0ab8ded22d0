import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RepaymentWays } from '@cashloan/contract/repayment';
import { fail, fakeServer, ok, renderPage } from '../../../../shared/test-support/page-harness.tsx';
import { browserNavigation } from '../../../../shared/bridge/browser-navigation.ts';
import { setPagePolicy } from '../../../../shared/navigation/test-policy.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../../../shared/ui/toast.ts', () => toast);
const { default: CardRepaymentPage } = await import('./CardRepaymentPage.tsx');
const { default: ChooseCardPage } = await import('./ChooseCardPage.tsx');
const { default: BorrowDetailPage } = await import('./BorrowDetailPage.tsx');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const LOAN = '/api/v1/youmi/youmi-api/service/loan';
const WAY = `${LOAN}/repayment-way`;
const COMMIT = `${LOAN}/repayment-commit`;
const CONFIRM = `${LOAN}/repayment-confirm`;
const HUICHAO = `${LOAN}/repayment-huichao`;
const ways = (changes: Partial<RepaymentWays> = {}): RepaymentWays => ({
  alipay: 1,
  repayToken: 'rt_abc',
  repayAmount: 560_500,
  bankCards: [
    { id: 5, bankName: 'BDO Unibank', cardNo: '**** **** **** 4821', bankCode: 'BDO' },
    { id: 6, bankName: 'BPI', cardNo: '**** **** **** 1234', bankCode: 'BPI' },
  ],
  ...changes,
});
const ok00 = <T,>(data: T) => ok(data, '00');

describe('repay by card (#/alipayrepayment)', () => {
  it('asks for a bank card first and sends nothing without one', async () => {
    const requests = fakeServer({ [WAY]: [ok00(ways())] });
    renderPage(CardRepaymentPage, '/alipayrepayment?orderId=41&productId=3');
    expect(await screen.findByText('₱5,605.00')).toBeTruthy();
    expect(document.title).toBe('Repay by card');
    expect(requests[0]!.form.get('orderId')).toBe('41');
    expect(screen.getByText('No bank card selected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Select a bank card' }).getAttribute('href')).toMatch(/^\/addnormalcard\?/);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    expect(toast.showInfo).toHaveBeenCalledWith('Please select a bank card first');
    expect(requests.filter((r) => r.path === COMMIT)).toHaveLength(0);
  });

  it('commits the chosen card, verifies with a code of at least 6 characters, resends after 60 s, and ends on borrow detail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const requests = fakeServer({
      [WAY]: [ok00(ways())],
      [COMMIT]: [ok00({ needValid: 1, repayRecordId: 88 })],
      [CONFIRM]: [fail('800006', 'The verification code is wrong. Please check it and try again.'), ok00({})],
    });
    renderPage(CardRepaymentPage, '/alipayrepayment?orderId=41&productId=3&cardId=5');
    expect(await screen.findByText('**** **** **** 4821')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    const commit = requests.find((r) => r.path === COMMIT)!;
    expect(Object.fromEntries(commit.form)).toEqual({
      amount: '560500',
      bankName: 'BDO Unibank',
      cardId: '5',
      cardNo: '**** **** **** 4821',
      couponId: '',
      orderId: '41',
      repayToken: 'rt_abc',
      bankCode: 'BDO',
      sendMsg: '1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Enter the verification code' });
    const resend = within(dialog).getByRole('button', { name: 'Resend (60s)' });
    expect(resend.hasAttribute('disabled')).toBe(true);

    const input = within(dialog).getByLabelText('Verification code');
    await user.type(input, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(toast.showInfo).toHaveBeenCalledWith('Please enter a correct verification code');
    expect(requests.filter((r) => r.path === CONFIRM)).toHaveLength(0);

    await user.type(input, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith('The verification code is wrong. Please check it and try again.'));
    expect(Object.fromEntries(requests.find((r) => r.path === CONFIRM)!.form)).toEqual({ orderId: '41', verifyCode: '123459', repaymentRecordId: '88' });
    expect(screen.getByRole('dialog')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(within(dialog).getByRole('button', { name: /^Resend \((30|29)s\)$/ })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    const commits = requests.filter((r) => r.path === COMMIT);
    expect(commits).toHaveLength(2);
    expect(commits[1]!.form.get('repayToken')).toBe('rt_abc');
    expect(await within(dialog).findByRole('button', { name: 'Resend (60s)' })).toBeTruthy();

    await user.clear(input);
    await user.type(input, '482913');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/borrowDetail\?/);
    expect(toast.showSuccess).toHaveBeenCalledWith('Repayment successful');
  });

  it('after the last wrong code closes the repayment, the dialog closes and the next Confirm repayment starts a new one with a new token', async () => {
    const closed = 'Too many wrong codes. For your safety this payment was stopped. Please start the repayment again.';
    const requests = fakeServer({
      [WAY]: [ok00(ways()), ok00(ways({ repayToken: 'rt_new' }))],
      [COMMIT]: [ok00({ needValid: 1, repayRecordId: 88 }), ok00({ needValid: 1, repayRecordId: 89 })],
      [CONFIRM]: [fail('800007', closed)],
    });
    renderPage(CardRepaymentPage, '/alipayrepayment?orderId=41&cardId=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm repayment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the verification code' });
    await userEvent.type(within(dialog).getByLabelText('Verification code'), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith(closed));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(requests.filter((r) => r.path === WAY)).toHaveLength(2));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm repayment' }));
    await screen.findByRole('dialog', { name: 'Enter the verification code' });
    expect(requests.filter((r) => r.path === COMMIT).map((r) => r.form.get('repayToken'))).toEqual(['rt_abc', 'rt_new']);
  });

  it('goes straight to borrow detail when no verification is needed', async () => {
    fakeServer({ [WAY]: [ok00(ways())], [COMMIT]: [ok00({ needValid: 0, repayRecordId: 89 })] });
    renderPage(CardRepaymentPage, '/alipayrepayment?orderId=41&cardId=6');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm repayment' }));
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/borrowDetail\?/);
  });

  it('shows 处理失败 for a failure without a message and error when the network failed; the button stays usable', async () => {
    const requests = fakeServer({ [WAY]: [ok00(ways())], [COMMIT]: [fail('409', ''), 'network'] });
    renderPage(CardRepaymentPage, '/alipayrepayment?orderId=41&cardId=5');
    const button = await screen.findByRole('button', { name: 'Confirm repayment' });
    await userEvent.click(button);
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith('处理失败'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith('error'));
    expect(requests.filter((r) => r.path === COMMIT)).toHaveLength(2);
  });

  it('a failed card list shows a query-failed message and Retry', async () => {
    fakeServer({ [WAY]: [fail('409', 'Early repayment opens on 2026-12-07.'), ok00(ways())] });
    renderPage(CardRepaymentPage, '/alipayrepayment?orderId=41');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Query failed');
    expect(alert.textContent).toContain('Early repayment opens on 2026-12-07.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Confirm repayment' })).toBeTruthy();
  });

  it('the alternate channel posts userId, orderId and amount, then opens the answered page (its host allowed)', async () => {
    setPagePolicy({ trustedHosts: ['pay.provider.example'] });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const requests = fakeServer({ [WAY]: [ok00(ways())], [HUICHAO]: [ok00({ url: 'https://pay.provider.example/checkout/88' })] });
    renderPage(CardRepaymentPage, '/alipayrepayment?orderId=41');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay online instead' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.provider.example/checkout/88'));
    expect(Object.fromEntries(requests.find((r) => r.path === HUICHAO)!.form)).toEqual({ userId: 'U1', orderId: '41', amount: '560500' });
  });
});

describe('choose a bank card (#/addnormalcard)', () => {
  it('lists the masked cards and goes back with the chosen one; a new card is added on the bank screen', async () => {
    fakeServer({ [WAY]: [ok00(ways())] });
    renderPage(ChooseCardPage, '/addnormalcard?orderId=41&cardId=6');
    const group = await screen.findByRole('radiogroup', { name: 'Choose a bank card' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(['BDO Unibank**** **** **** 4821', 'BPI**** **** **** 1234']);
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true']);
    expect(screen.getByRole('link', { name: 'Add a bank card' }).getAttribute('href')).toMatch(/^\/candidateWhile\?/);
    await userEvent.click(radios[0]!);
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/alipayrepayment\?.*cardId=5/);
  });
});

describe('borrow detail (#/borrowDetail)', () => {
  it('shows where the loan stands after the repayment', async () => {
    fakeServer({
      '/h5api/v3/loan-details/loan-details': [
        ok({
          orderStatus: 200,
          noticeStatusText: 'Settled',
          noticeDesText: 'You have repaid this loan in full. Thank you!',
          productName: 'PesoNow Cash',
          productLogo: '/logos/pesonow-cash.svg',
          userOrderDetail: { detail: [{ text: 'Total repaid', value: '₱5,605.00' }] },
          recProducts: [],
          inside: 1,
          h5Url: '',
          isDelay: '0',
          telephone: '',
          isScore: '0',
          playeduL: '',
          reyMsg: '',
          KindTipsMsg: '',
          cardNeedPop: 0,
          cardPopTitle: '',
          cardPopMsg: '',
        }),
      ],
    });
    renderPage(BorrowDetailPage, '/borrowDetail?orderId=41&productId=3');
    expect(await screen.findByRole('heading', { name: 'Settled' })).toBeTruthy();
    expect(screen.getByText('₱5,605.00')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Repay by card' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my order' }).getAttribute('href')).toMatch(/^\/allIt\?.*orderId=41/);
  });
});
