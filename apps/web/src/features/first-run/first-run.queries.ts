import { queryOptions } from '@tanstack/react-query';
import { FIRST_RUN_PATH, FirstRunResponse, FirstRunStatus, type FirstRunRequest } from '@argus/contracts/http/first-run';
import { api } from '../../lib/api';

/** Whether this install still waits for its first administrator (docs/decisions/0045-first-run-setup-code.md). */
export const firstRunQueries = {
  status: () =>
    queryOptions({
      queryKey: ['first-run'] as const,
      queryFn: () => api.get(FIRST_RUN_PATH, FirstRunStatus, { ignoreSessionEnd: true }),
      // A failure means the page offers only what it always does: signing in.
      retry: false,
    }),
};

export const firstRunApi = {
  create: (request: FirstRunRequest) => api.post(FIRST_RUN_PATH, request, FirstRunResponse, { ignoreSessionEnd: true }),
};
