import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const api = vi.hoisted(() => ({ submitAppRating: vi.fn(async () => undefined) }));
vi.mock('../api.ts', () => api);

const { AppRatingDialog } = await import('./AppRatingDialog.tsx');

afterEach(() => vi.clearAllMocks());

const star = (n: number) => screen.getByRole('button', { name: n === 1 ? '1 star' : `${n} stars` });

describe("the order screen's 'Rate us' popup", () => {
  it("reminds 'Silakan pilih' with the short info toast and submits nothing without a star", async () => {
    const onDone = vi.fn();
    render(<AppRatingDialog open onDone={onDone} />);
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(toast.showInfo).toHaveBeenCalledWith('Silakan pilih');
    expect(api.submitAppRating).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('submits and goes on by the stars chosen: below 4 low, from 4 high; Not now dismisses', async () => {
    const onDone = vi.fn();
    render(<AppRatingDialog open onDone={onDone} />);
    await userEvent.click(star(3));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenLastCalledWith('low'));
    await userEvent.click(star(4));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenLastCalledWith('high'));
    expect(api.submitAppRating).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onDone).toHaveBeenLastCalledWith('dismissed');
  });

  it('stays with the chosen stars when the submit fails', async () => {
    api.submitAppRating.mockRejectedValueOnce(new Error('refused'));
    const onDone = vi.fn();
    render(<AppRatingDialog open onDone={onDone} />);
    await userEvent.click(star(2));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.submitAppRating).toHaveBeenCalledTimes(1));
    expect(onDone).not.toHaveBeenCalled();
    expect(star(2).getAttribute('aria-pressed')).toBe('true');
  });
});
