import type { TimelineEntry } from '@argus/contracts/http/incidents';
import type { z } from 'zod';
import { DISPATCH_STATUSES, type DispatchStatus } from '@argus/contracts/units';
import { INCIDENT_STATUSES, type IncidentStatus } from '@argus/contracts/incidents';
import { DISPATCH_STATUS_LABELS, INCIDENT_STATUS_LABELS } from './incident-labels';

type Entry = z.infer<typeof TimelineEntry>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const incidentStatus = (value: unknown) =>
  (INCIDENT_STATUSES as readonly unknown[]).includes(value) ? INCIDENT_STATUS_LABELS[value as IncidentStatus].toLowerCase() : undefined;

/** One timeline entry as a sentence: "ALPHA-1 on scene", "Status new → dispatched". */
export function describeTimelineEntry(entry: Entry): string {
  const { detail } = entry;
  if (entry.kind.startsWith('dispatch.')) {
    const status = entry.kind.slice('dispatch.'.length);
    const label = (DISPATCH_STATUSES as readonly string[]).includes(status)
      ? DISPATCH_STATUS_LABELS[status as DispatchStatus].toLowerCase()
      : status.replaceAll('_', ' ');
    return `${text(detail.callsign) ?? 'A unit'} ${label}`;
  }
  switch (entry.kind) {
    case 'incident.created':
      return `Incident opened${text(detail.severity) ? ` (${text(detail.severity)} severity)` : ''}`;
    case 'incident.status':
      return `Status ${incidentStatus(detail.from) ?? '?'} → ${incidentStatus(detail.to) ?? '?'}`;
    case 'incident.edited':
      return `Edited: ${Object.keys(detail).join(', ') || 'details'}`;
    case 'report.verified':
      return `Report ${text(detail.trackingCode) ?? ''} verified into this incident`.replace('  ', ' ');
    case 'report.merged':
      return `Report ${text(detail.trackingCode) ?? ''} merged into this incident`.replace('  ', ' ');
    default:
      return entry.kind.replaceAll('.', ' ').replaceAll('_', ' ');
  }
}
