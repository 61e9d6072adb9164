import { useCallback, useEffect, useRef, useState } from 'react';
import type { DevicePosition } from '../../lib/geo/device-position';
import type { PositionFix } from './field-unit.mutations';
import { shouldPostFix, type Fix } from './position-throttle';

const PREFERENCE_KEY = 'argus.fieldUnit.sharePosition';

function readPreference(): boolean {
  try {
    return localStorage.getItem(PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The crew's on/off choice, remembered on this device. */
export function useSharePreference(): [boolean, (on: boolean) => void] {
  const [sharing, setSharing] = useState(readPreference);
  const update = useCallback((on: boolean) => {
    setSharing(on);
    try {
      localStorage.setItem(PREFERENCE_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  }, []);
  return [sharing, update];
}

/**
 * Posts the device's fixes for the unit while sharing is on, throttled (position-throttle.ts).
 * Posts go through the outbox, which keeps only the newest unsent fix. Answers when the last one was queued.
 */
export function usePositionSharing(
  unitId: string | null,
  sharing: boolean,
  position: DevicePosition,
  postPosition: (unitId: string, fix: PositionFix) => Promise<unknown>,
): number | null {
  const last = useRef<Fix | null>(null);
  const [lastQueuedAt, setLastQueuedAt] = useState<number | null>(null);

  useEffect(() => {
    if (!sharing) last.current = null;
  }, [sharing]);

  useEffect(() => {
    if (!sharing || !unitId || position.status !== 'fix') return;
    const fix = { lat: position.location.lat, lon: position.location.lon, at: position.at };
    if (!shouldPostFix(last.current, fix)) return;
    last.current = fix;
    setLastQueuedAt(position.at);
    void postPosition(unitId, position);
  }, [sharing, unitId, position, postPosition]);

  return lastQueuedAt;
}
