/** A position as the caller's page sends it: where, and how far off the phone says it may be. */
export interface CallerFix {
  lat: number;
  lon: number;
  accuracy: number;
}

const OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 };

export const toFix = (position: GeolocationPosition): CallerFix => ({
  lat: position.coords.latitude,
  lon: position.coords.longitude,
  accuracy: Math.max(position.coords.accuracy, 1),
});

/** Why the phone gave no position, in words a caller can act on. */
export function describeGeolocationError(error: GeolocationPositionError | Error): string {
  if ('code' in error && error.code === 1) {
    return 'Location permission was refused. Allow location for this page in your browser settings, then try again.';
  }
  if ('code' in error && error.code === 3) return 'Your phone took too long to find where you are. Try again, outdoors if you can.';
  return 'Your phone could not find where you are. Check that location is switched on, then try again.';
}

/** One position, asked of the phone now (the browser asks the caller's permission the first time). */
export function currentFix(): Promise<CallerFix> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser cannot share a location.'));
      return;
    }
    navigator.geolocation.getCurrentPosition((position) => resolve(toFix(position)), reject, OPTIONS);
  });
}

/** Every position the phone finds until the returned function is called. */
export function watchFixes(onFix: (fix: CallerFix) => void, onError: (error: GeolocationPositionError) => void): () => void {
  const id = navigator.geolocation.watchPosition((position) => onFix(toFix(position)), onError, OPTIONS);
  return () => navigator.geolocation.clearWatch(id);
}
