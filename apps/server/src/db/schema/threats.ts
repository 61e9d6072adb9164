import type { AlertSeverity, AlertStatus, AlertTier } from '@argus/contracts/alerts';
import type { RuleKind } from '@argus/contracts/http/rules';
import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';

/** The threat engine: alerts, rules, detections, zones and their imports, and how far the engine has read the outbox. Row conventions: ../schema.ts. */

export interface AlertsTable {
  id: string;
  rule: string;
  subject: string;
  severity: AlertSeverity;
  title: string;
  detail: string;
  lat: number | null;
  lon: number | null;
  radius_m: number | null;
  public: number;
  status: AlertStatus;
  /** JSON [{kind, id}] of what raised it. */
  sources: string;
  created_at: number;
  updated_at: number;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  verdict: string | null;
  /** 'alert' or 'detection' (camera analytics, a quieter tier). */
  tier: AlertTier;
  /** Latencies: when the event happened, reached the server, first reached a command or analyst screen. */
  event_at: number | null;
  ingested_at: number | null;
  first_delivered_at: number | null;
  /** How many firings merged into this alert. */
  occurrences: number;
  zone_id: string | null;
  /** When it was resolved or dismissed. */
  closed_at: number | null;
}

export interface RulesTable {
  id: string;
  kind: RuleKind;
  name: string;
  enabled: number;
  /** JSON, validated per kind by RULE_PARAMS. */
  params: string;
  updated_by: string | null;
  updated_at: number;
}

export interface DetectionsTable {
  id: string;
  camera_id: string;
  at: number;
  label: string;
  score: number;
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
  frame_width: number;
  frame_height: number;
  lat: number | null;
  lon: number | null;
  reported_by: string;
  received_at: number;
}

export interface RulePresenceTable {
  subject: string;
  zone_id: string;
  entered_at: number;
  alerted: number;
}

/** A zone: GeoJSON Polygon or MultiPolygon (WGS84) with its bounding box for pre-filtering. */
export interface ZonesTable {
  id: string;
  name: string;
  kind: ZoneKind;
  risk_level: RiskLevel;
  /** GeoJSON geometry JSON. */
  geometry: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  notes: string;
  active: number;
  import_id: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** One zone import: who, when, which file (by SHA-256), what came of it, and whether it was undone. */
export interface ZoneImportsTable {
  id: string;
  filename: string;
  sha256: string;
  format: string;
  imported_by: string;
  imported_at: number;
  imported_count: number;
  rejected_count: number;
  undone_at: number | null;
}

/** A zone import's parsed upload waiting for its owner's commit (migration 0039). */
export interface ZoneImportPreviewsTable {
  id: string;
  owner_id: string;
  filename: string;
  format: string;
  sha256: string;
  /** The checked features (PreviewFeature[]) as JSON. */
  features: string;
  created_at: number;
  expires_at: number;
}

/** How far the rules engine has heard the outbox (0042_rules_engine_cursor.ts). */
export interface RulesEngineCursorTable {
  name: string;
  heard_until: number;
  updated_at: number;
}
