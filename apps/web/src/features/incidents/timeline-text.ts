import type { TimelineEntry } from '@argus/contracts/http/incidents';
import type { z } from 'zod';
import { DISPATCH_STATUSES, type DispatchStatus } from '@argus/contracts/units';
import { INCIDENT_DISPOSITIONS, INCIDENT_STATUSES, type IncidentDisposition, type IncidentStatus } from '@argus/contracts/incidents';
import type { AlertSeverity } from '@argus/contracts/alerts';
import type { EvidenceKind } from '@argus/contracts/evidence';
import { formatCoordinate, type CoordinateFormat } from '../../lib/geo/format-coordinate';
import { KIND_LABELS } from '../evidence/evidence-format';
import {
  DISPATCH_STATUS_LABELS,
  DISPOSITION_LABELS,
  INCIDENT_STATUS_LABELS,
  SEVERITY_LABELS,
  THREAT_LEVEL_LABELS,
} from './incident-labels';

/** Alert severities in words for a timeline line. */
const ALERT_SEVERITY_LABELS: Record<AlertSeverity, string> = { info: 'Info', warning: 'Warning', critical: 'Critical' };

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
      return `${byWhom(entry)}Incident opened${text(detail.severity) ? ` (${text(detail.severity)} severity)` : ''}`;
    case 'incident.status':
      return `${byWhom(entry)}Status ${incidentStatus(detail.from) ?? '?'} → ${incidentStatus(detail.to) ?? '?'}`;
    case 'incident.edited':
      return `${byWhom(entry)}${describeEdits(detail, format)}`;
    case 'incident.disposition': {
      const code = (INCIDENT_DISPOSITIONS as readonly unknown[]).includes(detail.code)
        ? DISPOSITION_LABELS[detail.code as IncidentDisposition]
        : text(detail.code);
      return `${byWhom(entry)}Outcome: ${code ?? '?'}${text(detail.summary) ? ` — ${text(detail.summary)}` : ''}`;
    }
    case 'caller.link_created':
      return `${byWhom(entry)}Caller location link made`;
    case 'caller.link_revoked':
      return `${byWhom(entry)}Caller location link revoked`;
    case 'caller.located': {
      const accuracy =
        typeof detail.accuracy === 'number' ? ` (±${Math.round(detail.accuracy)} m${detail.mode === 'live' ? ', live' : ''})` : '';
      return `Caller shared location${accuracy}`;
    }
    case 'report.verified':
      return `Report ${text(detail.trackingCode) ?? ''} verified into this incident`.replace('  ', ' ');
    case 'report.merged':
      return `Report ${text(detail.trackingCode) ?? ''} merged into this incident`.replace('  ', ' ');
    case 'report.filed':
      return `Report ${text(detail.trackingCode) ?? ''} filed${text(detail.category) ? ` (${text(detail.category)})` : ''}${quoted(detail.excerpt)}`.replace(
        '  ',
        ' ',
      );
    case 'message.sent':
      return `${text(detail.by) ?? entry.actorName ?? 'Someone'} ${text(detail.unit) ? `on ${text(detail.unit)}’s thread` : 'on the incident channel'}${quoted(detail.body)}`;
    case 'note.added':
      return `Analyst note by ${text(detail.by) ?? entry.actorName ?? 'an analyst'}${quoted(detail.body)}`;
    case 'alert.raised':
      return `${alertSeverity(detail.severity)} alert: ${text(detail.title) ?? 'untitled'}`;
    case 'evidence.added':
      return describeEvidence(entry);
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

/** "Dana Dispatcher: ": the name the entry recorded, else the actor's name as the timeline was read. */
const byWhom = (entry: Entry) => {
  const name = text(entry.detail.by) ?? entry.actorName;
  return name ? `${name}: ` : '';
};

const quoted = (value: unknown) => (text(value) ? `: “${text(value)}”` : '');

const alertSeverity = (value: unknown) =>
  typeof value === 'string' && value in ALERT_SEVERITY_LABELS ? ALERT_SEVERITY_LABELS[value as AlertSeverity] : 'An';

/** "Photo front-door.jpg captured by Frankie Field, linked by Avery Analyst". */
function describeEvidence(entry: Entry): string {
  const { detail } = entry;
  const kind =
    typeof detail.evidenceKind === 'string' && detail.evidenceKind in KIND_LABELS
      ? KIND_LABELS[detail.evidenceKind as EvidenceKind]
      : 'Evidence';
  const by = text(detail.by) ?? entry.actorName;
  const linkedBy = text(detail.linkedBy);
  return `${kind} ${text(detail.filename) ?? ''}${by ? ` captured by ${by}` : ''}${linkedBy ? `, linked by ${linkedBy}` : ''}`;
}

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

/** Below this, a field action's delay is ordinary network time and not worth a word. */
const NOTEWORTHY_DELAY_MS = 5_000;

/**
 * "received 1 min 4 s later": an entry timed by the tap on a crew's phone that reached the server
 * late (a dead zone), so command sees both the act's time and that it only heard of it since
 * (docs/decisions/0042-device-time.md). Null when it arrived at once.
 */
export function arrivalNote(entry: Pick<Entry, 'at' | 'receivedAt'>): string | null {
  if (entry.receivedAt === null || entry.receivedAt === undefined) return null;
  const delay = entry.receivedAt - entry.at;
  if (delay < NOTEWORTHY_DELAY_MS) return null;
  const seconds = Math.round(delay / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = hours ? [`${hours} h`, `${minutes} min`] : minutes ? [`${minutes} min`, `${seconds % 60} s`] : [`${seconds} s`];
  return `received ${parts.join(' ')} later`;
}
