import type { Location } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import type { DispatchCapabilities } from '@argus/contracts/http/dispatch-capabilities';
import { distanceMetres } from '../../lib/geo/distance';

/**
 * Dispatch advice by capability (docs/decisions/0039-dispatch-by-capability.md). Vocabulary: a
 * category rule *applies* to an incident when its words appear, in order, in the incident's free-text
 * category; the incident *needs* every capability of the rules that apply; a unit *matches* when its
 * kind has at least one of them. Matching units come first, then the rest, each group by the shortest
 * straight-line ETA at the kind's typical speed, or by distance where there is no ETA (the table not
 * read yet, or unreadable); units that reported no position go last.
 */

export interface RankedUnit {
  unit: Unit;
  /** Straight-line metres from the unit's last position; null when it has reported none. */
  distanceM: number | null;
  /** Whole minutes (at least one) at the kind's typical speed; null without a position or speed. */
  etaMinutes: number | null;
  /** The needed capabilities this unit's kind has; empty when it has none of them. */
  covers: string[];
}

/** Units free to take a job: available and not in an emergency. */
export function isDispatchable(unit: Unit): boolean {
  return unit.status === 'available' && !unit.emergency;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether `phrase`'s words appear together, in order, among `category`'s words. */
function mentions(category: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= category.length; start += 1) {
    if (phrase.every((word, offset) => category[start + offset] === word)) return true;
  }
  return false;
}

/** The capabilities an incident of this free-text category needs: "vehicle fire" needs what "fire" needs. */
export function neededCapabilities(category: string, table: Pick<DispatchCapabilities, 'categories'>): string[] {
  const categoryWords = words(category);
  const needs = new Set<string>();
  for (const rule of table.categories) {
    if (mentions(categoryWords, words(rule.category))) rule.needs.forEach((need) => needs.add(need));
  }
  return [...needs];
}

/** Ranks the dispatchable units for an incident of `category` at `target`. */
export function rankAvailableUnits(
  units: readonly Unit[],
  target: Location,
  category: string,
  table: Pick<DispatchCapabilities, 'categories' | 'unitKinds'>,
): RankedUnit[] {
  const needs = neededCapabilities(category, table);
  const kinds = new Map(table.unitKinds.map((entry) => [entry.kind, entry]));
  const ranked: (RankedUnit & { hours: number | null })[] = [];
  for (const unit of units) {
    if (!isDispatchable(unit)) continue;
    const kind = kinds.get(unit.kind);
    const covers = needs.filter((need) => kind?.capabilities.includes(need));
    const distanceM = unit.position ? distanceMetres(unit.position.location, target) : null;
    const hours = distanceM !== null && kind ? distanceM / 1000 / kind.speedKmh : null;
    const etaMinutes = hours === null ? null : Math.max(1, Math.round(hours * 60));
    ranked.push({ unit, distanceM, etaMinutes, covers, hours });
  }
  ranked.sort((a, b) => {
    const matchFirst = Number(b.covers.length > 0) - Number(a.covers.length > 0);
    if (matchFirst !== 0) return matchFirst;
    if (a.hours !== null && b.hours !== null && a.hours !== b.hours) return a.hours - b.hours;
    if ((a.hours === null) !== (b.hours === null)) return a.hours === null ? 1 : -1;
    // No ETA for either (the table not read yet or unreadable, a kind without a speed): the nearer first.
    if (a.distanceM !== null && b.distanceM !== null && a.distanceM !== b.distanceM) return a.distanceM - b.distanceM;
    if ((a.distanceM === null) !== (b.distanceM === null)) return a.distanceM === null ? 1 : -1;
    return a.unit.callsign.localeCompare(b.unit.callsign);
  });
  return ranked.map(({ hours: _hours, ...entry }) => entry);
}

/** "≈ 7 min straight-line", "≈ 2 h 10 min straight-line": never read as a routed arrival time. */
export function formatEta(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const span = minutes < 60 ? `${minutes} min` : rest ? `${hours} h ${rest} min` : `${hours} h`;
  return `≈ ${span} straight-line`;
}
