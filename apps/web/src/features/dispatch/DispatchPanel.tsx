import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { formatDistance } from '../../lib/geo/distance';
import { isPositionStale } from '../../lib/map/overlays/units';
import { formatAge } from '../../lib/time-format';
import { dispatchCapabilityQueries } from '../dispatch-capabilities/dispatch-capabilities.queries';
import { formatEta, neededCapabilities, rankAvailableUnits, type RankedUnit } from './dispatch-ranking';
import { UNIT_KIND_LABELS } from '../units/unit-labels';
import { useDispatchMutation } from './dispatch.mutations';

/** The API takes at most this many units in one dispatch. */
const MAX_UNITS_PER_DISPATCH = 20;
const SHOWN_AT_FIRST = 15;

export interface DispatchPanelProps {
  incident: Incident;
  units: readonly Unit[];
  now: number;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
}

/** Until the table arrives (or when it cannot be read) units are listed with distances only. */
const NO_TABLE = { unitKinds: [], categories: [] };

/**
 * Available units that can do what the incident's category needs first, then the others, each with
 * a straight-line ETA at its kind's speed (docs/decisions/0039-dispatch-by-capability.md); pick one
 * or more and assign them in one go.
 */
export function DispatchPanel({ incident, units, now, selected, onSelectedChange }: DispatchPanelProps) {
  const [showAll, setShowAll] = useState(false);
  const [dispatched, setDispatched] = useState<string | null>(null);
  const dispatch = useDispatchMutation();
  const capabilities = useQuery(dispatchCapabilityQueries.table());
  const table = capabilities.data ?? NO_TABLE;
  const needs = useMemo(() => neededCapabilities(incident.category, table), [incident.category, table]);
  const ranked = useMemo(
    () => rankAvailableUnits(units, incident.location, incident.category, table),
    [units, incident.location, incident.category, table],
  );
  const shown = showAll ? ranked : ranked.slice(0, SHOWN_AT_FIRST);
  const matching = shown.filter((entry) => entry.covers.length > 0);
  const others = shown.filter((entry) => entry.covers.length === 0);
  const isOver = incident.status === 'resolved' || incident.status === 'closed';
  // A unit chosen a moment ago may since have been taken by someone else: only available ones count.
  const chosen = ranked.filter((entry) => selected.has(entry.unit.id)).map((entry) => entry.unit);

  const toggle = (unitId: string) => {
    const next = new Set(selected);
    if (next.has(unitId)) next.delete(unitId);
    else next.add(unitId);
    onSelectedChange(next);
    setDispatched(null);
  };

  const handleDispatch = () => {
    if (chosen.length === 0) return;
    setDispatched(null);
    dispatch.mutate(
      { incidentId: incident.id, unitIds: chosen.map((unit) => unit.id) },
      {
        onSuccess: () => {
          setDispatched(`Dispatched ${chosen.map((unit) => unit.callsign).join(', ')} to ${incident.reference}.`);
          onSelectedChange(new Set());
        },
      },
    );
  };

  return (
    <section aria-labelledby="dispatch-heading" className="space-y-3">
      <h3 id="dispatch-heading" className="text-base font-semibold">
        Dispatch
      </h3>
      {isOver ? <p className="text-ink-muted">{`This incident is ${incident.status}; reopen it to dispatch units.`}</p> : null}
      {!isOver && ranked.length === 0 ? <p className="text-ink-muted">No unit is available right now.</p> : null}
      {!isOver && ranked.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm text-ink-muted">Available units, shortest ETA first</legend>
          {capabilities.isError ? (
            <p className="text-sm text-warning">{`Could not read the dispatch capabilities (${describeError(capabilities.error)}): distances only.`}</p>
          ) : null}
          {needs.length > 0 && matching.length === 0 ? (
            <p className="text-sm text-warning">{`No available unit has ${needs.join(' or ')}, which “${incident.category}” needs.`}</p>
          ) : null}
          <UnitChoices
            label={needs.length > 0 ? `Can do what “${incident.category}” needs (${needs.join(', ')})` : null}
            entries={matching}
            now={now}
            selected={selected}
            onToggle={toggle}
          />
          <UnitChoices
            label={needs.length > 0 ? 'Other available units' : null}
            entries={others}
            now={now}
            selected={selected}
            onToggle={toggle}
          />
          {ranked.length > SHOWN_AT_FIRST ? (
            <Button variant="ghost" onClick={() => setShowAll(!showAll)}>
              {showAll ? `Show the first ${SHOWN_AT_FIRST} only` : `Show all ${ranked.length} available units`}
            </Button>
          ) : null}
        </fieldset>
      ) : null}
      {chosen.length > MAX_UNITS_PER_DISPATCH ? (
        <p className="text-sm text-danger">{`Choose at most ${MAX_UNITS_PER_DISPATCH} units at once.`}</p>
      ) : null}
      {dispatch.isError ? <FormMessage tone="error">{`Could not dispatch: ${describeError(dispatch.error)}`}</FormMessage> : null}
      {dispatched ? <FormMessage tone="success">{dispatched}</FormMessage> : null}
      {!isOver && ranked.length > 0 ? (
        <Button
          onClick={handleDispatch}
          disabled={chosen.length === 0 || chosen.length > MAX_UNITS_PER_DISPATCH || dispatch.isPending}
          className="w-full"
        >
          {dispatch.isPending
            ? 'Dispatching...'
            : chosen.length === 0
              ? 'Choose units to dispatch'
              : `Dispatch ${chosen.length} ${chosen.length === 1 ? 'unit' : 'units'}`}
        </Button>
      ) : null}
    </section>
  );
}

interface UnitChoicesProps {
  /** The group's heading; null for the only group. */
  label: string | null;
  entries: readonly RankedUnit[];
  now: number;
  selected: ReadonlySet<string>;
  onToggle: (unitId: string) => void;
}

/** One group of ranked units, each a checkbox with its kind, what it covers, distance and ETA. */
function UnitChoices({ label, entries, now, selected, onToggle }: UnitChoicesProps) {
  if (entries.length === 0) return null;
  const list = (
    <ul aria-label={label ?? 'Available units'} className="divide-y divide-line rounded-md border border-line">
      {entries.map(({ unit, distanceM, etaMinutes, covers }) => {
        const stale = isPositionStale(unit, now);
        return (
          <li key={unit.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-raised">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-[var(--color-gold)]"
                checked={selected.has(unit.id)}
                onChange={() => onToggle(unit.id)}
              />
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{unit.callsign}</span>
                <span className="text-sm text-ink-muted">{` · ${UNIT_KIND_LABELS[unit.kind]}`}</span>
                {covers.length > 0 ? <span className="block text-sm text-success">{`Has ${covers.join(', ')}`}</span> : null}
                <span className="block text-sm">
                  {distanceM === null
                    ? 'No position reported'
                    : etaMinutes === null
                      ? formatDistance(distanceM)
                      : `${formatDistance(distanceM)} · ${formatEta(etaMinutes)}`}
                  {unit.position && stale ? (
                    <span className="text-warning">{` · position ${formatAge(unit.position.at, now)}`}</span>
                  ) : null}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
  if (!label) return list;
  return (
    <div className="space-y-1">
      <p className="text-sm font-semibold">{label}</p>
      {list}
    </div>
  );
}
