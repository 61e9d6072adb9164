import { queryOptions } from '@tanstack/react-query';
import { StreamHealthResponse, StreamListResponse } from '@argus/contracts/http/streams';
import { api } from '../../lib/api';

/**
 * Rooms come and go as people go live; the realtime "streams" channel (useStreamRooms) keeps
 * walls and multiviews current, so the list is re-read only as a safety net.
 */
export const STREAM_LIST_POLL_MS = 30_000;
/** Health figures (bitrate, fps, loss) change all the time and are only read over HTTP. */
export const STREAM_HEALTH_POLL_MS = 5_000;

export const streamKeys = {
  all: ['streams'] as const,
  list: ['streams', 'list'] as const,
  health: ['streams', 'health'] as const,
};

export const streamQueries = {
  list: () =>
    queryOptions({
      queryKey: streamKeys.list,
      queryFn: ({ signal }) => api.get('/stream/list', StreamListResponse, { signal }),
      select: (data) => data.rooms,
      refetchInterval: STREAM_LIST_POLL_MS,
      staleTime: 0,
    }),
  health: () =>
    queryOptions({
      queryKey: streamKeys.health,
      queryFn: ({ signal }) => api.get('/stream/health', StreamHealthResponse, { signal }),
      refetchInterval: STREAM_HEALTH_POLL_MS,
      staleTime: 0,
    }),
};
