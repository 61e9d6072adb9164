import { channels } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentIncident, presentTimelineEntry } from './incidents.presenter';
import type { IncidentRow, TimelineRow } from './incidents.repository';

/** The realtime events an incident change announces: the queue, and the incident's own channel. */
export const incidentEvents = {
  created: (row: IncidentRow): OperationalEvent => ({
    type: 'incident.created',
    channels: ['incidents', channels.incident(row.id)],
    data: presentIncident(row),
    priority: row.severity === 'critical' ? 'critical' : row.severity === 'high' ? 'high' : 'normal',
  }),
  updated: (row: IncidentRow): OperationalEvent => ({
    type: 'incident.updated',
    channels: ['incidents', channels.incident(row.id)],
    data: presentIncident(row),
  }),
  timeline: (entry: TimelineRow): OperationalEvent => ({
    type: 'incident.timeline',
    channels: [channels.incident(entry.incident_id)],
    data: { incidentId: entry.incident_id, entry: presentTimelineEntry(entry) },
  }),
};
