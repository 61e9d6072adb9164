import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  StreamDefaultsResponse,
  StreamPlatformResponse,
  type UpdateStreamDefaultsRequest,
  type UpdateStreamPlatformRequest,
} from '@argus/contracts/http/stream-settings';
import { api } from '../../lib/api';
import { streamSettingsKeys } from './stream-settings.queries';

/** Saves my publishing defaults; the answer replaces the cached ones. */
export function useUpdateStreamDefaultsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateStreamDefaultsRequest) => api.patch('/stream-settings/me', changes, StreamDefaultsResponse),
    onSuccess: (answer) => queryClient.setQueryData(streamSettingsKeys.mine, answer),
  });
}

/** Saves the platform's streaming settings (ICE servers); the answer replaces the cached ones. */
export function useUpdateStreamPlatformMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateStreamPlatformRequest) => api.patch('/stream-settings/platform', changes, StreamPlatformResponse),
    onSuccess: (answer) => queryClient.setQueryData(streamSettingsKeys.platform, answer),
  });
}
