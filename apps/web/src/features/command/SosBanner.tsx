import { useState } from 'react';
import { MapPin, Siren } from 'lucide-react';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { describeError } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatReadings } from '../../lib/geo/format-coordinate';
import { unitLocation } from '../../lib/map/overlays/units';
import { clockTime, formatAge, formatClock } from '../../lib/time-format';
import { useAcknowledgeSosMutation, useClearSosMutation } from '../units/units.mutations';

export interface SosBannerProps {
  units: readonly Unit[];
  now: number;
  onShowOnMap: (unit: Unit) => void;
}

/**
 * Every unit in SOS, above everything else on the page, until command clears it (a sticky
 * emergency that overrides everything: docs/decisions/0015-assignment-milestones-and-sticky-sos.md). Clearing asks for a second press.
 */
export function SosBanner({ units, now, onShowOnMap }: SosBannerProps) {
  const emergencies = units.filter((unit) => unit.emergency).sort((a, b) => a.emergency!.since - b.emergency!.since);
  if (emergencies.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="sos-heading"
      className="mb-3 space-y-2 rounded-lg border-2 border-[#ff1f3d] bg-danger-surface p-3 text-white"
    >
      <h2 id="sos-heading" className="flex items-center gap-2 text-lg font-bold">
        <Siren aria-hidden="true" className="size-6 motion-safe:animate-pulse" />
        {emergencies.length === 1 ? 'SOS: a unit needs help' : `SOS: ${emergencies.length} units need help`}
      </h2>
      <ul className="space-y-2">
        {emergencies.map((unit) => (
          <SosRow key={unit.id} unit={unit} now={now} onShowOnMap={onShowOnMap} />
        ))}
      </ul>
    </section>
  );
}

function SosRow({ unit, now, onShowOnMap }: { unit: Unit; now: number; onShowOnMap: (unit: Unit) => void }) {
  const [confirming, setConfirming] = useState(false);
  const clear = useClearSosMutation();
  const acknowledge = useAcknowledgeSosMutation();
  const since = unit.emergency!.since;
  const seen = unit.emergency!.seen;
  const where = unitLocation(unit);
  const format = useCoordinateFormat();
  return (
    <li className="flex flex-col gap-2 rounded-md bg-black/25 p-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-bold">{`${unit.callsign} — since ${formatClock(since, now)} (${formatAge(since, now)})`}</p>
        <p className="font-mono text-sm">{where ? formatReadings(where, format) : 'Position unknown'}</p>
        {seen ? (
          <p className="text-sm">{`Acknowledged by ${seen.by} at ${clockTime(seen.at, true)}: the crew sees it was seen.`}</p>
        ) : (
          <p className="text-sm font-semibold">Not acknowledged yet: the crew does not know command has seen it.</p>
        )}
        {clear.isError ? <p className="text-sm font-semibold">{`Could not clear: ${describeError(clear.error)}`}</p> : null}
        {acknowledge.isError ? (
          <p className="text-sm font-semibold">{`Could not acknowledge: ${describeError(acknowledge.error)}`}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {seen ? null : (
          <Button variant="secondary" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(unit.id)}>
            {acknowledge.isPending ? 'Acknowledging...' : `Acknowledge ${unit.callsign} SOS`}
          </Button>
        )}
        {where ? (
          <Button variant="secondary" onClick={() => onShowOnMap(unit)}>
            <MapPin aria-hidden="true" className="size-4" />
            {`Show ${unit.callsign}`}
          </Button>
        ) : null}
        {confirming ? (
          <>
            <Button variant="danger" className="border-white" disabled={clear.isPending} onClick={() => clear.mutate(unit.id)}>
              {clear.isPending ? 'Clearing...' : `Confirm: clear ${unit.callsign} SOS`}
            </Button>
            <Button variant="ghost" className="text-white" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>{`Clear SOS for ${unit.callsign}`}</Button>
        )}
      </div>
    </li>
  );
}
