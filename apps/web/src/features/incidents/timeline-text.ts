import type { TimelineEntry } from '@argus/contracts/http/incidents';
import type { z } from 'zod';
import { DISPATCH_STATUSES, type DispatchStatus } from '@argus/contracts/units';
import { INCIDENT_DISPOSITIONS, INCIDENT_STATUSES, type IncidentDisposition, type IncidentStatus } from '@argus/contracts/incidents';
import { formatCoordinate, type CoordinateFormat } from '../../lib/geo/format-coordinate';
import {
  DISPATCH_STATUS_LABELS,
  DISPOSITION_LABELS,
  INCIDENT_STATUS_LABELS,
  SEVERITY_LABELS,
  THREAT_LEVEL_LABELS,
} from './incident-labels';

type Entry = z.infer<typeof TimelineEntry>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const incidentStatus = (value: unknown) =>
  (INCIDENT_STATUSES as readonly unknown[]).includes(value) ? INCIDENT_STATUS_LABELS[value as IncidentStatus].toLowerCase() : undefined;

/** One timeline entry as a sentence: "ALPHA-1 on scene", "Status new → dispatched". */
export function describeTimelineEntry(entry: Entry, format: CoordinateFormat = 'decimal'): string {
  const { detail } = entry;
  if (entry.kind.startsWith('dispatch.')) {
    const status = entry.kind.slice('dispatch.'.length);
    const label = (DISPATCH_STATUSES as readonly string[]).includes(status)
      ? DISPATCH_STATUS_LABELS[status as DispatchStatus].toLowerCase()
      : status.replaceAll('_', ' ');
    const reason = text(detail.reason);
    const by = text(detail.by);
    return `${text(detail.callsign) ?? 'A unit'} ${label}${reason ? `: ${reason}` : ''}${by && reason ? ` (${by})` : ''}`;
  }
  switch (entry.kind) {
    case 'incident.created':
      return `Incident opened${text(detail.severity) ? ` (${text(detail.severity)} severity)` : ''}`;
    case 'incident.status':
      return `${byWhom(detail)}Status ${incidentStatus(detail.from) ?? '?'} → ${incidentStatus(detail.to) ?? '?'}`;
    case 'incident.edited':
      return `${byWhom(detail)}${describeEdits(detail, format)}`;
    case 'incident.disposition': {
      const code = (INCIDENT_DISPOSITIONS as readonly unknown[]).includes(detail.code)
        ? DISPOSITION_LABELS[detail.code as IncidentDisposition]
        : text(detail.code);
      return `${byWhom(detail)}Outcome: ${code ?? '?'}${text(detail.summary) ? ` — ${text(detail.summary)}` : ''}`;
    }
    case 'caller.link_created':
      return `${byWhom(detail)}Caller location link made`;
    case 'caller.link_revoked':
      return `${byWhom(detail)}Caller location link revoked`;
    case 'caller.located': {
      const accuracy =
        typeof detail.accuracy === 'number' ? ` (±${Math.round(detail.accuracy)} m${detail.mode === 'live' ? ', live' : ''})` : '';
      return `Caller shared location${accuracy}`;
    }
    case 'report.verified':
      return `Report ${text(detail.trackingCode) ?? ''} verified into this incident`.replace('  ', ' ');
    case 'report.merged':
      return `Report ${text(detail.trackingCode) ?? ''} merged into this incident`.replace('  ', ' ');
    default:
      return entry.kind.replaceAll('.', ' ').replaceAll('_', ' ');
  }
}

const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  description: 'description',
  category: 'category',
  severity: 'severity',
  location: 'location',
  threatLevel: 'threat level',
};

const byWhom = (detail: Record<string, unknown>) => (text(detail.by) ? `${text(detail.by)}: ` : '');

/** "severity High → Critical; location 30U XC 99 10 → …": each change with its old and new value. */
function describeEdits(detail: Record<string, unknown>, format: CoordinateFormat): string {
  const parts = Object.entries(detail)
    .filter(([field]) => field in FIELD_NAMES)
    .map(([field, change]) => {
      const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
      return `${FIELD_NAMES[field]} ${editValue(field, from, format)} → ${editValue(field, to, format)}`;
    });
  return parts.length ? `Edited ${parts.join('; ')}` : 'Edited the details';
}

function editValue(field: string, value: unknown, format: CoordinateFormat): string {
  if (value === null || value === undefined) return 'none';
  if (field === 'severity' && typeof value === 'string' && value in SEVERITY_LABELS)
    return SEVERITY_LABELS[value as keyof typeof SEVERITY_LABELS];
  if (field === 'threatLevel' && typeof value === 'string' && value in THREAT_LEVEL_LABELS)
    return THREAT_LEVEL_LABELS[value as keyof typeof THREAT_LEVEL_LABELS];
  if (field === 'location' && typeof value === 'object') {
    const { lat, lon } = value as { lat?: unknown; lon?: unknown };
    if (typeof lat === 'number' && typeof lon === 'number') return formatCoordinate({ lat, lon }, format);
  }
  if (field === 'description') return typeof value === 'string' && value.length > 40 ? `“${value.slice(0, 40)}…”` : `“${String(value)}”`;
  return typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
}
