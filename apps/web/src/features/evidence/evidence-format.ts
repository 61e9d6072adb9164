import type { CustodyAction, EvidenceKind, EvidenceSource, EvidenceStatus } from '@argus/contracts/evidence';

export const KIND_LABELS: Record<EvidenceKind, string> = { photo: 'Photo', video: 'Video', audio: 'Audio', document: 'Document' };
export const STATUS_LABELS: Record<EvidenceStatus, string> = {
  pending_review: 'Pending review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
export const SOURCE_LABELS: Record<EvidenceSource, string> = {
  field_report: 'Field report',
  civic_report: 'Civic report',
  upload: 'Upload',
  recording: 'Recording',
};
export const CUSTODY_LABELS: Record<CustodyAction, string> = {
  ingested: 'Ingested',
  viewed: 'Viewed',
  downloaded: 'Downloaded',
  linked: 'Linked to incident',
  status_changed: 'Status changed',
  exported: 'Exported',
};

export const formatTime = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The first characters of a hash, enough to tell items apart in a list. */
export const shortHash = (sha256: string) => `${sha256.slice(0, 12)}…`;
