import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Unit } from '@argus/contracts/http/units';
import { patchLive } from '../../lib/live-patch';

/**
 * A unit's live updates, for every page that lists units (the command map and roster, the field
 * unit's own screen): one rule for which copy of a unit is newest, and one upsert built on it.
 */

/**
 * Whether `next` is at least as new as `current`, the one rule by which copies of a unit replace
 * each other. The server stamps every change with its update time, so the later update wins; on
 * the same update time the later position fix does (or the same fix: a repeat changes nothing),
 * so a position shown never moves backwards.
 */
export function isNewerUnit(next: Unit, current: Unit): boolean {
  if (next.updatedAt !== current.updatedAt) return next.updatedAt > current.updatedAt;
  return (next.position?.at ?? 0) >= (current.position?.at ?? 0);
}

/**
 * The unit list with a batch of changed units applied: one pass, whatever the batch size, so
 * 10,000 units moving twice a second cost one new array per flush. Older news never overwrites
 * newer; units not yet listed are added at the end.
 */
export function upsertUnits(units: readonly Unit[], changes: Iterable<Unit>): Unit[] {
  const byId = new Map<string, Unit>();
  for (const change of changes) {
    const seen = byId.get(change.id);
    if (!seen || isNewerUnit(change, seen)) byId.set(change.id, change);
  }
  if (byId.size === 0) return units as Unit[];
  const next = units.map((unit) => {
    const change = byId.get(unit.id);
    if (!change) return unit;
    byId.delete(unit.id);
    return isNewerUnit(change, unit) ? change : unit;
  });
  for (const added of byId.values()) next.push(added);
  return next;
}

/** Applies changed units to a cached unit list (`{ units }`), waiting for a fetch in flight (see live-patch.ts). */
export function patchUnitList(queryClient: QueryClient, queryKey: QueryKey, changes: Iterable<Unit>): void {
  patchLive<{ units: Unit[] }>(queryClient, queryKey, (list) => ({ ...list, units: upsertUnits(list.units, changes) }));
}
