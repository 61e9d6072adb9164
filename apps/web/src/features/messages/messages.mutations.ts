import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '@argus/contracts/http/messages';
import { api } from '../../lib/api';
import { newClientId } from '../../lib/outbox/client-id';
import { addBroadcast } from './messages.live';
import { broadcastQuery } from './messages.queries';

/** Sends one message to every unit; the clientId makes a retried send arrive once. */
export function useBroadcastMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, clientId = newClientId() }: { body: string; clientId?: string }) =>
      api.post('/messages', { clientId, channel: 'broadcast', body }, MessageResponse),
    onSuccess: ({ message }) => queryClient.setQueryData(broadcastQuery().queryKey, (old) => (old ? addBroadcast(old, message) : old)),
  });
}
