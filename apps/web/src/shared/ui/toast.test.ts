import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('./toast-view.ts', () => toast);

const { LOADING_TEXT, TOAST_DEFAULT_MS, TOAST_SHORT_MS, loadToastView, showFailure, showInfo, showLoading, showSuccess, showToast, toastDuration } =
  await import('./toast.ts');

describe('before the view has loaded', () => {
  it('shows the last toast asked for once it arrives, and not a loading toast hidden meanwhile', async () => {
    vi.resetModules();
    const fresh = await import('./toast.ts');
    const hide = fresh.showLoading();
    hide();
    await fresh.loadToastView();
    expect(toast.show).not.toHaveBeenCalled();
    expect(toast.clear).not.toHaveBeenCalled();

    vi.resetModules();
    const other = await import('./toast.ts');
    other.showInfo('first');
    other.showFailure('Order not found');
    expect(toast.show).not.toHaveBeenCalled();
    await other.loadToastView();
    expect(toast.show.mock.calls.map(([p]) => p)).toEqual([{ content: 'Order not found', icon: 'fail', duration: 2000 }]);
  });
});

beforeAll(() => loadToastView());

beforeEach(() => {
  toast.show.mockClear();
  toast.clear.mockClear();
});

describe('toastDuration', () => {
  it('is 3 s by default', () => {
    expect(TOAST_DEFAULT_MS).toBe(3000);
    expect(toastDuration()).toBe(3000);
  });

  it.each([300, 299, 1, 0, -5, Number.NaN])('treats %s ms as 3 s', (ms) => {
    expect(toastDuration(ms)).toBe(3000);
  });

  it.each([301, 1000, 2000, 5000])('keeps %s ms', (ms) => {
    expect(toastDuration(ms)).toBe(ms);
  });
});

describe('show helpers', () => {
  it('showToast uses the duration rule', () => {
    showToast('a');
    showToast('b', 200);
    showToast('c', 4500);
    expect(toast.show.mock.calls.map(([p]) => [p.content, p.duration])).toEqual([
      ['a', 3000],
      ['b', 3000],
      ['c', 4500],
    ]);
  });

  it('info, success and failure (server message) toasts stay 2 s', () => {
    expect(TOAST_SHORT_MS).toBe(2000);
    showInfo('info');
    showSuccess('copy success');
    showFailure('Order not found');
    expect(toast.show.mock.calls.map(([p]) => p)).toEqual([
      { content: 'info', duration: 2000 },
      { content: 'copy success', icon: 'success', duration: 2000 },
      { content: 'Order not found', icon: 'fail', duration: 2000 },
    ]);
  });
});

describe('showLoading', () => {
  it('shows loading... until hidden', () => {
    const hide = showLoading();
    expect(toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: LOADING_TEXT, icon: 'loading', duration: 0 }));
    hide();
    expect(toast.clear).toHaveBeenCalledTimes(1);
    hide();
    expect(toast.clear).toHaveBeenCalledTimes(1);
  });

  it('does not close a failure toast that replaced it', () => {
    const hide = showLoading();
    showFailure('Server says no');
    hide();
    expect(toast.clear).not.toHaveBeenCalled();
  });

  it('overlapping calls share one loading toast, cleared when the last ends', () => {
    const hideA = showLoading();
    const hideB = showLoading();
    expect(toast.show).toHaveBeenCalledTimes(1);
    hideA();
    expect(toast.clear).not.toHaveBeenCalled();
    hideB();
    expect(toast.clear).toHaveBeenCalledTimes(1);
  });

  it('shows loading again for a call that starts after another toast replaced it', () => {
    const hideA = showLoading();
    showInfo('note');
    const hideB = showLoading();
    expect(toast.show).toHaveBeenCalledTimes(3);
    hideA();
    hideB();
    expect(toast.clear).toHaveBeenCalledTimes(1);
  });
});
