import { useMemo } from 'react';
import type { Alert } from '@argus/contracts/http/alerts';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Report } from '@argus/contracts/http/reports';
import type { Unit } from '@argus/contracts/http/units';
import { MapLegend } from '../../lib/map/MapLegend';
import { OperationalMap } from '../../lib/map/OperationalMap';
import type { MapFocus, MapPick } from '../../lib/map/overlay';
import { alertsOverlay } from '../../lib/map/overlays/alerts';
import { incidentsOverlay } from '../../lib/map/overlays/incidents';
import { markerOverlay } from '../../lib/map/overlays/marker';
import { reportsOverlay } from '../../lib/map/overlays/reports';
import { emergencyOverlay, unitsOverlay } from '../../lib/map/overlays/units';
import { useZoneLayer } from '../zones/useZoneLayer';

export interface CommandMapProps {
  units: readonly Unit[];
  incidents: readonly Incident[];
  reports: readonly Report[];
  alerts: readonly Alert[];
  now: number;
  selectedIncidentId: string | null;
  highlightedUnitIds: ReadonlySet<string>;
  /** The place being chosen for a new incident, drawn as a gold marker. */
  draftPoint: { lat: number; lon: number } | null;
  picking: boolean;
  focus: MapFocus | null;
  onPick: (pick: MapPick) => void;
  className?: string;
}

/**
 * The common operational picture. Each overlay is memoised on its own data, so a burst of unit
 * positions rebuilds only the units overlay and the map sends only that source to its worker.
 */
export function CommandMap(props: CommandMapProps) {
  const { units, incidents, reports, alerts, now, selectedIncidentId, highlightedUnitIds, draftPoint } = props;
  const reportsLayer = useMemo(() => reportsOverlay(reports), [reports]);
  // An SOS alert sits where its unit is, which the emergency overlay already marks far more loudly.
  const alertsLayer = useMemo(() => alertsOverlay(alerts.filter((alert) => alert.rule !== 'unit.sos')), [alerts]);
  const incidentsLayer = useMemo(() => incidentsOverlay(incidents, { selectedId: selectedIncidentId }), [incidents, selectedIncidentId]);
  const unitsLayer = useMemo(() => unitsOverlay(units, { now, selectedIds: highlightedUnitIds }), [units, now, highlightedUnitIds]);
  const emergencies = useMemo(() => emergencyOverlay(units), [units]);
  const marker = useMemo(() => markerOverlay(draftPoint, 'New incident'), [draftPoint]);
  // Zones lie under everything else: they are the ground the rest happens on.
  const zones = useZoneLayer();
  const overlays = useMemo(
    () => [...(zones.overlay ? [zones.overlay] : []), reportsLayer, alertsLayer, incidentsLayer, unitsLayer, marker, emergencies],
    [zones.overlay, reportsLayer, alertsLayer, incidentsLayer, unitsLayer, marker, emergencies],
  );
  return (
    <div className={props.className}>
      <OperationalMap
        overlays={overlays}
        onPick={props.onPick}
        picking={props.picking}
        focus={props.focus}
        label="Operational map: units, incidents, reports and alerts"
        className="h-full w-full"
      />
      {zones.toggle}
      <MapLegend />
    </div>
  );
}
