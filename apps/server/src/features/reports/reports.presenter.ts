import type { Report, ReportPhoto } from '@argus/contracts/http/reports';
import { REPORTER_STATUS } from '@argus/contracts/reports';
import type { PhotoRow, ReportView } from './reports.repository';

export function presentPhoto(row: PhotoRow): ReportPhoto {
  return { id: row.id, mime: row.mime, size: row.size, sha256: row.sha256, occurredAt: row.occurred_at };
}

/**
 * A report as its viewer may see it: the triage lock (who is working on it) is for triage
 * roles only; an expired lock is no lock.
 */
export function presentReport(row: ReportView, viewer: { triages: boolean; now: number }): Report {
  const locked = viewer.triages && row.lock_holder_id !== null && row.lock_expires_at !== null && row.lock_expires_at > viewer.now;
  return {
    id: row.id,
    trackingCode: row.tracking_code,
    kind: row.kind,
    category: row.category,
    description: row.description,
    location: { lat: row.lat, lon: row.lon, ...(row.accuracy !== null ? { accuracy: row.accuracy } : {}) },
    status: row.status,
    statusText: REPORTER_STATUS[row.status],
    reporterId: row.reporter_id,
    incidentId: row.incident_id,
    rejectReason: row.reject_reason,
    photos: row.photos.map(presentPhoto),
    lock: locked ? { holderId: row.lock_holder_id!, holderName: row.lockHolderName ?? '', expiresAt: row.lock_expires_at! } : null,
    createdAt: row.created_at,
    occurredAt: row.occurred_at,
    updatedAt: row.updated_at,
  };
}
