import type { Location } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import type { UnitKind } from '@argus/contracts/units';
import { distanceMetres } from '../../lib/geo/distance';

/**
 * Rough average speeds for a straight-line ETA. Roads are longer than straight lines and traffic
 * varies, so the ETA is a ranking aid, labelled as rough wherever it is shown.
 */
export const ROUGH_SPEED_KMH: Record<UnitKind, number> = {
  patrol: 45,
  fire: 35,
  medical: 40,
  rescue: 35,
  hazmat: 30,
  command: 45,
  drone: 60,
  other: 40,
};

export interface RankedUnit {
  unit: Unit;
  /** Straight-line metres from the unit's last position; null when it has reported none. */
  distanceM: number | null;
  etaMinutes: number | null;
}

/** Units free to take a job: available and not in an emergency. */
export function isDispatchable(unit: Unit): boolean {
  return unit.status === 'available' && !unit.emergency;
}

/** Available units nearest first; those with no known position last, by callsign. */
export function rankAvailableUnits(units: readonly Unit[], target: Location): RankedUnit[] {
  const ranked: RankedUnit[] = [];
  for (const unit of units) {
    if (!isDispatchable(unit)) continue;
    if (!unit.position) {
      ranked.push({ unit, distanceM: null, etaMinutes: null });
      continue;
    }
    const distanceM = distanceMetres(unit.position.location, target);
    ranked.push({ unit, distanceM, etaMinutes: Math.max(1, Math.round((distanceM / 1000 / ROUGH_SPEED_KMH[unit.kind]) * 60)) });
  }
  return ranked.sort((a, b) => {
    if (a.distanceM === null || b.distanceM === null) {
      if (a.distanceM !== b.distanceM) return a.distanceM === null ? 1 : -1;
      return a.unit.callsign.localeCompare(b.unit.callsign);
    }
    return a.distanceM - b.distanceM;
  });
}

/** "about 7 min", "about 2 h 10 min". */
export function formatEta(minutes: number): string {
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `about ${hours} h ${rest} min` : `about ${hours} h`;
}
