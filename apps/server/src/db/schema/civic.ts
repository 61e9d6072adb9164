import type { ReportKind, ReportStatus } from '@argus/contracts/reports';

/** The public's reports, their photos, caller location links and the civic site's settings. Row conventions: ../schema.ts. */

export interface ReportsTable {
  id: string;
  client_id: string;
  tracking_code: string;
  kind: ReportKind;
  category: string;
  description: string;
  lat: number;
  lon: number;
  accuracy: number | null;
  status: ReportStatus;
  /** Null for a report filed without an account (migration 0024). */
  reporter_id: string | null;
  incident_id: string | null;
  reject_reason: string | null;
  lock_holder_id: string | null;
  lock_expires_at: number | null;
  /** When it was made on the device, when it differs from created_at, its receipt (migration 0025). */
  occurred_at: number | null;
  created_at: number;
  updated_at: number;
  /** SHA-256 of the private link's token an anonymous reporter follows the report with; null otherwise. */
  follow_token_hash: string | null;
}

export interface ReportPhotosTable {
  id: string;
  report_id: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
  /** Null for a photo of an anonymous report. */
  uploaded_by: string | null;
  /** When it was taken on the device, as its report was made; created_at is its upload (migration 0025). */
  occurred_at: number | null;
  created_at: number;
}

/** The one row 'civic' of the civic site's settings (migration 0024). */
export interface CivicSettingsTable {
  id: string;
  /** 1 when the civic site takes reports without an account. */
  anonymous_reports: number;
  updated_by: string | null;
  updated_at: number;
}

/** A caller location link (docs/decisions/0046-caller-location-links.md); the token is kept only as its hash. */
export interface CallerLinksTable {
  id: string;
  incident_id: string;
  token_hash: string;
  created_by: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by: string | null;
  /** The hash of the key of the phone that shared first; no other phone may share through the link. */
  caller_key_hash: string | null;
  live_until: number | null;
  lat: number | null;
  lon: number | null;
  accuracy: number | null;
  located_at: number | null;
  position_count: number;
}
