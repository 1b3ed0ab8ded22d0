import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiCallError } from '../http/client.ts';
import { LOAD_FAILED_TITLE, LoadFailure } from './LoadFailure.tsx';

describe('LoadFailure', () => {
  it("says the page could not be loaded, with the error's message, and Retry retries", async () => {
    const onRetry = vi.fn();
    render(<LoadFailure error={new ApiCallError('server', 'Order not found.')} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(LOAD_FAILED_TITLE);
    expect(alert.textContent).toContain('Order not found.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("takes a screen's own title and wording of the reason", () => {
    render(<LoadFailure title="Query failed" describe={(error) => (error.kind === 'network' ? 'error' : error.message)} error={new ApiCallError('network', 'offline')} onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Query failed');
    expect(alert.textContent).toContain('error');
    expect(alert.textContent).not.toContain(LOAD_FAILED_TITLE);
  });
});
