import type { Unit } from '@argus/contracts/http/units';

/** Whether `next` is newer than `current`: by update time, then by position time. */
function isNewer(next: Unit, current: Unit): boolean {
  if (next.updatedAt !== current.updatedAt) return next.updatedAt > current.updatedAt;
  return (next.position?.at ?? 0) >= (current.position?.at ?? 0);
}

/**
 * The unit list with a batch of changed units applied: one pass, whatever the batch size, so
 * 10,000 units moving twice a second cost one new array per flush. Older news never overwrites newer.
 */
export function upsertUnits(units: readonly Unit[], changes: Iterable<Unit>): Unit[] {
  const byId = new Map<string, Unit>();
  for (const change of changes) {
    const seen = byId.get(change.id);
    if (!seen || isNewer(change, seen)) byId.set(change.id, change);
  }
  if (byId.size === 0) return units as Unit[];
  const next = units.map((unit) => {
    const change = byId.get(unit.id);
    if (!change) return unit;
    byId.delete(unit.id);
    return isNewer(change, unit) ? change : unit;
  });
  for (const added of byId.values()) next.push(added);
  return next;
}
