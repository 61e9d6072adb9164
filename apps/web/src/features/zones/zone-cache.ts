import type { QueryClient } from '@tanstack/react-query';
import type { Zone, ZoneListResponse } from '@argus/contracts/http/zones';
import type { z } from 'zod';
import { zoneQueries } from './zones.queries';
import { patchLive } from '../../lib/live-patch';

type ZoneList = z.infer<typeof ZoneListResponse>;
const byName = (a: Zone, b: Zone) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** A zone into a list: replaced when newer, added when new, dropped when the list shows active zones only and it is not. */
export function upsertZone(list: ZoneList, zone: Zone, { activeOnly }: { activeOnly: boolean }): ZoneList {
  const current = list.zones.find((candidate) => candidate.id === zone.id);
  if (current && current.updatedAt > zone.updatedAt) return list;
  const others = list.zones.filter((candidate) => candidate.id !== zone.id);
  return { zones: activeOnly && !zone.active ? others : [...others, zone].sort(byName) };
}

/** Writes a zone (from a mutation or a zone.created/zone.updated frame) into every cached zone list. */
export function applyZone(queryClient: QueryClient, zone: Zone): void {
  patchLive<ZoneList>(queryClient, zoneQueries.list().queryKey, (list) => upsertZone(list, zone, { activeOnly: false }));
  patchLive<ZoneList>(queryClient, zoneQueries.active().queryKey, (list) => upsertZone(list, zone, { activeOnly: true }));
  void queryClient.invalidateQueries({ queryKey: zoneQueries.detail(zone.id).queryKey });
}
