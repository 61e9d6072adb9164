import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, LiveFrame } from '@argus/contracts/realtime/protocol';
import { useRealtime, useRealtimeStatus } from '../../lib/realtime';
import { overviewQueries } from '../overview/overview.queries';

const OVERVIEW_CHANNELS: Channel[] = ['incidents', 'units', 'reports', 'alerts'];
/** Frames that can change a count; positions, timelines and messages cannot. */
const COUNTED = new Set([
  'incident.created',
  'incident.updated',
  'unit.created',
  'unit.updated',
  'report.created',
  'report.updated',
  'alert.created',
  'alert.updated',
  'realtime.reset',
]);
/** A busy picture sends many frames a second; the counts are asked for again at most this often. */
const MIN_REFETCH_MS = 2_000;
const FALLBACK_REFRESH_MS = 15_000;

/**
 * Keeps the home counts current while they are shown: any incident, unit, report or alert
 * change refetches them (throttled); while the realtime connection is down they are fetched
 * again every 15 s instead.
 */
export function useOverviewLive(enabled: boolean): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastAt = useRef(0);

  const refetchSoon = () => {
    if (timer.current) return;
    const wait = Math.max(0, lastAt.current + MIN_REFETCH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      lastAt.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: overviewQueries.all });
    }, wait);
  };
  useRealtime(enabled ? OVERVIEW_CHANNELS : [], (frame: LiveFrame) => {
    if (COUNTED.has(frame.type)) refetchSoon();
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const status = useRealtimeStatus();
  useEffect(() => {
    if (!enabled) return undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: overviewQueries.all });
    if (status === 'open') {
      refresh();
      return undefined;
    }
    const interval = setInterval(refresh, FALLBACK_REFRESH_MS);
    return () => clearInterval(interval);
  }, [queryClient, enabled, status]);
}
