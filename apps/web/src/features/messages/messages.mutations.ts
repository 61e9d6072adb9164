import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '@argus/contracts/http/messages';
import { api } from '../../lib/api';
import { newClientId } from '../../lib/outbox/client-id';
import { addBroadcast, addMessage } from './messages.live';
import { broadcastQuery, messageQueries } from './messages.queries';

/** Sends one message to every unit; the clientId makes a retried send arrive once. */
export function useBroadcastMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, clientId = newClientId() }: { body: string; clientId?: string }) =>
      api.post('/messages', { clientId, channel: 'broadcast', body }, MessageResponse),
    onSuccess: ({ message }) => queryClient.setQueryData(broadcastQuery().queryKey, (old) => (old ? addBroadcast(old, message) : old)),
  });
}

/** A note is a message in the incident's conversation; its clientId makes a retried send post once. */
export function useAddNoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, body, clientId }: { incidentId: string; body: string; clientId: string }) =>
      api.post('/messages', { clientId, channel: 'incident', targetId: incidentId, body }, MessageResponse),
    onSuccess: ({ message }, { incidentId }) =>
      queryClient.setQueryData(messageQueries.notes(incidentId).queryKey, (old) => (old ? addMessage(old, message) : old)),
  });
}
