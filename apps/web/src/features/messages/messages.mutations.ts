import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MarkThreadReadResponse,
  MessageResponse,
  type MarkThreadReadRequest,
  type SendMessageRequest,
} from '@argus/contracts/http/messages';
import { api } from '../../lib/api';
import { newClientId } from '../../lib/outbox/client-id';
import { addBroadcast, addMessage } from './messages.live';
import { broadcastQuery, inboxQuery, messageQueries } from './messages.queries';
import { markThreadRead } from './inbox';

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

/** Command replies in place in a thread (unit, incident, direct or the broadcasts); the clientId makes a retried send post once. */
export function useSendMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendMessageRequest) => api.post('/messages', request, MessageResponse),
    onSuccess: ({ message }, request) => {
      const key = messageQueries.thread({ channel: request.channel, targetId: request.targetId }).queryKey;
      queryClient.setQueryData(key, (old) => (old ? addMessage(old, message) : old));
      void queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey });
    },
  });
}

/** Moves this person's read marker on a thread up to a message; the inbox shows it read at once. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkThreadReadRequest) => api.post('/messages/reads', request, MarkThreadReadResponse),
    onSuccess: (_answer, request) =>
      queryClient.setQueryData(inboxQuery().queryKey, (old) =>
        old ? markThreadRead(old, { channel: request.channel, targetId: request.targetId }) : old,
      ),
  });
}
