import type { Message } from '@argus/contracts/http/messages';
import type { MessageView } from './messages.repository';

export function presentMessage(row: MessageView): Message {
  return {
    id: row.id,
    clientId: row.client_id,
    channel: row.channel,
    targetId: row.target_id,
    senderId: row.sender_id,
    senderName: row.sender_name,
    body: row.body,
    sentAt: row.sent_at,
  };
}
