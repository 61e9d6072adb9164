import { queryOptions } from '@tanstack/react-query';
import { DeviceListResponse } from '@argus/contracts/http/devices';
import { api } from '../../lib/api';

/** Registered wall displays and trackers (docs/decisions/0051-device-sessions-and-retention.md). */
export const deviceQueries = {
  all: ['devices'] as const,
  list: () =>
    queryOptions({
      queryKey: [...deviceQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/devices', DeviceListResponse, { signal }),
      select: (data) => data.devices,
    }),
};
