import type { OperationalEvent } from '../../realtime/events';
import { presentCallerLink } from './caller-links.presenter';
import type { CallerLinkRow } from './caller-links.repository';

/**
 * A link made, revoked or sharing, on the incidents board that command and analysts follow (the
 * command map). Not on the incident's own channel, which the crews assigned to it may follow too:
 * links are for the roles that make them (docs/decisions/0046-caller-location-links.md).
 */
export const callerLinkEvents = {
  updated: (row: CallerLinkRow, now: number): OperationalEvent => ({
    type: 'caller.updated',
    channels: ['incidents'],
    data: presentCallerLink(row, now),
  }),
};
