import { queryOptions } from '@tanstack/react-query';
import { UnitListResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';

/** Every unit the viewer may see (command: all), patched live by position and status frames. */
export const unitQueries = {
  all: ['units'] as const,
  list: () =>
    queryOptions({
      queryKey: [...unitQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/units', UnitListResponse, { signal }),
      select: (data) => data.units,
    }),
};
