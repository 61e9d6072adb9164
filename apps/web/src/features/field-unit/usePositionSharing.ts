import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnitStatus } from '@argus/contracts/units';
import type { DevicePosition } from '../../lib/geo/device-position';
import type { PositionFix } from './field-unit.mutations';
import { shouldPostFix, type Fix } from './position-throttle';

const PREFERENCE_KEY = 'argus.fieldUnit.sharePosition';

/** Off duty: a unit out of service is not followed, whatever the switch says. */
const OFF_DUTY: ReadonlySet<UnitStatus> = new Set(['out_of_service']);

// On unless the crew paused it: command needs to see where an on-duty unit is
// (docs/decisions/0043-the-field-phone-offline-and-attention.md).
function readPreference(): boolean {
  try {
    return localStorage.getItem(PREFERENCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Whether a unit in this status is on duty, so its position is shared while the crew has not paused it. */
export function isOnDuty(status: UnitStatus): boolean {
  return !OFF_DUTY.has(status);
}

/** The crew's share-or-pause choice, remembered on this device (sharing unless paused). */
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
