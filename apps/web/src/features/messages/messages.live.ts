import type { QueryClient } from '@tanstack/react-query';
import type { Message, MessageListResponse } from '@argus/contracts/http/messages';
import type { z } from 'zod';
import { messageQueries } from './messages.queries';
import { patchLive } from '../../lib/live-patch';

type MessageList = z.infer<typeof MessageListResponse>;

/** A message.created frame: added to the open thread it belongs to (newest first), once. */
export function addLiveMessage(queryClient: QueryClient, message: Message): void {
  const key = messageQueries.thread({ channel: message.channel, targetId: message.targetId ?? undefined }).queryKey;
  patchLive<MessageList>(queryClient, key, (list) => {
    if (list.messages.some((candidate) => candidate.id === message.id)) return list;
    return { ...list, messages: [message, ...list.messages].sort((a, b) => b.sentAt - a.sentAt) };
  });
}
