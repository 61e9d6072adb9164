import { queryOptions } from '@tanstack/react-query';
import { HEALTH_CHECK_INTERVAL_MS } from '@argus/contracts/constants';
import { HealthResponse, StatusResponse } from '@argus/contracts/http/platform';
import { api } from '../../lib/api';
import { OpenApiDocument } from './openapi';

/** Health, status and the API reference: public endpoints every site may read. */
export const platformQueries = {
  all: ['platform'] as const,
  health: () =>
    queryOptions({
      queryKey: [...platformQueries.all, 'health'],
      // A 503 carries the health that makes the server not ready (the database is down): shown as "Degraded".
      queryFn: ({ signal }) => api.get('/health', HealthResponse, { signal, answerStatuses: [503] }),
      refetchInterval: HEALTH_CHECK_INTERVAL_MS,
      // The indicator must turn "Offline" at once; the next poll is the retry.
      retry: false,
      staleTime: 0,
    }),
  status: () =>
    queryOptions({
      queryKey: [...platformQueries.all, 'status'],
      queryFn: ({ signal }) => api.get('/status', StatusResponse, { signal }),
      refetchInterval: HEALTH_CHECK_INTERVAL_MS,
      staleTime: 0,
    }),
  openApi: () =>
    queryOptions({
      queryKey: [...platformQueries.all, 'openapi'],
      queryFn: ({ signal }) => api.get('/openapi.json', OpenApiDocument, { signal }),
    }),
};
