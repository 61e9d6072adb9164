import type { MessageChannel } from '@argus/contracts/messages';
import { channels, type Channel } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentMessage } from './messages.presenter';
import type { MessageView } from './messages.repository';

/**
 * Where a message goes live: broadcasts to everyone on "broadcast"; unit and incident
 * conversations to that unit's or incident's channel and to command's boards ("units",
 * "incidents"); a direct message to its two people.
 */
function messageChannels(row: MessageView): Channel[] {
  switch (row.channel) {
    case 'broadcast':
      return ['broadcast'];
    case 'unit':
      return [channels.unit(row.target_id!), 'units'];
    case 'incident':
      return [channels.incident(row.target_id!), 'incidents'];
    default:
      return [channels.user(row.target_id!), channels.user(row.sender_id)];
  }
}

export const messageEvents = {
  created: (row: MessageView): OperationalEvent => ({
    type: 'message.created',
    channels: messageChannels(row),
    data: presentMessage(row),
    priority: row.channel === 'broadcast' ? 'high' : 'normal',
  }),
  /** A reader's marker moved: on their own channel, for their other screens and for TAK read receipts. */
  read: (
    reader: { id: string; full_name: string },
    channel: MessageChannel,
    targetId: string | null,
    readUpTo: number,
  ): OperationalEvent => ({
    type: 'message.read',
    channels: [channels.user(reader.id)],
    data: { readerId: reader.id, readerName: reader.full_name, channel, targetId, readUpTo },
  }),
};
