import { channels } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentSentOfflineArea } from './offline-areas.presenter';
import type { SentOfflineAreaRow } from './offline-areas.repository';

/** On the unit's own channel, where its phone listens, and on "units" for command's other screens. */
export const offlineAreaEvents = {
  sent: (row: SentOfflineAreaRow): OperationalEvent => ({
    type: 'offline-area.sent',
    channels: ['units', channels.unit(row.unit_id)],
    data: presentSentOfflineArea(row),
  }),
  withdrawn: (row: SentOfflineAreaRow): OperationalEvent => ({
    type: 'offline-area.withdrawn',
    channels: ['units', channels.unit(row.unit_id)],
    data: { id: row.id, unitId: row.unit_id },
  }),
};
