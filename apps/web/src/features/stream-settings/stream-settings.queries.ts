import { queryOptions } from '@tanstack/react-query';
import { StreamDefaultsResponse, StreamPlatformResponse } from '@argus/contracts/http/stream-settings';
import { api } from '../../lib/api';

/** My publishing defaults and the platform's settings, each under its own key. */
export const streamSettingsKeys = {
  mine: ['stream-settings', 'me'] as const,
  platform: ['stream-settings', 'platform'] as const,
};

/** Reads of my defaults and of the platform's streaming settings (ICE servers). */
export const streamSettingsQueries = {
  mine: () =>
    queryOptions({
      queryKey: streamSettingsKeys.mine,
      queryFn: ({ signal }) => api.get('/stream-settings/me', StreamDefaultsResponse, { signal }),
    }),
  platform: () =>
    queryOptions({
      queryKey: streamSettingsKeys.platform,
      queryFn: ({ signal }) => api.get('/stream-settings/platform', StreamPlatformResponse, { signal }),
    }),
};
