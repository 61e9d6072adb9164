import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MapOverlay } from '../../lib/map/overlay';
import { zonesOverlay } from '../../lib/map/overlays/zones';
import { zoneQueries } from './zones.queries';
import { useZonesLive } from './useZonesLive';

/** The command map's zone layer (active zones by risk, kept live) and the switch that shows or hides it. */
export function useZoneLayer(): { overlay: MapOverlay | null; toggle: ReactNode } {
  const [shown, setShown] = useState(true);
  const zones = useQuery(zoneQueries.active());
  useZonesLive();
  // The command map opens on units and incidents; zones (maybe whole countries) must not widen that view.
  const overlay = useMemo(() => zonesOverlay(zones.data?.zones ?? [], { fit: false }), [zones.data]);
  const toggle = (
    <label className="absolute bottom-16 left-2 z-10 flex items-center gap-2 rounded-md border border-line bg-surface/90 px-2 py-1 text-sm">
      <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
      {`Zones${zones.data ? ` (${zones.data.zones.length})` : ''}`}
    </label>
  );
  return { overlay: shown ? overlay : null, toggle };
}
