import { useEffect, useRef } from 'react';
import { watchFixes, type CallerFix } from './caller-geolocation';

/** A live share sends the newest position this often; the server takes one every few seconds at most. */
export const LIVE_SEND_INTERVAL_MS = 10_000;

/**
 * While `active`, follows the phone's position and hands `send` the newest one: the first as soon
 * as the phone finds it, then every LIVE_SEND_INTERVAL_MS (also when the caller keeps still, so
 * command sees the share is still running).
 */
export function useLiveSharing(active: boolean, send: (fix: CallerFix) => void, onError: (error: GeolocationPositionError) => void): void {
  const sendRef = useRef(send);
  const errorRef = useRef(onError);
  useEffect(() => {
    sendRef.current = send;
    errorRef.current = onError;
  });
  useEffect(() => {
    if (!active) return;
    let latest: CallerFix | null = null;
    let sentFirst = false;
    const stopWatching = watchFixes(
      (fix) => {
        latest = fix;
        if (!sentFirst) {
          sentFirst = true;
          sendRef.current(fix);
        }
      },
      (error) => errorRef.current(error),
    );
    const timer = setInterval(() => {
      if (latest) sendRef.current(latest);
    }, LIVE_SEND_INTERVAL_MS);
    return () => {
      stopWatching();
      clearInterval(timer);
    };
  }, [active]);
}
