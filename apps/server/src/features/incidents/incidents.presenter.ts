import type { Incident, TimelineEntry } from '@argus/contracts/http/incidents';
import type { z } from 'zod';
import type { IncidentRow, TimelineRow } from './incidents.repository';

export function presentIncident(row: IncidentRow): Incident {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    category: row.category,
    severity: row.severity,
    status: row.status,
    location: { lat: row.lat, lon: row.lon, ...(row.accuracy !== null ? { accuracy: row.accuracy } : {}) },
    description: row.description,
    source: row.source,
    threatLevel: row.threat_level,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    exercise: row.exercise === 1,
    disposition:
      row.disposition !== null
        ? {
            code: row.disposition,
            summary: row.disposition_summary ?? '',
            at: row.disposition_at ?? row.updated_at,
            by: row.disposition_by,
            publicNote: row.disposition_public_note,
          }
        : null,
  };
}

export function presentTimelineEntry(row: Omit<TimelineRow, 'seq'>): z.infer<typeof TimelineEntry> {
  return {
    id: row.id,
    at: row.at,
    receivedAt: row.received_at,
    kind: row.kind,
    actor: row.actor_id,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  };
}
