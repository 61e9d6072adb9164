import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@argus/contracts/constants';
import { BasemapResponse, type CreateOnlineBasemapRequest, type UpdateBasemapRequest } from '@argus/contracts/http/basemaps';
import { api, apiRequest } from '../../lib/api';
import { basemapQueries } from './basemaps.queries';

const basemapPath = (id: string) => `/basemaps/${encodeURIComponent(id)}`;

/**
 * The slowest link an upload is given time for: 1 MB a second. A region's street extract is hundreds
 * of MB (docs/decisions/0029-basemaps-served-by-argus.md), far past the usual upload timeout.
 */
const SLOWEST_BYTES_PER_MS = (1024 * 1024) / 1000;

/** How long an archive of `size` bytes may take to go up: the usual upload timeout, or longer for a large one. */
export function uploadTimeoutFor(size: number): number {
  return Math.max(API.uploadTimeoutMs, Math.ceil(size / SLOWEST_BYTES_PER_MS));
}

/** Every change moves the whole list (order, default), and every map reads it: all of it is read again. */
function useInvalidateBasemaps() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: basemapQueries.all });
}

export interface UploadBasemapVariables {
  name: string;
  file: File;
  /** Cancels the upload (the person chose "Cancel upload"). */
  signal?: AbortSignal;
}

/** The archive goes up as the raw body, streamed to disk by the server, like evidence; its name rides in the query. */
export function useUploadBasemapMutation() {
  const invalidate = useInvalidateBasemaps();
  return useMutation({
    mutationFn: ({ name, file, signal }: UploadBasemapVariables) =>
      apiRequest(`/basemaps?${new URLSearchParams({ name, filename: file.name.slice(0, 255) })}`, {
        method: 'POST',
        kind: 'upload',
        timeoutMs: uploadTimeoutFor(file.size),
        raw: { body: file, contentType: 'application/octet-stream' },
        schema: BasemapResponse,
        signal,
      }),
    onSuccess: invalidate,
  });
}

/** An online source: JSON to the same endpoint; the browser, not Argus, will fetch its tiles. */
export function useCreateOnlineBasemapMutation() {
  const invalidate = useInvalidateBasemaps();
  return useMutation({
    mutationFn: (request: CreateOnlineBasemapRequest) => api.post('/basemaps', request, BasemapResponse),
    onSuccess: invalidate,
  });
}

/** Rename, move to a place in the order, or make the default. */
export function useUpdateBasemapMutation() {
  const invalidate = useInvalidateBasemaps();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateBasemapRequest }) => api.patch(basemapPath(id), changes, BasemapResponse),
    onSuccess: invalidate,
  });
}

export function useDeleteBasemapMutation() {
  const invalidate = useInvalidateBasemaps();
  return useMutation({
    mutationFn: (id: string) => api.delete(basemapPath(id)),
    onSuccess: invalidate,
  });
}
