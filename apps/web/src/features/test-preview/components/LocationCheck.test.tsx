import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_ERRORS, LOCATION_UNSUPPORTED } from '../location.ts';
import { LOCATION_WATCHDOG_MS, LocationCheck } from './LocationCheck.tsx';

type Success = PositionCallback;
type Failure = PositionErrorCallback;

/** Stands in for the device's location service (jsdom has none). */
function deviceLocation(answer: (ok: Success, fail: Failure) => void) {
  const geolocation = { getCurrentPosition: vi.fn((ok: Success, fail: Failure) => answer(ok, fail)) };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return geolocation;
}
const positionError = (code: number) => ({ code, message: 'device message', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('Get location', () => {
  it('shows the coordinates the device reports', async () => {
    deviceLocation((ok) => ok({ coords: { latitude: 14.5995123, longitude: 120.9842, accuracy: 12.4 } } as GeolocationPosition));
    render(<LocationCheck />);
    await userEvent.click(screen.getByRole('button', { name: 'Get location' }));
    expect(screen.getByRole('status').textContent).toBe('Latitude 14.599512, longitude 120.9842 (accuracy ±12 m)');
  });

  it.each([
    [1, LOCATION_ERRORS[1]],
    [2, LOCATION_ERRORS[2]],
    [3, LOCATION_ERRORS[3]],
  ])('explains error %i in words', async (code, message) => {
    deviceLocation((_ok, fail) => fail(positionError(code)));
    render(<LocationCheck />);
    await userEvent.click(screen.getByRole('button', { name: 'Get location' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('says so when the device has no location service', async () => {
    render(<LocationCheck />);
    await userEvent.click(screen.getByRole('button', { name: 'Get location' }));
    expect(screen.getByRole('alert').textContent).toBe(LOCATION_UNSUPPORTED);
  });

  it('ends a request nobody answers with the time-out message, and ignores a late answer', async () => {
    vi.useFakeTimers();
    let late: Success | undefined;
    deviceLocation((ok) => {
      late = ok;
    });
    render(<LocationCheck />);
    act(() => screen.getByRole('button', { name: 'Get location' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(LOCATION_WATCHDOG_MS));
    expect(screen.getByRole('alert').textContent).toBe(LOCATION_ERRORS[3]);
    act(() => late?.({ coords: { latitude: 1, longitude: 2, accuracy: 3 } } as GeolocationPosition));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(LOCATION_ERRORS[3]);
  });
});
