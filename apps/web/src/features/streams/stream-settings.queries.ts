import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  StreamDefaultsResponse,
  StreamPlatformResponse,
  type UpdateStreamDefaultsRequest,
  type UpdateStreamPlatformRequest,
} from '@argus/contracts/http/stream-settings';
import { api } from '../../lib/api';

export const streamSettingsKeys = {
  mine: ['stream-settings', 'me'] as const,
  platform: ['stream-settings', 'platform'] as const,
};

export const streamSettingsQueries = {
  mine: () => queryOptions({ queryKey: streamSettingsKeys.mine, queryFn: ({ signal }) => api.get('/stream-settings/me', StreamDefaultsResponse, { signal }) }),
  platform: () => queryOptions({ queryKey: streamSettingsKeys.platform, queryFn: ({ signal }) => api.get('/stream-settings/platform', StreamPlatformResponse, { signal }) }),
};

export function useUpdateStreamDefaultsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateStreamDefaultsRequest) => api.patch('/stream-settings/me', changes, StreamDefaultsResponse),
    onSuccess: (answer) => queryClient.setQueryData(streamSettingsKeys.mine, answer),
  });
}

export function useUpdateStreamPlatformMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateStreamPlatformRequest) => api.patch('/stream-settings/platform', changes, StreamPlatformResponse),
    onSuccess: (answer) => queryClient.setQueryData(streamSettingsKeys.platform, answer),
  });
}
