import { useId, useMemo, useState } from 'react';
import { Siren } from 'lucide-react';
import { UNIT_STATUSES, type UnitStatus } from '@argus/contracts/units';
import type { Unit } from '@argus/contracts/http/units';
import { cn } from '../../lib/class-names';
import { isPositionStale } from '../../lib/map/overlays/units';
import { formatAge } from '../../lib/time-format';
import { UNIT_STATUS_LABELS } from './unit-labels';
import { UnitStatusBadge } from './UnitStatusBadge';

/** Rows drawn at once; with thousands of units the filter narrows the rest down. */
const MAX_ROWS = 100;

/** Units in SOS first, then by status (available first) and callsign. */
export function sortRoster(units: readonly Unit[]): Unit[] {
  return [...units].sort(
    (a, b) =>
      Number(Boolean(b.emergency)) - Number(Boolean(a.emergency)) ||
      UNIT_STATUSES.indexOf(a.status) - UNIT_STATUSES.indexOf(b.status) ||
      a.callsign.localeCompare(b.callsign),
  );
}

export interface UnitRosterProps {
  units: readonly Unit[];
  now: number;
  onShowOnMap: (unit: Unit) => void;
}

/** Every unit with its status and how old its position is; emergencies first. */
export function UnitRoster({ units, now, onShowOnMap }: UnitRosterProps) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<UnitStatus | ''>('');
  const searchId = useId();
  const statusId = useId();
  const sorted = useMemo(() => sortRoster(units), [units]);
  const matching = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return sorted.filter((unit) => (!status || unit.status === status) && (!needle || unit.callsign.toLowerCase().includes(needle)));
  }, [sorted, text, status]);
  const rows = matching.slice(0, MAX_ROWS);

  return (
    <section aria-labelledby="roster-heading" className="space-y-3">
      <h2 id="roster-heading" className="text-lg font-semibold">{`Units (${units.length})`}</h2>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            Callsign
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="min-h-11 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as UnitStatus | '')}
            className="min-h-11 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink"
          >
            <option value="">Any</option>
            {UNIT_STATUSES.map((option) => (
              <option key={option} value={option}>
                {UNIT_STATUS_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {matching.length > MAX_ROWS ? (
        <p className="text-sm text-ink-muted">{`Showing ${MAX_ROWS} of ${matching.length}; narrow the list with the filters.`}</p>
      ) : null}
      {units.length === 0 ? <p className="text-ink-muted">No units yet.</p> : null}
      {units.length > 0 && matching.length === 0 ? <p className="text-ink-muted">No unit matches.</p> : null}
      {rows.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Units, emergencies first</caption>
          <thead>
            <tr className="border-b border-line text-ink-muted">
              <th scope="col" className="py-2 pr-2 font-medium">
                Callsign
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 font-medium">
                Position
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((unit) => (
              <tr key={unit.id} className={cn('border-b border-line', unit.emergency && 'bg-danger-surface text-white')}>
                <td className="py-1 pr-2">
                  <button
                    type="button"
                    disabled={!unit.position && !unit.emergency?.location}
                    onClick={() => onShowOnMap(unit)}
                    aria-label={`Show ${unit.callsign} on the map`}
                    className="inline-flex min-h-11 items-center gap-1 rounded font-semibold underline-offset-2 hover:underline disabled:no-underline disabled:opacity-80"
                  >
                    {unit.emergency ? <Siren aria-hidden="true" className="size-4" /> : null}
                    {unit.callsign}
                  </button>
                </td>
                <td className="py-1 pr-2">{unit.emergency ? <strong>SOS</strong> : <UnitStatusBadge status={unit.status} />}</td>
                <td className={cn('py-1', unit.position && isPositionStale(unit, now) && !unit.emergency && 'text-warning')}>
                  {unit.position ? formatAge(unit.position.at, now) : 'none'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
