import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);

const { ComplaintRatingDialog, RATING_THANKS_MESSAGE } = await import('./ComplaintRatingDialog.tsx');
const { CHOOSE_STAR_MESSAGE } = await import('../../../shared/ui/StarRatingDialog.tsx');

afterEach(() => vi.clearAllMocks());

const star = (n: number) => screen.getByRole('button', { name: n === 1 ? '1 star' : `${n} stars` });
const pressed = () => [1, 2, 3, 4, 5].map((n) => star(n).getAttribute('aria-pressed'));

function setup(send: (score: number) => Promise<void> = async () => undefined) {
  const onClose = vi.fn();
  const sendSpy = vi.fn(send);
  const view = render(<ComplaintRatingDialog open onClose={onClose} send={sendSpy} />);
  return { onClose, send: sendSpy, view };
}

describe('the rating dialog', () => {
  it('fills n stars when star n is tapped', async () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'How did we handle your complaint?' })).toBeTruthy();
    expect(pressed()).toEqual(['false', 'false', 'false', 'false', 'false']);
    await userEvent.click(star(3));
    expect(pressed()).toEqual(['true', 'true', 'true', 'false', 'false']);
    await userEvent.click(star(1));
    expect(pressed()).toEqual(['true', 'false', 'false', 'false', 'false']);
  });

  it("asks for a star with 'Silakan pilih' and sends nothing when none is chosen", async () => {
    const { send, onClose } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(toast.showToast).toHaveBeenCalledWith(CHOOSE_STAR_MESSAGE);
    expect(CHOOSE_STAR_MESSAGE).toBe('Silakan pilih');
    expect(send).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes and forgets the stars', async () => {
    const { onClose, view, send } = setup();
    await userEvent.click(star(4));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(send).not.toHaveBeenCalled();
    view.rerender(<ComplaintRatingDialog open onClose={onClose} send={send} />);
    expect(pressed()).toEqual(['false', 'false', 'false', 'false', 'false']);
  });

  it("sends the score, then closes and thanks with 'Successful demonstration！'", async () => {
    const { send, onClose } = setup();
    await userEvent.click(star(4));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith(4);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(toast.showSuccess).toHaveBeenCalledWith(RATING_THANKS_MESSAGE);
    expect(RATING_THANKS_MESSAGE).toBe('Successful demonstration！');
  });

  it('stays open with the chosen stars when sending fails, so Send tries again', async () => {
    let fail = true;
    const { send, onClose } = setup(async () => {
      if (fail) throw new Error('refused');
    });
    await userEvent.click(star(2));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(pressed()).toEqual(['true', 'true', 'false', 'false', 'false']);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(send).toHaveBeenLastCalledWith(2);
  });

  it('is not closed by tapping outside it', async () => {
    const { onClose } = setup();
    await userEvent.click(document.body);
    const backdrop = screen.getByRole('dialog').parentElement!;
    await userEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
