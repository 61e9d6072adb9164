import type { QueryClient } from '@tanstack/react-query';
import type { Message, MessageListResponse } from '@argus/contracts/http/messages';
import type { z } from 'zod';
import { messageQueries, RECENT_BROADCASTS } from './messages.queries';
import { patchLive } from '../../lib/live-patch';

/**
 * A message's live arrival, for every page that shows a thread (a crew's conversations, the
 * analysts' incident notes, command's broadcasts): one way of adding it.
 */

type MessageList = z.infer<typeof MessageListResponse>;

/** A thread (newest first, as the server answers) with one more message, once; at most `limit` kept. */
export function addMessage<List extends { messages: Message[] }>(list: List, message: Message, limit = Infinity): List {
  if (list.messages.some((candidate) => candidate.id === message.id)) return list;
  return { ...list, messages: [message, ...list.messages].sort((a, b) => b.sentAt - a.sentAt).slice(0, limit) };
}

/** A message.created frame: added to the open thread it belongs to. */
export function addLiveMessage(queryClient: QueryClient, message: Message): void {
  const key = messageQueries.thread({ channel: message.channel, targetId: message.targetId ?? undefined }).queryKey;
  patchLive<MessageList>(queryClient, key, (list) => addMessage(list, message));
}

/** A message.created frame on an incident's conversation: added to the analysts' notes on that incident. */
export function addLiveNote(queryClient: QueryClient, message: Message): void {
  if (message.channel !== 'incident' || !message.targetId) return;
  patchLive<MessageList>(queryClient, messageQueries.notes(message.targetId).queryKey, (list) => addMessage(list, message));
}

/** A broadcast, sent or heard live: added to the command page's short list of recent ones. */
export function addBroadcast(list: MessageList, message: Message): MessageList {
  return addMessage(list, message, RECENT_BROADCASTS);
}
