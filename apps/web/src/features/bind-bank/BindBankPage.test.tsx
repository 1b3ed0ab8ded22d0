import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, Route, Router, Routes, useLocation } from '../../shared/router/router.tsx';
import { installFakeBridge, type BridgeCall } from '../../shared/bridge/fake-bridge.ts';
import { TEST_FORM, withValues } from './test-form.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../shared/ui/toast.ts', () => toast);
const { default: BindBankPage } = await import('./BindBankPage.tsx');

const SESSION = { deviceId: 'd-1', userId: 'U1', sessionId: 's-1', merchantNumber: 'M0001', mobilePhone: '9170000001' };
const PATHS = { init: '/h5api/v3/bind-card/card-init', bindNew: '/h5api/v3/bind-card/bind-card-new', bindChange: '/h5api/v3/bind-card/bind-card-change' };
const ok = <T,>(data: T) => ({ code: 0, message: 'success', data });

interface Sent {
  path: string;
  form: Record<string, string>;
}

/** Answers each path with its queued answers in turn (the last one repeats); a function answer can wait. */
function fakeServer(answers: Record<string, Array<unknown | (() => Promise<unknown>)>>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://h5.test').pathname;
      sent.push({ path, form: Object.fromEntries(new URLSearchParams(typeof init.body === 'string' ? init.body : '')) });
      const queue = answers[path] ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      if (next === undefined) throw new TypeError(`no answer for ${path}`);
      const envelope = typeof next === 'function' ? await (next as () => Promise<unknown>)() : next;
      return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPage(query: string) {
  const url = `/candidateWhile?${new URLSearchParams({ ...SESSION, ...Object.fromEntries(new URLSearchParams(query)) })}`;
  window.history.replaceState(null, '', url);
  const history = createMemoryHistory([url]);
  const routes = (
    <Router history={history}>
      <Routes>
        <Route path="/candidateWhile" element={<BindBankPage />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </Router>
  );
  render(routes);
  return history;
}

const bridgeCalls = () => ((window as unknown as { __bridgeCalls?: BridgeCall[] }).__bridgeCalls ?? []).map((c) => c.name);

beforeEach(() => {
  delete (window as unknown as { __bridgeCalls?: unknown }).__bridgeCalls;
  installFakeBridge();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const user = userEvent.setup();

async function choose(field: RegExp, option: string) {
  await user.click(await screen.findByRole('button', { name: field }));
  const sheet = await screen.findByRole('dialog');
  await user.click(within(sheet).getByRole('radio', { name: option }));
  await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('the bank screen', () => {
  it('reads product_id, sends startBank once, and shows the form titled Payment account information', async () => {
    const sent = fakeServer({ [PATHS.init]: [ok({ items: TEST_FORM })] });
    renderPage('product_id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment account information' })).toBeTruthy();
    expect(document.title).toBe('Payment account information');
    expect(await screen.findByRole('tab', { name: 'Bank account', selected: true })).toBeTruthy();
    expect(sent).toEqual([{ path: PATHS.init, form: { product_id: '3' } }]);
    expect(bridgeCalls()).toEqual(['startBank']);
  });

  it("picks with Cancel and Confirm, and lets a channel choice show the channel's fields", async () => {
    fakeServer({ [PATHS.init]: [ok({ items: TEST_FORM })] });
    renderPage('productId=3');
    const channel = await screen.findByRole('button', { name: /^Receiving channel/ });
    expect(channel.textContent).toContain('InstaPay (real time)');
    expect(screen.queryByLabelText('Branch')).toBeNull();

    await user.click(channel);
    const sheet = await screen.findByRole('dialog', { name: 'Receiving channel' });
    expect(within(sheet).getByRole('radio', { name: 'InstaPay (real time)' })).toHaveProperty('checked', true);
    await user.click(within(sheet).getByRole('radio', { name: 'PESONet (same banking day)' }));
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByLabelText('Branch')).toBeNull();
    expect(document.activeElement).toBe(channel);

    // Keyboard: the marked option has focus, Escape cancels (arrow keys are the browser's: e2e).
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(await screen.findByRole('dialog')).getByRole('radio', { name: 'InstaPay (real time)' }));
    await user.click(screen.getByRole('radio', { name: 'PESONet (same banking day)' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(channel.textContent).toContain('InstaPay (real time)');
    // Tapping outside the sheet cancels too.
    await user.click(channel);
    await user.click(document.querySelector('[role="dialog"]')!.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();

    await choose(/^Receiving channel/, 'PESONet (same banking day)');
    expect(screen.getByRole('button', { name: /^Receiving channel/ }).textContent).toContain('PESONet');
    expect(screen.getByLabelText('Branch')).toBeTruthy();
  });

  it('strips what is not a digit and groups the number as it is typed', async () => {
    fakeServer({ [PATHS.init]: [ok({ items: TEST_FORM })] });
    renderPage('productId=3');
    const account = (await screen.findByLabelText('Account number')) as HTMLInputElement;
    await user.type(account, '0012-3456 abc 7890');
    expect(account.value).toBe('0012 3456 7890');
    await user.click(screen.getByRole('tab', { name: 'E-wallet' }));
    const phone = screen.getByLabelText('E-wallet mobile number') as HTMLInputElement;
    await user.type(phone, '+63 917 123 4567 999');
    expect(phone.value).toBe('639 1712 3456');
    await user.clear(phone);
    await user.type(phone, '09171234567');
    expect(phone.value).toBe('091 7123 4567');
    // Backspace just after a grouping space removes the digit before the space, and the rest regroups.
    phone.setSelectionRange(9, 9);
    await user.keyboard('{Backspace}');
    expect(phone.value).toBe('091 7124 567');
    expect(phone.selectionStart).toBe(7);
  });

  it("shows the server's field error, keeps the form, and Next tries again; a double tap saves once", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent = fakeServer({
      [PATHS.init]: [ok({ items: withValues({ 'accountName@0': 'Juan Dela Cruz' }) })],
      [PATHS.bindNew]: [{ code: 400, message: 'Account number must be 10 to 16 digits.', data: null }, async () => (await held, ok({}))],
    });
    renderPage('productId=3');
    await choose(/^Bank/, 'BDO Unibank');
    await user.type(screen.getByLabelText('Account number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: Account number must be 10 to 16 digits. Tap Next to try again.');
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('1234 5');

    await user.type(screen.getByLabelText('Account number'), '67890');
    const next = screen.getByRole('button', { name: 'Next' });
    await user.click(next);
    await user.click(next);
    release();
    await waitFor(() => expect(bridgeCalls()).toEqual(['startBank', 'endBank', 'closeWebview']));
    const saves = sent.filter((s) => s.path === PATHS.bindNew);
    expect(saves).toHaveLength(2);
    expect(saves[1]!.form).toEqual({ channel: '90006', bankCode: 'BDO', cardNo: '1234567890', accountName: 'Juan Dela Cruz', cardType: '1', product_id: '3' });
    expect(toast.showSuccess).toHaveBeenCalledWith('Payment account saved');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('from the order page it saves through bind-card-change and goes back to the order with source=loanDetail', async () => {
    const sent = fakeServer({ [PATHS.init]: [ok({ items: TEST_FORM })], [PATHS.bindChange]: [ok({})] });
    const history = renderPage('productId=3&orderId=41&source=loanDetail&real=1');
    await user.click(await screen.findByRole('tab', { name: 'E-wallet' }));
    await choose(/^E-wallet/, 'Maya');
    await user.type(screen.getByLabelText('E-wallet mobile number'), '09171234567');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const location = await screen.findByTestId('location');
    const url = new URL(location.textContent!, 'http://h5.test');
    expect(url.pathname).toBe('/allIt');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ ...SESSION, productId: '3', orderId: '41', real: '1', source: 'loanDetail' });
    expect(history.snapshot().action).toBe('REPLACE');
    expect(sent.find((s) => s.path === PATHS.bindChange)!.form).toEqual({ channel: '90009', cardNo: '09171234567', cardType: '2', product_id: '3' });
    expect(bridgeCalls()).toEqual(['startBank', 'endBank']);
  });

  it('shows a failed load with its reason and a Retry that loads the form', async () => {
    fakeServer({ [PATHS.init]: [{ code: 404, message: 'product_id does not name a loan product.', data: null }, ok({ items: TEST_FORM })] });
    renderPage('productId=3');
    expect((await screen.findByRole('alert')).textContent).toContain('product_id does not name a loan product.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Bank account' })).toBeTruthy();
  });

  it('says so, and calls nothing, when opened without a product', async () => {
    const sent = fakeServer({});
    renderPage('orderId=4');
    expect((await screen.findByRole('alert')).textContent).toContain('This page was opened without a loan product.');
    expect(sent).toEqual([]);
  });
});
