import type { FollowedReport, Report, ReportPhoto } from '@argus/contracts/http/reports';
import { publicReportStatus } from '@argus/contracts/civic-status';
import type { PhotoRow, ReportView } from './reports.repository';

export function presentPhoto(row: PhotoRow): ReportPhoto {
  return { id: row.id, mime: row.mime, size: row.size, sha256: row.sha256, occurredAt: row.occurred_at };
}

/**
 * A report as its viewer may see it, with the public status computed by the one rule of
 * contracts (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md): the triage lock (who is working on it) is for triage
 * roles only; an expired lock is no lock.
 */
export function presentReport(row: ReportView, viewer: { triages: boolean; now: number }): Report {
  const shown = publicReportStatus({ status: row.status, rejectReason: row.reject_reason }, row.progress);
  const locked = viewer.triages && row.lock_holder_id !== null && row.lock_expires_at !== null && row.lock_expires_at > viewer.now;
  return {
    id: row.id,
    trackingCode: row.tracking_code,
    kind: row.kind,
    category: row.category,
    description: row.description,
    location: { lat: row.lat, lon: row.lon, ...(row.accuracy !== null ? { accuracy: row.accuracy } : {}) },
    status: row.status,
    statusText: shown.text,
    publicStage: shown.stage,
    outcome: shown.outcome,
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

/** What a follow link shows of a report: its public status and outcome, nothing else. */
export function presentFollowedReport(row: ReportView): FollowedReport {
  const shown = publicReportStatus({ status: row.status, rejectReason: row.reject_reason }, row.progress);
  return {
    id: row.id,
    trackingCode: row.tracking_code,
    category: row.category,
    publicStage: shown.stage,
    statusText: shown.text,
    outcome: shown.outcome,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
