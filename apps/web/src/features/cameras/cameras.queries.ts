import { queryOptions } from '@tanstack/react-query';
import { CameraListResponse } from '@argus/contracts/http/cameras';
import { api } from '../../lib/api';

/**
 * Registry and health changes arrive on the realtime "cameras" channel (useCamerasLive); the
 * registry is re-read this often only as a safety net.
 */
export const CAMERA_REFRESH_MS = 30_000;

/** The registry with each camera's health, including deactivated ones so they can be reactivated. */
export const cameraQueries = {
  all: ['cameras'] as const,
  list: () =>
    queryOptions({
      queryKey: [...cameraQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/cameras?includeInactive=true', CameraListResponse, { signal }),
      select: (data) => data.cameras,
      refetchInterval: CAMERA_REFRESH_MS,
    }),
};
