import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PULL, PULL_TEXT, pullOffset, pullingState, refreshWithFallback } from './pull-to-refresh.ts';

describe('the pull gesture', () => {
  it('uses the spec numbers: distance 25, damping 100, scale 0.6, 1 s fallback', () => {
    expect(PULL).toEqual({ distance: 25, damping: 100, scale: 0.6, fallbackMs: 1000 });
  });

  it('moves the content 0.6 of the finger travel, never past 100 px and never upwards', () => {
    expect(pullOffset(10)).toBeCloseTo(6);
    expect(pullOffset(100)).toBeCloseTo(60);
    expect(pullOffset(500)).toBe(100);
    expect(pullOffset(-40)).toBe(0);
    expect(pullOffset(Number.NaN)).toBe(0);
  });

  it('is deactivate below 25 px of offset and activate from 25 px', () => {
    expect(pullingState(pullOffset(41))).toBe('deactivate'); // 24.6 px
    expect(pullingState(pullOffset(42))).toBe('activate'); // 25.2 px
    expect(pullingState(0)).toBe('deactivate');
  });

  it('names every state for the indicator', () => {
    expect(PULL_TEXT).toEqual({ deactivate: 'Pull down to refresh', activate: 'Release to refresh', release: 'Refreshing…', finish: 'Refreshed' });
  });
});

describe('refreshing with the 1 s fallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends as soon as the reload ends', async () => {
    let ended = false;
    void refreshWithFallback(() => Promise.resolve('fresh')).then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toBe(true);
  });

  it('ends after 1 s when the reload is still running, and a failed reload does not reject', async () => {
    let ended = false;
    void refreshWithFallback(() => new Promise(() => undefined)).then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    await expect(refreshWithFallback(() => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
  });
});
