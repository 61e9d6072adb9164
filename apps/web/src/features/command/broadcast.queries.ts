import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageListResponse, MessageResponse } from '@argus/contracts/http/messages';
import type { Message } from '@argus/contracts/http/messages';
import { api } from '../../lib/api';
import { newClientId } from '../../lib/outbox/client-id';
import { addMessage } from '../messages/messages.live';

const RECENT_BROADCASTS = 20;

/** The latest broadcasts to all units, newest first. */
export const broadcastQuery = () =>
  queryOptions({
    queryKey: ['messages', 'broadcast'] as const,
    queryFn: ({ signal }) => api.get(`/messages?channel=broadcast&limit=${RECENT_BROADCASTS}`, MessageListResponse, { signal }),
  });

export function addBroadcast(list: { messages: Message[] }, message: Message): { messages: Message[] } {
  return addMessage(list, message, RECENT_BROADCASTS);
}

/** Sends one message to every unit; the clientId makes a retried send arrive once. */
export function useBroadcastMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, clientId = newClientId() }: { body: string; clientId?: string }) =>
      api.post('/messages', { clientId, channel: 'broadcast', body }, MessageResponse),
    onSuccess: ({ message }) => queryClient.setQueryData(broadcastQuery().queryKey, (old) => (old ? addBroadcast(old, message) : old)),
  });
}
