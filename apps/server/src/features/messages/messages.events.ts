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
};
