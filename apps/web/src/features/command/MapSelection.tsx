import { X } from 'lucide-react';
import { Link } from 'react-router';
import type { Alert } from '@argus/contracts/http/alerts';
import type { Report } from '@argus/contracts/http/reports';
import type { TakContact } from '@argus/contracts/http/tak';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import type { Unit } from '@argus/contracts/http/units';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatReadings } from '../../lib/geo/format-coordinate';
import { isTakContactStale } from '../../lib/map/overlays/tak-contacts';
import { isPositionStale, unitLocation } from '../../lib/map/overlays/units';
import { formatAge } from '../../lib/time-format';
import { UnitStatusBadge } from '../units/UnitStatusBadge';
import { UNIT_KIND_LABELS } from '../units/unit-labels';
import { TakPointCard } from './TakPointCard';
import { UnitLiveFeed } from './UnitLiveFeed';
import { OFFLINE_AREA_SENDERS } from '@argus/contracts/policies/offline-areas';
import { mayBindTakContacts, mayManageTakCertificates } from '@argus/contracts/policies/tak';
import type { MapLibreMap } from '../../lib/map/maplibre';
import { useAuth } from '../auth/auth-context';
import { SendOfflineAreaPanel } from '../offline-areas/SendOfflineAreaPanel';

/** A unit, report, alert, TAK device or TAK point chosen on the map (incidents open in the panel instead). */
export type MapSelectionTarget =
  | { kind: 'unit'; unit: Unit }
  | { kind: 'report'; report: Report }
  | { kind: 'alert'; alert: Alert }
  | { kind: 'tak-contact'; contact: TakContact }
  | { kind: 'tak-point'; point: TakPoint };

/** A small card over the map describing what was picked, kept live from the same data as the map. */
export function MapSelection({
  target,
  now,
  onClose,
  map,
  onDrawingChange,
}: {
  target: MapSelectionTarget;
  now: number;
  onClose: () => void;
  /** The command map, for sending a unit's phone an area of it. */
  map: MapLibreMap | null;
  onDrawingChange: (drawing: boolean) => void;
}) {
  const format = useCoordinateFormat();
  const role = useAuth().user?.role;
  const where = locationOf(target);
  return (
    <section
      aria-label="Chosen on the map"
      className="absolute inset-x-2 bottom-16 z-10 max-h-[70%] overflow-y-auto rounded-md border border-gold bg-surface/95 p-3 text-sm shadow-lg sm:left-auto sm:right-2 sm:w-80"
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
          {role && OFFLINE_AREA_SENDERS.includes(role as (typeof OFFLINE_AREA_SENDERS)[number]) ? (
            <SendOfflineAreaPanel unit={target.unit} map={map} onDrawingChange={onDrawingChange} />
          ) : null}
          {mayManageTakCertificates(role) && target.unit.members.length > 0 ? (
            <Link to={`/settings?enrolUnit=${encodeURIComponent(target.unit.id)}#tak-certificates`} className="block text-gold underline">
              Enrol a TAK device
            </Link>
          ) : null}
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
      {target.kind === 'tak-contact' ? (
        <div className="space-y-1 pr-8">
          <p className="font-semibold">{`${target.contact.callsign} · TAK device`}</p>
          <p className="break-all font-mono text-xs text-ink-muted">{`${target.contact.uid} · ${target.contact.cotType}`}</p>
          <p className={isTakContactStale(target.contact, now) ? 'text-warning' : undefined}>
            {`Last heard ${formatAge(target.contact.lastSeen, now)}`}
            {target.contact.battery !== null ? ` · battery ${target.contact.battery}%` : ''}
          </p>
          {mayBindTakContacts(role) ? (
            <p className="text-ink-muted">
              {'Bound to no unit: bind it to one in '}
              <Link to="/settings#tak-devices" className="text-gold underline">
                Settings › TAK devices
              </Link>
            </p>
          ) : (
            <p className="text-ink-muted">Bound to no unit: an administrator binds it in Settings › TAK devices.</p>
          )}
        </div>
      ) : null}
      {target.kind === 'tak-point' ? <TakPointCard point={target.point} now={now} /> : null}
      {where ? <p className="mt-1 font-mono text-xs">{formatReadings(where, format)}</p> : null}
    </section>
  );
}

function locationOf(target: MapSelectionTarget): { lat: number; lon: number } | null {
  switch (target.kind) {
    case 'unit':
      return unitLocation(target.unit);
    case 'report':
      return target.report.location;
    case 'alert':
      return target.alert.location;
    case 'tak-contact':
      return target.contact.location;
    case 'tak-point':
      return target.point.location;
  }
}
