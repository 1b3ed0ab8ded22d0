import { afterEach, describe, expect, it, vi } from 'vitest';
import { clear, show } from './toast-view.ts';

afterEach(() => {
  clear();
  vi.useRealTimers();
});

const region = () => document.querySelector('[role="status"][aria-live="polite"]');

describe('toast view', () => {
  it('shows the message as text in a live region, never as HTML', () => {
    show({ content: '<img src=x onerror="window.__x=1">Order not found', duration: 2000, icon: 'fail' });
    expect(region()?.textContent).toBe('<img src=x onerror="window.__x=1">Order not found');
    expect(region()?.querySelector('img')).toBeNull();
  });

  it('keeps one toast at a time and marks a Spanish message with its language', () => {
    show({ content: 'first', duration: 0 });
    show({ content: 'El pedido no existe', duration: 0, lang: 'es' });
    expect(region()?.querySelectorAll('[data-testid="toast"]')).toHaveLength(1);
    expect(region()?.querySelector('[lang="es"]')?.textContent).toBe('El pedido no existe');
  });

  it('goes after its duration; duration 0 stays until cleared', () => {
    vi.useFakeTimers();
    show({ content: 'copy success', duration: 2000, icon: 'success' });
    vi.advanceTimersByTime(1999);
    expect(region()?.textContent).toBe('copy success');
    vi.advanceTimersByTime(1);
    expect(region()?.textContent).toBe('');
    show({ content: 'loading...', duration: 0, icon: 'loading' });
    vi.advanceTimersByTime(60_000);
    expect(region()?.textContent).toBe('loading...');
    clear();
    expect(region()?.textContent).toBe('');
  });
});
