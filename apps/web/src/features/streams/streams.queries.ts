import { queryOptions } from '@tanstack/react-query';
import { StreamHealthResponse, StreamListResponse } from '@argus/contracts/http/streams';
import { api } from '../../lib/api';

/** Rooms come and go as people go live; a short poll keeps walls and multiviews current. */
export const STREAM_LIST_POLL_MS = 3_000;

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
      refetchInterval: STREAM_LIST_POLL_MS,
      staleTime: 0,
    }),
};
