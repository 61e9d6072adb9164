import { useEffect, useState } from 'react';
import type { Location } from '@argus/contracts/http/incidents';

/** A fix from the device, or why there is none. */
export type DevicePosition =
  | { status: 'waiting' }
  | { status: 'unsupported' }
  | { status: 'error'; message: string }
  | { status: 'fix'; location: Location; heading: number | null; speed: number | null; at: number };

const OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 };

/** Words for a failed fix; the codes are GeolocationPositionError's. */
export function positionErrorMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return 'Location is blocked for this site. Allow it in the browser settings.';
  if (error.code === error.TIMEOUT) return 'No location fix yet. Move to open sky and try again.';
  return 'The device could not find its location.';
}

/** A browser position as a fix: coordinates with their accuracy, heading and speed when known. */
export function toDevicePosition(position: GeolocationPosition): DevicePosition {
  const { latitude, longitude, accuracy, heading, speed } = position.coords;
  return {
    status: 'fix',
    location: { lat: latitude, lon: longitude, accuracy: Math.round(accuracy) },
    heading: heading === null || Number.isNaN(heading) ? null : heading,
    speed: speed === null || Number.isNaN(speed) ? null : speed,
    at: position.timestamp,
  };
}

/** Follows the device's position while `enabled` (Geolocation watchPosition). */
export function useWatchedPosition(enabled: boolean): DevicePosition {
  const [position, setPosition] = useState<DevicePosition>(() =>
    'geolocation' in navigator ? { status: 'waiting' } : { status: 'unsupported' },
  );

  useEffect(() => {
    if (!enabled || !('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (next) => setPosition(toDevicePosition(next)),
      (error) =>
        setPosition((current) =>
          current.status === 'fix' && error.code !== error.PERMISSION_DENIED
            ? current
            : { status: 'error', message: positionErrorMessage(error) },
        ),
      OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [enabled]);

  return position;
}

/** One fix, for a report's location. */
export function currentPosition(): Promise<DevicePosition> {
  if (!('geolocation' in navigator)) return Promise.resolve({ status: 'unsupported' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(toDevicePosition(position)),
      (error) => resolve({ status: 'error', message: positionErrorMessage(error) }),
      OPTIONS,
    );
  });
}
