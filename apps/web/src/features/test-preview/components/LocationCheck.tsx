/** The 'Get location' button: asks the device once and shows the coordinates or why there are none. */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/Button.tsx';
import { LOCATION_ERRORS, LOCATION_UNSUPPORTED, formatDegrees, locationErrorMessage } from '../location.ts';
import styles from '../TestPreviewPage.module.css';

type LocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'found'; latitude: number; longitude: number; accuracy: number }
  | { status: 'failed'; message: string };

export const LOCATION_TIMEOUT_MS = 15_000;
/**
 * The browser's time-out only starts once permission is given; a webview whose host never answers
 * the permission prompt would wait forever, so our own watchdog ends the wait a little later.
 */
export const LOCATION_WATCHDOG_MS = LOCATION_TIMEOUT_MS + 5_000;

export function LocationCheck() {
  const [state, setState] = useState<LocationState>({ status: 'idle' });
  // Only the latest request may update the page, and only while it is mounted.
  const request = useRef(0);
  const watchdog = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      request.current += 1;
      clearTimeout(watchdog.current);
    },
    [],
  );

  const locate = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setState({ status: 'failed', message: LOCATION_UNSUPPORTED });
      return;
    }
    const mine = ++request.current;
    const settle = (next: LocationState) => {
      if (mine !== request.current) return;
      clearTimeout(watchdog.current);
      setState(next);
    };
    setState({ status: 'locating' });
    clearTimeout(watchdog.current);
    watchdog.current = setTimeout(() => {
      // Late answers from this request are ignored from here on.
      settle({ status: 'failed', message: LOCATION_ERRORS[3]! });
      request.current += 1;
    }, LOCATION_WATCHDOG_MS);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        settle({ status: 'found', latitude, longitude, accuracy });
      },
      (error) => settle({ status: 'failed', message: locationErrorMessage(error) }),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  };

  return (
    <div className={styles.field}>
      <Button
        color="primary"
        fill="outline"
        className={styles.button}
        loading={state.status === 'locating'}
        loadingText="Getting location…"
        onClick={locate}
      >
        Get location
      </Button>
      {state.status === 'found' && (
        <p className={styles.result} role="status">
          Latitude {formatDegrees(state.latitude)}, longitude {formatDegrees(state.longitude)} (accuracy ±{Math.round(state.accuracy)} m)
        </p>
      )}
      {state.status === 'failed' && (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
