import { channels } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentDispatch } from './dispatch.presenter';
import type { DispatchRow } from './dispatch.repository';

/** An assignment concerns its incident (and the queue on the map) and the crew of its unit. */
function dispatchChannels(row: DispatchRow) {
  return ['incidents' as const, channels.incident(row.incident_id), channels.unit(row.unit_id)];
}

export const dispatchEvents = {
  created: (row: DispatchRow): OperationalEvent => ({
    type: 'dispatch.created',
    channels: dispatchChannels(row),
    data: presentDispatch(row),
    priority: 'high',
  }),
  updated: (row: DispatchRow): OperationalEvent => ({
    type: 'dispatch.updated',
    channels: dispatchChannels(row),
    data: presentDispatch(row),
  }),
};
