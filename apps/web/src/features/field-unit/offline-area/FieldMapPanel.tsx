import { useEffect, useMemo, useState } from 'react';
import type { Location } from '@argus/contracts/http/incidents';
import type { Assignment } from '@argus/contracts/http/units';
import { OperationalMap } from '../../../lib/map/OperationalMap';
import { markerOverlay } from '../../../lib/map/overlays/marker';
import type { MapLibreMap } from '../../../lib/map/maplibre';
import type { MapFocus } from '../../../lib/map/overlay';
import type { Box } from '../../../lib/map/offline-tiles';
import { OfflineAreaPanel } from './OfflineAreaPanel';
import { useShownBasemap } from '../../basemaps/useShownBasemap';
import { listOfflineAreas } from '../../../lib/map/offline-areas';
import { useBoxDrawing } from '../../../lib/map/useBoxDrawing';
import { useSentOfflineAreas } from './useSentOfflineAreas';

/** An assignment is shown street by street. */
const STREET_VIEW_ZOOM = 15;
/** The crew with no assignment sees its neighbourhood: the streets around, a few kilometres across. */
const NEIGHBOURHOOD_ZOOM = 14;

/**
 * The field unit's compact map: the assignment and where I am over the street basemap (MapLibre
 * loads only with it), and saving its area for use with no signal (docs/decisions/0048-offline-map-area.md).
 */
export function FieldMapPanel({
  assignment,
  here,
  hereFromDevice,
  unitId,
}: {
  assignment: Assignment | undefined;
  here: Location | null;
  /** Whether `here` is the phone's own fix, rather than the unit's last position known to the server. */
  hereFromDevice: boolean;
  unitId: string | null;
}) {
  const basemap = useShownBasemap();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [view, setView] = useState<Box | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [drawn, setDrawn] = useState<Box | null>(null);
  const drawReady = useBoxDrawing(map, drawing, setDrawn);
  const sent = useSentOfflineAreas(unitId);
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
  // The map's subject (docs/decisions/0058-home-area.md): the assignment, else the crew itself (the
  // phone's fix, else the unit's last position known to the server), else the last area saved on
  // the phone (what can be drawn with no signal); with none, the home area or the world.
  const lastArea = listOfflineAreas().at(-1);
  const subject: MapFocus | null = incident
    ? { key: `incident:${incident.id}`, location: incident.location, zoom: STREET_VIEW_ZOOM }
    : here
      ? { key: hereFromDevice ? 'crew:device' : 'crew:last-known', location: here, zoom: NEIGHBOURHOOD_ZOOM }
      : null;
  const opening =
    subject ??
    (lastArea
      ? { location: { lat: (lastArea.box[1] + lastArea.box[3]) / 2, lon: (lastArea.box[0] + lastArea.box[2]) / 2 }, zoom: STREET_VIEW_ZOOM }
      : null);
  // A first fix often comes after the map has opened (on the last known position, or on nothing),
  // and an assignment may arrive while it is open: the map goes to each new subject once (a new
  // key), never following each fix.
  return (
    <section aria-label="Map" className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 className="text-lg font-semibold">Map</h2>
      <OperationalMap
        overlays={overlays}
        label="Assignment map"
        className="h-72 overflow-hidden rounded-lg"
        initialView={opening ? { center: opening.location, zoom: opening.zoom ?? STREET_VIEW_ZOOM } : undefined}
        focus={subject}
        onMapReady={setMap}
      />
      <OfflineAreaPanel
        basemap={basemap}
        target={incident ? { lat: incident.location.lat, lon: incident.location.lon, name: incident.reference } : null}
        view={view}
        drawn={drawn}
        drawing={drawing && drawReady}
        onDrawingChange={setDrawing}
        sent={sent}
      />
    </section>
  );
}
