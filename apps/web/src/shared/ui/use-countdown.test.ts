import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('is 0 until started, then counts the seconds down to 0 and stops', () => {
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.secondsLeft).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts over at the full count when started again', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(45_000));
    expect(result.current.secondsLeft).toBe(15);
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
  });

  it('follows the clock, not the ticks: a paused webview shows the right number on its next tick', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    // The clock moves 40 s while no interval fires (the webview was in the background).
    vi.setSystemTime(Date.now() + 40_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(19);
  });
});
