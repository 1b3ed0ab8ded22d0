/** What the borrower reads for each outcome of a location request. */

export const LOCATION_UNSUPPORTED = 'This device cannot share its location.';
export const LOCATION_ERRORS: Record<number, string> = {
  1: 'Location permission denied. Allow location access for this app in the phone settings and try again.',
  2: 'Location unavailable. Turn on location services, move to open sky and try again.',
  3: 'Getting the location timed out. Please try again.',
};

export function locationErrorMessage(error: Pick<GeolocationPositionError, 'code' | 'message'>): string {
  return LOCATION_ERRORS[error.code] ?? `Could not get the location${error.message ? `: ${error.message}` : '.'}`;
}

/** Degrees with at most 6 decimals (about 10 cm), without trailing zeros. */
export function formatDegrees(value: number): string {
  return String(Number(value.toFixed(6)));
}
