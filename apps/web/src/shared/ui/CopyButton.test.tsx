import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// fireEvent rather than user-event: user-event installs its own navigator.clipboard stub.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';

const toasts = vi.hoisted(() => ({ showSuccess: vi.fn(), showFailure: vi.fn() }));
vi.mock('./toast.ts', () => toasts);

const { CopyButton, COPY_FAILED_MESSAGE } = await import('./CopyButton.tsx');
const { copyText } = await import('./clipboard.ts');

const doc = document as unknown as { execCommand?: (command: string) => boolean };

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}

beforeEach(() => {
  toasts.showSuccess.mockClear();
  toasts.showFailure.mockClear();
});

afterEach(() => {
  setClipboard(undefined);
  delete doc.execCommand;
});

describe('copyText', () => {
  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => {});
    setClipboard(writeText);
    doc.execCommand = vi.fn(() => true);
    await expect(copyText('PAY-123')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('PAY-123');
    expect(doc.execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a selected textarea when the Clipboard API refuses', async () => {
    setClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    let selected = '';
    doc.execCommand = vi.fn((command: string) => {
      const area = document.activeElement instanceof HTMLTextAreaElement ? document.activeElement : document.querySelector('textarea');
      selected = command === 'copy' && area ? area.value.slice(area.selectionStart, area.selectionEnd) : '';
      return true;
    });
    await expect(copyText('PAY-456')).resolves.toBe(true);
    expect(selected).toBe('PAY-456');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when there is no Clipboard API, and reports a failed copy', async () => {
    setClipboard(undefined);
    doc.execCommand = vi.fn(() => false);
    await expect(copyText('x')).resolves.toBe(false);
    delete doc.execCommand;
    await expect(copyText('x')).resolves.toBe(false);
  });
});

describe('CopyButton', () => {
  it('copies its text and toasts copy success', async () => {
    const writeText = vi.fn(async () => {});
    setClipboard(writeText);
    const onCopied = vi.fn();
    render(<CopyButton text="7788 9900" onCopied={onCopied} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toasts.showSuccess).toHaveBeenCalledWith('copy success'));
    expect(writeText).toHaveBeenCalledWith('7788 9900');
    expect(onCopied).toHaveBeenCalledWith(true);
  });

  it('as a link, with its own label', async () => {
    setClipboard(vi.fn(async () => {}));
    render(
      <CopyButton text="C-1" variant="link" aria-label="Copy the contract number">
        Click to Copy
      </CopyButton>,
    );
    const button = screen.getByRole('button', { name: 'Copy the contract number' });
    expect(button.textContent).toBe('Click to Copy');
    fireEvent.click(button);
    await waitFor(() => expect(toasts.showSuccess).toHaveBeenCalledWith('copy success'));
  });

  it('tells the borrower when the copy failed', async () => {
    setClipboard(undefined);
    render(<CopyButton text="C-2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toasts.showFailure).toHaveBeenCalledWith(COPY_FAILED_MESSAGE));
    expect(toasts.showSuccess).not.toHaveBeenCalled();
  });
});
