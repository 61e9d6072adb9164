import type { TimelineEntry } from '@argus/contracts/http/incidents';
import { displayFileName } from '@argus/contracts/file-names';
import type { z } from 'zod';
import type { EvidenceView } from '../evidence/evidence.repository';
import type { AlertCandidate, IncidentMessage, LinkedReport } from './incident-timeline.repository';

type Entry = z.infer<typeof TimelineEntry>;

/** How much of a report's words the timeline carries; the report itself has the rest. */
const REPORT_EXCERPT = 200;

/**
 * A report or message made on a phone sits at the time it was made; the receipt time is kept when
 * it arrived later (docs/decisions/0042-device-time.md).
 */
function actAndReceipt(occurredAt: number | null, receivedAt: number): { at: number; receivedAt?: number } {
  if (occurredAt === null || Number(occurredAt) === Number(receivedAt)) return { at: Number(receivedAt) };
  return { at: Number(occurredAt), receivedAt: Number(receivedAt) };
}

/**
 * Entries made from what is linked to an incident rather than stored on its timeline. Each id
 * is prefixed by what it is, so it never collides with a stored entry's, and each entry is placed
 * at the time the thing happened (docs/decisions/0014-one-incident-timeline.md).
 */
export const linkedEntry = {
  report: (row: LinkedReport): Entry => ({
    id: `report:${row.id}`,
    ...actAndReceipt(row.occurred_at, row.created_at),
    kind: 'report.filed',
    actor: null,
    detail: {
      reportId: row.id,
      trackingCode: row.tracking_code,
      reportKind: row.kind,
      category: row.category,
      excerpt: row.description.length > REPORT_EXCERPT ? `${row.description.slice(0, REPORT_EXCERPT)}…` : row.description,
    },
  }),

  /** An analyst's message on the incident is an analyst note (docs/decisions/0036-command-inbox-and-attention.md). */
  /** `unit`: the callsign whose thread it was on, for a message on a unit's thread rather than the incident's channel. */
  message: (row: IncidentMessage, unit?: string): Entry => ({
    id: `message:${row.id}`,
    ...actAndReceipt(row.occurred_at, row.sent_at),
    kind: row.sender_role === 'Intelligence_Analyst' ? 'note.added' : 'message.sent',
    actor: row.sender_id,
    actorName: row.sender_name,
    detail: { messageId: row.id, body: row.body, by: row.sender_name, role: row.sender_role, ...(unit ? { unit } : {}) },
  }),

  alert: (row: AlertCandidate, names: string[]): Entry => ({
    id: `alert:${row.id}`,
    at: Number(row.event_at ?? row.created_at),
    kind: 'alert.raised',
    actor: null,
    detail: { alertId: row.id, rule: row.rule, title: row.title, severity: row.severity, status: row.status, names },
  }),

  /** `linkedBy`: who filed it under the incident, when that was not the person who captured it. */
  evidence: (row: EvidenceView, linkedBy: string | null): Entry => ({
    id: `evidence:${row.id}`,
    at: Number(row.captured_at ?? row.created_at),
    kind: 'evidence.added',
    actor: row.captured_by,
    actorName: row.captured_by_name,
    detail: {
      itemId: row.id,
      filename: displayFileName(row.filename, 'evidence'),
      evidenceKind: row.kind,
      mime: row.mime,
      status: row.status,
      sha256: row.sha256,
      by: row.captured_by_name,
      ...(linkedBy && linkedBy !== row.captured_by_name ? { linkedBy } : {}),
    },
  }),
};
