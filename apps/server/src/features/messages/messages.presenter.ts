import type { Message, MessageThread } from '@argus/contracts/http/messages';
import type { MessageView, ThreadView } from './messages.repository';

export function presentMessage(row: MessageView): Message {
  return {
    id: row.id,
    clientId: row.client_id,
    channel: row.channel,
    targetId: row.target_id,
    senderId: row.sender_id,
    senderName: row.sender_name,
    senderRole: row.sender_role,
    body: row.body,
    sentAt: row.sent_at,
    occurredAt: row.occurred_at,
  };
}

/** What a thread is called when its unit, incident or person is gone: still readable, plainly named. */
const UNNAMED: Record<MessageThread['channel'], string> = {
  broadcast: 'All units (broadcasts)',
  unit: 'A removed unit',
  incident: 'A removed incident',
  direct: 'A removed person',
};

export function presentThread(thread: ThreadView): MessageThread {
  return {
    channel: thread.channel,
    targetId: thread.channel === 'broadcast' ? null : thread.thread_key,
    title: thread.title ?? UNNAMED[thread.channel],
    lastMessage: presentMessage(thread.last),
    unread: thread.unread,
  };
}
