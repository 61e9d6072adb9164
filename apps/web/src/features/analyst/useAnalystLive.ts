import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@argus/contracts/realtime/protocol';
import { useRealtime, useRealtimeStatus } from '../../lib/realtime';
import { incidentQueries } from '../incidents/incidents.queries';
import { reportQueries } from '../reports/reports.queries';
import { applyAnalystFrame } from './analyst-cache';

/** What the console follows: new and changed reports (with their locks) and incidents (with their notes). */
const ANALYST_CHANNELS: Channel[] = ['reports', 'incidents'];
/** While the realtime connection is down, the console asks again this often. */
const FALLBACK_REFRESH_MS = 15_000;

/**
 * Keeps the console live: realtime frames patch the queue, the open report, its nearby lists,
 * the open incidents and their notes. Whenever the connection (re)opens the lists are fetched
 * once more, covering anything between the first fetch and the subscription; while it is down
 * they are fetched again every 15 s, so a blocked socket leaves the console slow, not stale.
 */
export function useAnalystLive(): void {
  const queryClient = useQueryClient();
  useRealtime(ANALYST_CHANNELS, (frame) => applyAnalystFrame(queryClient, frame));
  const status = useRealtimeStatus();

  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: reportQueries.triageQueues() });
      void queryClient.invalidateQueries({ queryKey: reportQueries.details() });
      void queryClient.invalidateQueries({ queryKey: incidentQueries.open().queryKey });
    };
    if (status === 'open') {
      refresh();
      return undefined;
    }
    const timer = setInterval(refresh, FALLBACK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [queryClient, status]);
}
