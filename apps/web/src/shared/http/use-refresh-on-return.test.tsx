import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { loanDetailsRoute } from '@cashloan/contract/routes/order-details';
import type { OrderDetails } from '@cashloan/contract/order-details';
import { fail, fakeServer, ok, setVisibility, turnVisibility, visibleAgain } from '../test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../ui/toast.ts', () => toast);
const { useApi } = await import('./use-api.ts');
const { RETURN_REFRESH_GAP_MS, useRefreshOnReturn } = await import('./use-refresh-on-return.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  visibleAgain();
});

const PATH = '/h5api/v3/loan-details/loan-details';
const PAYLOAD = { productId: '3', orderId: '7' };
const order = (noticeStatusText: string) => ({ noticeStatusText }) as OrderDetails;

function Screen() {
  const shown = useApi(loanDetailsRoute, PAYLOAD);
  useRefreshOnReturn(loanDetailsRoute, PAYLOAD, shown);
  const { state, retry } = shown;
  if (state.status === 'loading') return <p>Loading</p>;
  if (state.status === 'failed')
    return (
      <p role="alert">
        {state.error.message}
        <button onClick={retry}>Retry</button>
      </p>
    );
  return <h2>{state.data.noticeStatusText}</h2>;
}

const calls = (requests: { path: string }[]) => requests.filter((r) => r.path === PATH).length;
/** Lets the answers already sent settle. */
const settle = () => act(async () => undefined);

describe('useRefreshOnReturn', () => {
  it('reloads once per 2 s of visibility flips, and never while a reload runs', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let answer: (value: unknown) => void = () => undefined;
    const requests = fakeServer({ [PATH]: [ok(order('Repaying')), () => new Promise((resolve) => (answer = resolve)), ok(order('Settled'))] });
    render(<Screen />);
    await screen.findByRole('heading', { name: 'Repaying' });

    await turnVisibility('visible');
    expect(calls(requests)).toBe(1 + 1);
    // Still running, even 5 s later: no second call.
    now += 5_000;
    await turnVisibility('visible');
    expect(calls(requests)).toBe(2);
    await act(async () => answer(ok(order('Repayment due'))));
    expect(await screen.findByRole('heading', { name: 'Repayment due' })).toBeTruthy();

    // Done, and 2 s have passed since it started: a flip reloads again...
    await turnVisibility('visible');
    expect(calls(requests)).toBe(3);
    await screen.findByRole('heading', { name: 'Settled' });
    // ...but a burst of flips within 2 s of that start does not.
    now += RETURN_REFRESH_GAP_MS - 1;
    act(() => {
      setVisibility('hidden');
      setVisibility('visible');
      setVisibility('visible');
    });
    expect(calls(requests)).toBe(3);
    now += 1;
    await turnVisibility('visible');
    expect(calls(requests)).toBe(4);
    await settle();
  });

  it('reloads on a pageshow from the back-forward cache, not on an ordinary one', async () => {
    const requests = fakeServer({ [PATH]: [ok(order('Repaying')), ok(order('Settled'))] });
    render(<Screen />);
    await screen.findByRole('heading', { name: 'Repaying' });
    // The listener is added by an effect after that paint: let it run (on a loaded machine it may not have yet).
    await settle();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(calls(requests)).toBe(1);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(await screen.findByRole('heading', { name: 'Settled' })).toBeTruthy();
    expect(calls(requests)).toBe(2);
  });

  it('does nothing while the screen is loading or shows a failed load (its Retry is there)', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const requests = fakeServer({ [PATH]: [() => new Promise((resolve) => (answer = resolve)), fail(500, 'Something went wrong on our side.')] });
    render(<Screen />);
    await turnVisibility('visible');
    expect(calls(requests)).toBe(1);
    await act(async () => answer(fail(500, 'Something went wrong on our side.')));
    await screen.findByRole('alert');
    await turnVisibility('visible');
    expect(calls(requests)).toBe(1);
  });

  it('keeps the figures when the reload fails, with no toast', async () => {
    const requests = fakeServer({ [PATH]: [ok(order('Repaying')), fail(500, 'Something went wrong on our side.')] });
    render(<Screen />);
    await screen.findByRole('heading', { name: 'Repaying' });
    await turnVisibility('visible');
    expect(calls(requests)).toBe(2);
    await settle();
    expect(screen.getByRole('heading', { name: 'Repaying' })).toBeTruthy();
    expect(toast.showFailure).not.toHaveBeenCalled();
    expect(toast.showLoading).not.toHaveBeenCalled();
  });

  it('a refusal (409) is the new answer: the screen loads again the ordinary way and shows it', async () => {
    const paid = 'You have repaid this loan in full. Thank you!';
    const requests = fakeServer({ [PATH]: [ok(order('Repaying')), fail(409, paid)] });
    render(<Screen />);
    await screen.findByRole('heading', { name: 'Repaying' });
    await turnVisibility('visible');
    expect((await screen.findByRole('alert')).textContent).toContain(paid);
    // The quiet call, then the screen's own load.
    expect(calls(requests)).toBe(3);
  });

  it('after the screen closes, an answer still coming is dropped and a return asks nothing', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const requests = fakeServer({ [PATH]: [ok(order('Repaying')), () => new Promise((resolve) => (answer = resolve))] });
    const view = render(<Screen />);
    await screen.findByRole('heading', { name: 'Repaying' });
    await turnVisibility('visible');
    expect(calls(requests)).toBe(2);
    view.unmount();
    await act(async () => answer(ok(order('Settled'))));
    // Unmounted, then answered: nothing listens any more.
    await turnVisibility('visible');
    expect(calls(requests)).toBe(2);
  });
});
