import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBridge, type BridgeCall } from '../../../shared/bridge/fake-bridge.ts';
import { browserNavigation } from '../../../shared/bridge/browser-navigation.ts';
import { setPagePolicy } from '../../../shared/navigation/test-policy.ts';
import { AGREEMENTS, CONFIRMATION, NEW_CONFIRMATION, PATHS, fakeServer, ok, renderPage } from '../test-support.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: LoanConfirmPage } = await import('./LoanConfirmPage.tsx');
const { default: NewLoanConfirmPage } = await import('./NewLoanConfirmPage.tsx');

type HostWindow = { LoanBridge?: unknown; webkit?: unknown; __bridgeCalls?: BridgeCall[] };
const host = () => window as unknown as HostWindow;
const bridgeCalls = () => host().__bridgeCalls ?? [];

beforeEach(() => installFakeBridge('android'));
afterEach(() => {
  delete host().LoanBridge;
  delete host().webkit;
  delete host().__bridgeCalls;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const failure = (code: number | string, message: string) => ({ code, message, data: null });

describe('loan confirmation V3 (/smpSystem)', () => {
  it('shows the offer: amount, logo, period in days, rate, details, Plan and the cost disclosure', async () => {
    const requests = fakeServer({ [PATHS.confirm]: [ok(CONFIRMATION)], [PATHS.contract]: [ok(AGREEMENTS)] });
    renderPage(LoanConfirmPage, '/smpSystem?product_id=3');
    expect(await screen.findByText('₱5,000.00', { selector: 'p' })).toBeTruthy();
    expect(document.title).toBe('Loan confirmation');
    expect(screen.getByRole('img', { name: 'PesoNow Cash' })).toBeTruthy();
    expect(screen.getByText('91 days')).toBeTruthy();
    expect(screen.getByText('Daily interest 0.10%')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Plan' })).getByText('Principal, interest and service fee')).toBeTruthy();
    const disclosure = screen.getByRole('region', { name: 'Disclosure Statement' });
    expect(within(disclosure).getByText('3.89% per month (58.11% per year)')).toBeTruthy();
    expect(within(disclosure).getByText('₱5,605.00 on 2027-01-31')).toBeTruthy();
    expect(within(disclosure).queryByText('Annual percentage rate (APR)')).toBeNull();
    // product_id is productId; both calls name the product, agreements with scene 3.
    expect(requests.map((r) => [r.path, r.form.get('productId')])).toEqual([
      [PATHS.confirm, '3'],
      [PATHS.contract, '3'],
    ]);
    expect(requests[1]!.form.get('scene')).toBe('3');
  });

  it("ticks the agreement box by default; 'Next' is disabled while it is unticked", async () => {
    fakeServer({ [PATHS.confirm]: [ok(CONFIRMATION)], [PATHS.contract]: [ok(AGREEMENTS)] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    const box = await screen.findByRole('checkbox', { name: 'I have read and agree to' });
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(next.disabled).toBe(false);
    await userEvent.click(box);
    expect(next.disabled).toBe(true);
    await userEvent.click(box);
    expect(next.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Loan Agreement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disclosure Statement' })).toBeTruthy();
  });

  it('hides the agreement row with no agreements, and Next works', async () => {
    fakeServer({ [PATHS.confirm]: [ok(CONFIRMATION)], [PATHS.contract]: [ok({ data: [] })] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(next.disabled).toBe(false);
  });

  it('pushes once however fast Next is tapped, tells the app, then goes to the order with from=confirm', async () => {
    let release: (value: unknown) => void = () => undefined;
    const requests = fakeServer({
      [PATHS.confirm]: [ok(CONFIRMATION)],
      [PATHS.contract]: [ok(AGREEMENTS)],
      [PATHS.push]: [() => new Promise((resolve) => (release = resolve)).then(() => ok({ lendDetailsUrl: '/allIt?productId=3&orderId=58' }))],
    });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    const next = await screen.findByRole('button', { name: 'Next' });
    act(() => {
      next.click();
      next.click();
    });
    await userEvent.click(next);
    expect(requests.filter((r) => r.path === PATHS.push)).toHaveLength(1);
    const push = requests.find((r) => r.path === PATHS.push)!;
    expect(Object.fromEntries(push.form)).toEqual({ amount: '500000', periods: '91', termUnit: '1', productId: '3', extraNumber: '1' });
    expect(bridgeCalls()).toEqual([]);
    await act(async () => release(undefined));
    const location = await screen.findByTestId('location');
    const url = new URL(location.textContent!, 'http://h5.test');
    expect(url.pathname).toBe('/allIt');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ productId: '3', orderId: '58', from: 'confirm', sessionId: 's-1' });
    expect(bridgeCalls()).toEqual([{ name: 'trackEvent', payload: { event: 'loan_push', data: { productId: '3', screen: 'smpSystem' } } }]);
  });

  it("says nothing in a toast when the v3 push is refused, shows why under Next, and lets it be tapped again", async () => {
    const requests = fakeServer({
      [PATHS.confirm]: [ok(CONFIRMATION)],
      [PATHS.contract]: [ok(AGREEMENTS)],
      [PATHS.push]: [failure(409, 'You already have a loan of PesoNow Cash in progress.'), ok({ lendDetailsUrl: '/allIt?productId=3&orderId=9' })],
    });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You already have a loan of PesoNow Cash in progress.');
    expect(toast.showFailure).not.toHaveBeenCalled();
    expect(bridgeCalls()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('location')).toBeTruthy();
    expect(requests.filter((r) => r.path === PATHS.push)).toHaveLength(2);
  });

  it('shows a dropped connection with a Retry that loads the page', async () => {
    fakeServer({ [PATHS.confirm]: [new TypeError('Failed to fetch'), ok(CONFIRMATION)], [PATHS.contract]: [ok(AGREEMENTS)] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    expect((await screen.findByRole('alert')).textContent).toContain('Network error. Please check your connection and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('opens an agreement through contract-jump: our own page in this webview, with the session', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const requests = fakeServer({
      [PATHS.confirm]: [ok(CONFIRMATION)],
      [PATHS.contract]: [ok(AGREEMENTS)],
      [PATHS.jump]: [ok({ contract_url: `${window.location.origin}/toIs?productId=3&position=2&orderId=` })],
    });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3&orderId=77');
    await userEvent.click(await screen.findByRole('button', { name: 'Disclosure Statement' }));
    const jump = requests.find((r) => r.path === PATHS.jump)!;
    // No order exists yet: a carried orderId is not this loan's.
    expect(Object.fromEntries(jump.form)).toEqual({ productId: '3', scene: '3', position: '2', orderId: '', extraNumber: '1' });
    const opened = new URL(assign.mock.calls[0]![0]);
    expect(opened.pathname).toBe('/toIs');
    expect(opened.searchParams.get('position')).toBe('2');
    expect(opened.searchParams.get('orderId')).toBe('');
    expect(opened.searchParams.get('sessionId')).toBe('s-1');
  });

  it('hands an agreement link under the app’s own scheme to the app', async () => {
    setPagePolicy({ appScheme: 'pesonow' });
    fakeServer({ [PATHS.confirm]: [ok(CONFIRMATION)], [PATHS.contract]: [ok(AGREEMENTS)], [PATHS.jump]: [ok({ contract_url: 'pesonow://app/agreement?id=1' })] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Loan Agreement' }));
    expect(bridgeCalls()).toEqual([{ name: 'openPage', payload: { url: 'pesonow://app/agreement?id=1' } }]);
  });

  it('opens no agreement link the jump check refuses, and says so', async () => {
    setPagePolicy({ appScheme: 'pesonow' });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    fakeServer({ [PATHS.confirm]: [ok(CONFIRMATION)], [PATHS.contract]: [ok(AGREEMENTS)], [PATHS.jump]: [ok({ contract_url: 'javascript:alert(document.domain)' })] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Loan Agreement' }));
    await vi.waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith('This link cannot be opened.'));
    expect(bridgeCalls()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the loan-agreement modal only with a popAgreementUrl: Agree dismisses it, Cancel closes the webview', async () => {
    fakeServer({
      [PATHS.confirm]: [ok({ ...CONFIRMATION, popAgreementUrl: '/toIs?productId=3&position=1&orderId=' })],
      [PATHS.contract]: [ok(AGREEMENTS)],
    });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    const modal = await screen.findByRole('dialog', { name: 'Loan Agreement' });
    const frame = modal.querySelector('iframe')!;
    expect(frame.getAttribute('title')).toBe('The loan agreement');
    expect(frame.getAttribute('src')).toMatch(/^\/toIs\?productId=3&position=1&orderId=&.*sessionId=s-1/);
    await userEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(bridgeCalls()).toEqual([{ name: 'closeWebview', payload: {} }]);
    await userEvent.click(within(modal).getByRole('button', { name: 'Agree' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Loan Agreement' })).toBeNull());
  });

  it("on iOS, the back action asks with 'Point out' when isPopType is 1; Cancel stays, Agree leaves", async () => {
    delete host().LoanBridge;
    installFakeBridge('ios');
    fakeServer({ [PATHS.confirm]: [ok(CONFIRMATION)], [PATHS.contract]: [ok(AGREEMENTS)] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    // Dialogs fade in and out; a borrower's taps land all the same.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByRole('button', { name: 'Next' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const pointOut = await screen.findByRole('dialog', { name: 'Point out' });
    expect(within(pointOut).getByText('Your loan is almost ready')).toBeTruthy();
    expect(within(pointOut).getByText('Leave anyway?')).toBeTruthy();
    await user.click(within(pointOut).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Point out' })).toBeNull());
    expect(bridgeCalls()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Point out' })).getByRole('button', { name: 'Agree' }));
    expect(bridgeCalls()).toEqual([{ name: 'closeWebview', payload: {} }]);
  });

  it('leaves at once on Android', async () => {
    fakeServer({ [PATHS.confirm]: [ok(CONFIRMATION)], [PATHS.contract]: [ok(AGREEMENTS)] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    await screen.findByRole('button', { name: 'Next' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridgeCalls()).toEqual([{ name: 'closeWebview', payload: {} }]);
  });

  it('leaves at once on iOS when isPopType is 0', async () => {
    delete host().LoanBridge;
    installFakeBridge('ios');
    fakeServer({ [PATHS.confirm]: [ok({ ...CONFIRMATION, isPopType: 0 })], [PATHS.contract]: [ok(AGREEMENTS)] });
    renderPage(LoanConfirmPage, '/smpSystem?productId=3');
    await screen.findByRole('button', { name: 'Next' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridgeCalls()).toEqual([{ name: 'closeWebview', payload: {} }]);
  });
});

describe('the second variant (/manyVoting)', () => {
  it("shows the offer, the server's button label, and the promotional popup on load", async () => {
    const requests = fakeServer({ [PATHS.satire]: [ok(NEW_CONFIRMATION, '00')], [PATHS.cultures]: [ok(AGREEMENTS, '00')] });
    renderPage(NewLoanConfirmPage, '/manyVoting?productId=3');
    const popup = await screen.findByRole('dialog', { name: 'Your loan offer' });
    expect(within(popup).getByText('Only one step is left.')).toBeTruthy();
    expect(within(popup).getByTestId('promo-pointer')).toBeTruthy();
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your loan offer' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'PesoNow Cash' })).toBeTruthy();
    expect(screen.getByText('2027-01-31', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Detailed list' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'I have read and agreed to the above' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Apply for ₱5,000.00 now' })).toBeTruthy();
    // The goya calls: satire is a POST, cultures a GET with the payload in the query.
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', PATHS.satire],
      ['GET', PATHS.cultures],
    ]);
    expect(requests[1]!.query.get('scene')).toBe('3');
  });

  it('hides the Plan list when empty and shows no popup without a message', async () => {
    fakeServer({ [PATHS.satire]: [ok({ ...NEW_CONFIRMATION, repay_plans: [], NewPopMsg: '' }, '00')], [PATHS.cultures]: [ok(AGREEMENTS, '00')] });
    renderPage(NewLoanConfirmPage, '/manyVoting?productId=3');
    expect(await screen.findByRole('heading', { name: 'Detailed list' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Plan' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("toasts the server's message when depush answers a code other than '00', and stays", async () => {
    fakeServer({
      [PATHS.satire]: [ok({ ...NEW_CONFIRMATION, NewPopMsg: '' }, '00')],
      [PATHS.cultures]: [ok(AGREEMENTS, '00')],
      [PATHS.depush]: [failure('409', 'Please open the loan confirmation again.')],
    });
    renderPage(NewLoanConfirmPage, '/manyVoting?productId=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for ₱5,000.00 now' }));
    await vi.waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith('Please open the loan confirmation again.'));
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('submits through depush and goes on to the order', async () => {
    const requests = fakeServer({
      [PATHS.satire]: [ok({ ...NEW_CONFIRMATION, NewPopMsg: '' }, '00')],
      [PATHS.cultures]: [ok({ data: [] }, '00')],
      [PATHS.depush]: [ok({ lendDetailsUrl: '/allIt?productId=3&orderId=12' }, '00')],
    });
    renderPage(NewLoanConfirmPage, '/manyVoting?productId=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for ₱5,000.00 now' }));
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/allIt\?productId=3&orderId=12&.*from=confirm/);
    expect(requests.find((r) => r.path === PATHS.depush)!.form.get('amount')).toBe('500000');
    expect(bridgeCalls()).toEqual([{ name: 'trackEvent', payload: { event: 'loan_push', data: { productId: '3', screen: 'manyVoting' } } }]);
  });

  it('shows the agreement modal first and the promotional popup after Agree', async () => {
    fakeServer({
      [PATHS.satire]: [ok({ ...NEW_CONFIRMATION, popAgreementUrl: '/toIs?productId=3&position=1&orderId=' }, '00')],
      [PATHS.cultures]: [ok(AGREEMENTS, '00')],
    });
    renderPage(NewLoanConfirmPage, '/manyVoting?productId=3');
    const modal = await screen.findByRole('dialog', { name: 'Loan Agreement' });
    expect(screen.queryByRole('dialog', { name: 'Your loan offer' })).toBeNull();
    await userEvent.click(within(modal).getByRole('button', { name: 'Agree' }));
    const popup = await screen.findByRole('dialog', { name: 'Your loan offer' });
    // The popup is still animating in; a borrower's tap lands all the same.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(popup).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Apply for ₱5,000.00 now'));
  });
});
