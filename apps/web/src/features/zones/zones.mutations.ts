import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CommitImportResponse,
  ImportPreviewResponse,
  ZoneImportResponse,
  ZoneResponse,
  type CommitImportRequest,
  type CreateZoneRequest,
  type UpdateZoneRequest,
} from '@argus/contracts/http/zones';
import { api, apiRequest } from '../../lib/api';
import { applyZone } from './zone-cache';
import { zoneQueries } from './zones.queries';

export function useCreateZoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateZoneRequest) => api.post('/zones', request, ZoneResponse),
    onSuccess: ({ zone }) => applyZone(queryClient, zone),
  });
}

export function useUpdateZoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateZoneRequest }) =>
      api.patch(`/zones/${encodeURIComponent(id)}`, changes, ZoneResponse),
    onSuccess: ({ zone }) => applyZone(queryClient, zone),
  });
}

/** Sends the file's bytes as they are: the server sniffs the format from the content. */
export function usePreviewImportMutation() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest(`/zones/import/preview?filename=${encodeURIComponent(file.name.slice(0, 255))}`, {
        method: 'POST',
        kind: 'upload',
        raw: { body: file, contentType: 'application/octet-stream' },
        schema: ImportPreviewResponse,
      }),
  });
}

export function useCommitImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Partial<CommitImportRequest> & { previewId: string }) => api.post('/zones/import', request, CommitImportResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zoneQueries.all }),
  });
}

export function useUndoImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/zones/imports/${encodeURIComponent(id)}/undo`, {}, ZoneImportResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zoneQueries.all }),
  });
}
