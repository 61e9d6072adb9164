import { useCallback, useMemo, useState } from 'react';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import type { MapLibreMap } from '../../lib/map/maplibre';
import { OperationalMap } from '../../lib/map/OperationalMap';
import { incidentsOverlay } from '../../lib/map/overlays/incidents';
import { emergencyOverlay, unitsOverlay } from '../../lib/map/overlays/units';
import { fullDateTime } from '../../lib/time-format';
import { useUnitSidcs } from '../unit-symbols/unit-symbols.queries';

export interface IncidentReportMapProps {
  incident: Incident;
  /** The units that worked the incident, at their last known positions. */
  units: readonly Unit[];
  now: number;
  /** Told once the map is a still picture, so printing waits for it. */
  onSnapshot: (ready: boolean) => void;
}

const OVERLAY_IDS = ['incidents', 'units', 'emergencies'] as const;
/** Close enough to tell a unit from the incident it stands beside, as a street plan would. */
const REPORT_MAX_ZOOM = 16;

/** "ENGINE-2 at 27 Nov 2026 14:02:09": which symbol is which, and how old its place is. */
const lastSeen = (unit: Unit) => (unit.position ? `${unit.callsign} at ${fullDateTime(unit.position.at, true)}` : unit.callsign);

/** The incident and every drawn unit, as [[west, south], [east, north]]. */
function boundsOf(incident: Incident, units: readonly Unit[]): [[number, number], [number, number]] {
  const points = [incident.location, ...units.flatMap((unit) => (unit.position ? [unit.position.location] : []))];
  const lons = points.map((point) => point.lon);
  const lats = points.map((point) => point.lat);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

/**
 * The incident's place and its units as a still picture: a live MapLibre map is drawn off the
 * page's flow, and once it has loaded everything and gone idle its canvas is copied into an
 * image, which prints as it looks (a WebGL canvas may print blank) and frees the map
 * (docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md).
 */
export function IncidentReportMap({ incident, units, now, onSnapshot }: IncidentReportMapProps) {
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { sidcs, settled } = useUnitSidcs();
  const overlays = useMemo(
    () => [incidentsOverlay([incident], { selectedId: incident.id }), unitsOverlay(units, { now, sidcs }), emergencyOverlay(units, sidcs)],
    [incident, units, now, sidcs],
  );

  const handleMapReady = useCallback(
    (map: MapLibreMap | null) => {
      if (!map) return;
      // Framed here rather than by the map's own first fit, which stops at a district's zoom.
      map.fitBounds(boundsOf(incident, units), { padding: 56, maxZoom: REPORT_MAX_ZOOM, animate: false });
      const capture = () => {
        // Idle before the world outline or the overlays have arrived is not the picture yet.
        const complete = map.getContainer().dataset.mapReady === 'true' && OVERLAY_IDS.every((id) => map.getSource(id));
        if (!complete) {
          map.once('idle', capture);
          return;
        }
        // Read in the frame that drew it: without preserveDrawingBuffer the buffer is cleared after.
        map.once('render', () => {
          try {
            setSnapshot(map.getCanvas().toDataURL('image/png'));
            onSnapshot(true);
          } catch {
            setFailed(true);
            onSnapshot(true);
          }
        });
        map.triggerRepaint();
      };
      map.once('idle', capture);
    },
    [incident, units, onSnapshot],
  );

  const description =
    units.length === 0
      ? `Map of ${incident.reference}`
      : `Map of ${incident.reference} and ${units.length === 1 ? 'its unit' : `its ${units.length} units`} at their last known positions`;
  return (
    <figure className="space-y-1 break-inside-avoid">
      {snapshot ? (
        <img src={snapshot} alt={description} className="aspect-[2/1] w-full rounded-md border border-line object-cover" />
      ) : !settled ? (
        // The picture is taken once: wait for the unit symbol table, or the units would be copied in the generic symbol.
        <div aria-hidden="true" className="aspect-[2/1] w-full rounded-md border border-line" />
      ) : (
        <OperationalMap
          overlays={overlays}
          onMapReady={handleMapReady}
          initialView={{ center: incident.location, zoom: REPORT_MAX_ZOOM }}
          label={description}
          className="aspect-[2/1] w-full overflow-hidden rounded-md border border-line"
        />
      )}
      <figcaption className="text-sm text-ink-muted">
        {failed ? 'The map could not be copied for printing. ' : null}
        {units.length === 0
          ? 'The incident (outlined); none of its units has reported a position.'
          : `The incident (outlined) and its units at their last known positions: ${units.map(lastSeen).join('; ')}.`}
      </figcaption>
    </figure>
  );
}
