import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Alert } from '@argus/contracts/http/alerts';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Report } from '@argus/contracts/http/reports';
import type { TakContact } from '@argus/contracts/http/tak';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import type { Unit } from '@argus/contracts/http/units';
import { MapLegend } from '../../lib/map/MapLegend';
import type { MapLibreMap } from '../../lib/map/maplibre';
import { OperationalMap } from '../../lib/map/OperationalMap';
import type { MapFocus, MapPick } from '../../lib/map/overlay';
import { callersOverlay } from '../../lib/map/overlays/callers';
import { alertsOverlay } from '../../lib/map/overlays/alerts';
import { incidentsOverlay } from '../../lib/map/overlays/incidents';
import { markerOverlay } from '../../lib/map/overlays/marker';
import { measureOverlay } from '../../lib/map/overlays/measure';
import { reportsOverlay } from '../../lib/map/overlays/reports';
import { takContactsOverlay } from '../../lib/map/overlays/tak-contacts';
import { takPointsOverlay } from '../../lib/map/overlays/tak-points';
import { emergencyOverlay, unitsOverlay } from '../../lib/map/overlays/units';
import { useEscapeStopsPicking } from '../../lib/map/useEscapeStopsPicking';
import { callerLinkQueries } from '../caller-links/caller-links.queries';
import { useUnitSidcs } from '../unit-symbols/unit-symbols.queries';
import { useZoneLayer } from '../zones/useZoneLayer';
import { RangeBearingPanel } from './RangeBearingPanel';
import { useRangeBearing } from './useRangeBearing';

export interface CommandMapProps {
  units: readonly Unit[];
  incidents: readonly Incident[];
  reports: readonly Report[];
  alerts: readonly Alert[];
  /** TAK devices heard on the CoT endpoint; the map draws those bound to no unit. */
  takContacts: readonly TakContact[];
  /** Points TAK devices placed (spot maps, waypoints, checkpoints); drawn until they go stale. */
  takPoints: readonly TakPoint[];
  now: number;
  selectedIncidentId: string | null;
  highlightedUnitIds: ReadonlySet<string>;
  /** The place being chosen for a new incident, drawn as a gold marker. */
  draftPoint: { lat: number; lon: number } | null;
  picking: boolean;
  focus: MapFocus | null;
  onPick: (pick: MapPick) => void;
  /** The MapLibre map once loaded, for tools that work on it (a box drawn for a unit's phone). */
  onMapReady?: (map: MapLibreMap | null) => void;
  className?: string;
}

/**
 * The common operational picture. Each overlay is memoised on its own data, so a burst of unit
 * positions rebuilds only the units overlay and the map sends only that source to its worker.
 */
export function CommandMap(props: CommandMapProps) {
  const { units, incidents, reports, alerts, takContacts, takPoints, now, selectedIncidentId, highlightedUnitIds, draftPoint } = props;
  const reportsLayer = useMemo(() => reportsOverlay(reports), [reports]);
  // An SOS alert sits where its unit is, which the emergency overlay already marks far more loudly.
  const alertsLayer = useMemo(() => alertsOverlay(alerts.filter((alert) => alert.rule !== 'unit.sos')), [alerts]);
  const incidentsLayer = useMemo(() => incidentsOverlay(incidents, { selectedId: selectedIncidentId }), [incidents, selectedIncidentId]);
  const { sidcs } = useUnitSidcs();
  const unitsLayer = useMemo(
    () => unitsOverlay(units, { now, sidcs, selectedIds: highlightedUnitIds }),
    [units, now, sidcs, highlightedUnitIds],
  );
  const emergencies = useMemo(() => emergencyOverlay(units, sidcs), [units, sidcs]);
  // Callers who shared where they are (docs/decisions/0046-caller-location-links.md), kept live by the dashboard's LiveCache.
  const callers = useQuery(callerLinkQueries.located());
  const callersLayer = useMemo(() => callersOverlay(callers.data ?? []), [callers.data]);
  // TAK devices that speak for no unit (docs/decisions/0061-tak-cot-endpoint-first-slice.md), kept live by the LiveCache.
  const takContactsLayer = useMemo(() => takContactsOverlay(takContacts, now), [takContacts, now]);
  // Points TAK devices placed (docs/decisions/0072-tak-map-points.md), under the devices themselves.
  const takPointsLayer = useMemo(() => takPointsOverlay(takPoints, now), [takPoints, now]);
  const marker = useMemo(() => markerOverlay(draftPoint, 'New incident'), [draftPoint]);
  const range = useRangeBearing(units);
  useEscapeStopsPicking(range.active, range.setActive);
  const { from: rangeFrom, to: rangeTo } = range.measure;
  const measure = useMemo(() => measureOverlay(rangeFrom?.point ?? null, rangeTo?.point ?? null), [rangeFrom, rangeTo]);
  // Zones lie under everything else: they are the ground the rest happens on.
  const zones = useZoneLayer();
  const overlays = useMemo(
    () => [
      ...(zones.overlay ? [zones.overlay] : []),
      reportsLayer,
      alertsLayer,
      incidentsLayer,
      callersLayer,
      takPointsLayer,
      takContactsLayer,
      unitsLayer,
      marker,
      emergencies,
      measure,
    ],
    [
      zones.overlay,
      reportsLayer,
      alertsLayer,
      incidentsLayer,
      callersLayer,
      takPointsLayer,
      takContactsLayer,
      unitsLayer,
      marker,
      emergencies,
      measure,
    ],
  );
  return (
    <div className={props.className}>
      <OperationalMap
        overlays={overlays}
        // While measuring, clicks are ends of the range, not selections.
        onPick={range.active ? range.handlePick : props.onPick}
        picking={props.picking && !range.active}
        focus={props.focus}
        onMapReady={props.onMapReady}
        goTo
        viewInAddress
        label="Operational map: units, incidents, callers, TAK devices and their points, reports and alerts"
        className="h-full w-full"
      >
        {zones.toggle}
        <RangeBearingPanel active={range.active} onActiveChange={range.setActive} measure={range.measure} />
        <MapLegend
          parts={takContacts.length > 0 || takPoints.length > 0 ? ['units', 'incidents', 'reports', 'alerts', 'tak'] : undefined}
        />
      </OperationalMap>
    </div>
  );
}
