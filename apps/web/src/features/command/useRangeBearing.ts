import { useCallback, useMemo, useState } from 'react';
import type { Unit } from '@argus/contracts/http/units';
import { bearingDegrees, distanceMetres } from '../../lib/geo/distance';
import type { LatLon } from '../../lib/geo/mgrs';
import type { MapPick } from '../../lib/map/overlay';
import { unitLocation } from '../../lib/map/overlays/units';

/** One end of a range: a unit (followed as it moves) or a fixed place. */
export type RangeEnd = { kind: 'unit'; unitId: string } | { kind: 'place'; point: LatLon };

/** An end as it stands now: where it is and, for a unit, its callsign. */
export interface ResolvedEnd {
  point: LatLon;
  callsign: string | null;
}

export interface RangeMeasure {
  from: ResolvedEnd | null;
  to: ResolvedEnd | null;
  /** Great-circle distance in metres and initial true bearing in degrees, once both ends are known. */
  result: { metres: number; bearing: number } | null;
}

function resolve(end: RangeEnd | null, units: readonly Unit[]): ResolvedEnd | null {
  if (!end) return null;
  if (end.kind === 'place') return { point: end.point, callsign: null };
  const unit = units.find((candidate) => candidate.id === end.unitId);
  const point = unit ? unitLocation(unit) : null;
  return unit && point ? { point, callsign: unit.callsign } : null;
}

/**
 * The command map's range-and-bearing tool: the first click on a unit or a place is where to measure
 * from, the second where to; a third starts again. A unit end follows the unit's live position.
 */
export function useRangeBearing(units: readonly Unit[]) {
  const [active, setActiveState] = useState(false);
  const [ends, setEnds] = useState<{ from: RangeEnd | null; to: RangeEnd | null }>({ from: null, to: null });

  const setActive = useCallback((next: boolean) => {
    setActiveState(next);
    if (!next) setEnds({ from: null, to: null });
  }, []);

  const handlePick = useCallback((pick: MapPick) => {
    const end: RangeEnd =
      pick.feature?.overlayId === 'units' ? { kind: 'unit', unitId: pick.feature.id } : { kind: 'place', point: pick.location };
    setEnds((current) => (current.from && !current.to ? { from: current.from, to: end } : { from: end, to: null }));
  }, []);

  const measure = useMemo<RangeMeasure>(() => {
    const from = resolve(ends.from, units);
    const to = resolve(ends.to, units);
    const result = from && to ? { metres: distanceMetres(from.point, to.point), bearing: bearingDegrees(from.point, to.point) } : null;
    return { from, to, result };
  }, [ends, units]);

  return { active, setActive, handlePick, measure };
}
