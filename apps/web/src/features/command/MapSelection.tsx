import { X } from 'lucide-react';
import type { Alert } from '@argus/contracts/http/alerts';
import type { Report } from '@argus/contracts/http/reports';
import type { Unit } from '@argus/contracts/http/units';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatReadings } from '../../lib/geo/format-coordinate';
import { isPositionStale, unitLocation } from '../../lib/map/overlays/units';
import { formatAge } from '../../lib/time-format';
import { UnitStatusBadge } from '../units/UnitStatusBadge';
import { UNIT_KIND_LABELS } from '../units/unit-labels';
import { UnitLiveFeed } from './UnitLiveFeed';

/** A unit, report or alert chosen on the map (incidents open in the panel instead). */
export type MapSelectionTarget = { kind: 'unit'; unit: Unit } | { kind: 'report'; report: Report } | { kind: 'alert'; alert: Alert };

/** A small card over the map describing what was picked, kept live from the same data as the map. */
export function MapSelection({ target, now, onClose }: { target: MapSelectionTarget; now: number; onClose: () => void }) {
  const format = useCoordinateFormat();
  const where =
    target.kind === 'unit' ? unitLocation(target.unit) : target.kind === 'report' ? target.report.location : target.alert.location;
  return (
    <section
      aria-label="Chosen on the map"
      className="absolute inset-x-2 bottom-16 z-10 rounded-md border border-gold bg-surface/95 p-3 text-sm shadow-lg sm:left-auto sm:right-2 sm:w-80"
    >
      <button type="button" onClick={onClose} aria-label="Close" className="absolute right-1 top-1 rounded p-2 hover:bg-surface-raised">
        <X aria-hidden="true" className="size-4" />
      </button>
      {target.kind === 'unit' ? (
        <div className="space-y-1 pr-8">
          <p className="font-semibold">{`${target.unit.callsign} · ${UNIT_KIND_LABELS[target.unit.kind]}`}</p>
          {target.unit.emergency ? <p className="font-bold text-danger">SOS emergency</p> : <UnitStatusBadge status={target.unit.status} />}
          <p className={target.unit.position && isPositionStale(target.unit, now) ? 'text-warning' : undefined}>
            {target.unit.position ? `Position ${formatAge(target.unit.position.at, now)}` : 'No position reported'}
            {target.unit.position?.speed != null ? ` · ${Math.round(target.unit.position.speed * 3.6)} km/h` : ''}
          </p>
          <UnitLiveFeed unit={target.unit} />
        </div>
      ) : null}
      {target.kind === 'report' ? (
        <div className="space-y-1 pr-8">
          <p className="font-semibold">{`${target.report.kind === 'civic' ? 'Civic' : 'Field'} report · ${target.report.category}`}</p>
          <p className="font-mono text-xs text-ink-muted">{`${target.report.trackingCode} · ${formatAge(target.report.createdAt, now)}`}</p>
          <p className="line-clamp-3">{target.report.description}</p>
        </div>
      ) : null}
      {target.kind === 'alert' ? (
        <div className="space-y-1 pr-8">
          <p className="font-semibold">{target.alert.title}</p>
          <p className="text-ink-muted">{`${target.alert.severity} · ${target.alert.status} · ${formatAge(target.alert.createdAt, now)}`}</p>
          {target.alert.detail ? <p>{target.alert.detail}</p> : null}
        </div>
      ) : null}
      {where ? <p className="mt-1 font-mono text-xs">{formatReadings(where, format)}</p> : null}
    </section>
  );
}
