import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../lib/realtime';
import { applyStreamFrame } from './stream-cache';
import { streamQueries } from './streams.queries';

/**
 * The rooms this user may watch, kept current by the realtime "streams" channel (a publisher
 * going live, leaving, viewers joining, a room closing); the list's slow poll is only a safety net.
 */
export function useStreamRooms() {
  const queryClient = useQueryClient();
  useRealtime(['streams'], (frame) => applyStreamFrame(queryClient, frame));
  return useQuery(streamQueries.list());
}
