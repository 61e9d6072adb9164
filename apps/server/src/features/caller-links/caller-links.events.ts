import { channels } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentCallerLink } from './caller-links.presenter';
import type { CallerLinkRow } from './caller-links.repository';

/** A link made, revoked or sharing: on the incidents board (the command map) and the incident's own channel. */
export const callerLinkEvents = {
  updated: (row: CallerLinkRow, now: number): OperationalEvent => ({
    type: 'caller.updated',
    channels: ['incidents', channels.incident(row.incident_id)],
    data: presentCallerLink(row, now),
  }),
};
