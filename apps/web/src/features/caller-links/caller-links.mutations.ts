import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CallerLinkResponse, CreateCallerLinkResponse, type CreateCallerLinkRequest } from '@argus/contracts/http/caller-links';
import { api } from '../../lib/api';
import { patchCallerLink } from './caller-links.live';

export function useCreateCallerLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, body }: { incidentId: string; body: CreateCallerLinkRequest }) =>
      api.post(`/incidents/${encodeURIComponent(incidentId)}/caller-links`, body, CreateCallerLinkResponse),
    onSuccess: ({ link }) => patchCallerLink(queryClient, link),
  });
}

export function useRevokeCallerLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, linkId }: { incidentId: string; linkId: string }) =>
      api.post(`/incidents/${encodeURIComponent(incidentId)}/caller-links/${encodeURIComponent(linkId)}/revoke`, {}, CallerLinkResponse),
    onSuccess: ({ link }) => patchCallerLink(queryClient, link),
  });
}
