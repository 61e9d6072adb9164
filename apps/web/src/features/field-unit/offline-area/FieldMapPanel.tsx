import { useEffect, useMemo, useState } from 'react';
import type { Location } from '@argus/contracts/http/incidents';
import type { Assignment } from '@argus/contracts/http/units';
import { OperationalMap } from '../../../lib/map/OperationalMap';
import { markerOverlay } from '../../../lib/map/overlays/marker';
import type { MapLibreMap } from '../../../lib/map/maplibre';
import type { Box } from '../../../lib/map/offline-tiles';
import { OfflineAreaPanel } from './OfflineAreaPanel';
import { useShownBasemap } from './useShownBasemap';
import { listOfflineAreas } from '../../../lib/map/offline-areas';

const STREET_VIEW_ZOOM = 15;

/**
 * The field unit's compact map: the assignment and where I am over the street basemap (MapLibre
 * loads only with it), and saving its area for use with no signal (docs/decisions/0048-offline-map-area.md).
 */
export function FieldMapPanel({ assignment, here }: { assignment: Assignment | undefined; here: Location | null }) {
  const basemap = useShownBasemap();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [view, setView] = useState<Box | null>(null);
  // The box the map shows, kept current so the size shown is the size of what is on screen.
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const bounds = map.getBounds();
      setView([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]);
    };
    read();
    map.on('moveend', read);
    return () => {
      map.off('moveend', read);
    };
  }, [map]);
  const incident = assignment?.incident;
  const overlays = useMemo(
    () => [
      markerOverlay(here, 'You', 'field-here'),
      markerOverlay(incident?.location ?? null, incident?.reference ?? '', 'field-assignment'),
    ],
    [here, incident],
  );
  // Opens on the assignment, else on me, else on the last saved area (what can be drawn with no signal).
  const lastArea = listOfflineAreas().at(-1);
  const centre =
    incident?.location ??
    here ??
    (lastArea ? { lat: (lastArea.box[1] + lastArea.box[3]) / 2, lon: (lastArea.box[0] + lastArea.box[2]) / 2 } : null);
  return (
    <section aria-label="Map" className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 className="text-lg font-semibold">Map</h2>
      <OperationalMap
        overlays={overlays}
        label="Assignment map"
        className="h-72 overflow-hidden rounded-lg"
        initialView={centre ? { center: centre, zoom: STREET_VIEW_ZOOM } : undefined}
        onMapReady={setMap}
      />
      <OfflineAreaPanel
        basemap={basemap}
        target={incident ? { lat: incident.location.lat, lon: incident.location.lon, name: incident.reference } : null}
        view={view}
      />
    </section>
  );
}
