import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../lib/realtime';
import { applyZone } from './zone-cache';
import { zoneQueries } from './zones.queries';

/** Keeps cached zones live from the "zones" channel; a reset refetches them. */
export function useZonesLive(): void {
  const queryClient = useQueryClient();
  useRealtime(['zones'], (frame) => {
    if (frame.type === 'zone.created' || frame.type === 'zone.updated') applyZone(queryClient, frame.data);
    else if (frame.type === 'realtime.reset') void queryClient.invalidateQueries({ queryKey: zoneQueries.all });
  });
}
