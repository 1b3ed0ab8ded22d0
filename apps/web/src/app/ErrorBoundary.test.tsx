import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function BrokenPage(): never {
  throw new Error('the page failed to render');
}

afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows what went wrong and a Reload button in place of a page that failed to render', () => {
    // React reports the caught error on the console; the screen is what the borrower meets.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <BrokenPage />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('Please reload the page.');
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect(reload.getAttribute('type')).toBe('button');
  });

  it("stops the server-rendered page's early-input keeping, so the Reload tap is not kept for code that failed", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stopKeeping = vi.fn(() => []);
    window.__takeEarlyInput = stopKeeping;
    render(
      <ErrorBoundary>
        <BrokenPage />
      </ErrorBoundary>,
    );
    expect(stopKeeping).toHaveBeenCalledOnce();
    expect('__takeEarlyInput' in window).toBe(false);
  });

  it('shows the page itself when it renders', () => {
    render(
      <ErrorBoundary>
        <h1>Order Details</h1>
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Order Details' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
