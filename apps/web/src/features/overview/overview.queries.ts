import { queryOptions } from '@tanstack/react-query';
import { OverviewResponse } from '@argus/contracts/http/overview';
import { api } from '../../lib/api';

/** The live counts of the home page (command and analysts only: the API answers 403 to others). */
export const overviewQueries = {
  all: ['overview'] as const,
  counts: () =>
    queryOptions({
      queryKey: [...overviewQueries.all, 'counts'] as const,
      queryFn: ({ signal }) => api.get('/overview', OverviewResponse, { signal }),
    }),
};
