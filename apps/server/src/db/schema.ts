import type { Generated } from 'kysely';
import type { AlertSeverity, AlertStatus, AlertTier } from '@argus/contracts/alerts';
import type { BasemapFormat, BasemapKind, TileFormat, TileType, VectorSchema } from '@argus/contracts/http/basemaps';
import type { CameraKind, CameraStatus } from '@argus/contracts/http/cameras';
import type { CustodyAction, EvidenceKind, EvidenceSource, EvidenceStatus } from '@argus/contracts/evidence';
import type { StreamRole, StreamRoomKind } from '@argus/contracts/http/streams';
import type { RuleKind } from '@argus/contracts/http/rules';
import type { IncidentDisposition, IncidentSeverity, IncidentStatus, ThreatLevel } from '@argus/contracts/incidents';
import type { MessageChannel } from '@argus/contracts/messages';
import type { ReportKind, ReportStatus } from '@argus/contracts/reports';
import type { Role } from '@argus/contracts/roles';
import type { DeviceKind } from '@argus/contracts/http/devices';
import type { DispatchStatus, UnitKind, UnitStatus } from '@argus/contracts/units';
import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';

/**
 * Table types. Times are epoch milliseconds and booleans are 0/1 integers so the
 * same rows read back identically from SQLite and PostgreSQL. Status, kind and severity
 * columns carry the contracts' unions: only the services write them, from validated input.
 */
export interface UsersTable {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  is_active: number;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database holds no usable session. */
  id: string;
  user_id: string;
  actor_id: string | null;
  csrf_token: string;
  aal: 'aal1' | 'aal2';
  created_at: number;
  last_activity_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
  /** JSON list of {method, timestamp}: how this session was authenticated. */
  amr: string;
  /** The wall display or tracker this session is (migration 0030); null for a person's session. */
  device_id: string | null;
  device_kind: DeviceKind | null;
  /** The last time a person acted in the session (sign-in, keepalive); null before migration 0030. */
  interacted_at: number | null;
}

export interface SigningKeysTable {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  state: 'next' | 'current' | 'retired';
  created_at: number;
  activated_at: number | null;
  retired_at: number | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token. */
  id: string;
  /** The session is the token family: replaying a used token ends it. */
  session_id: string;
  parent_id: string | null;
  child_key: string;
  created_at: number;
  used_at: number | null;
}

export interface MfaFactorsTable {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone';
  secret: string;
  status: 'unverified' | 'verified';
  last_step: number | null;
  created_at: number;
  updated_at: number;
}

export interface MfaChallengesTable {
  id: string;
  factor_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  ip: string;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface OauthFlowsTable {
  id: string;
  provider: string;
  code_challenge: string;
  redirect_to: string;
  upstream_state: string;
  upstream_verifier: string;
  upstream_nonce: string;
  user_id: string | null;
  auth_code_hash: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface IdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  /** The provider's `sub` for this person. */
  subject: string;
  email: string | null;
  created_at: number;
  last_sign_in_at: number;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface IncidentsTable {
  id: string;
  reference: string;
  title: string;
  category: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  lat: number;
  lon: number;
  accuracy: number | null;
  description: string;
  source: string | null;
  created_by: string | null;
  threat_level: ThreatLevel | null;
  created_at: number;
  updated_at: number;
  /** 1 for a training incident, kept out of analytics unless asked for (migration 0014). */
  exercise: number;
  /** How it ended, set when resolved or closed (migration 0020). */
  disposition: IncidentDisposition | null;
  disposition_summary: string | null;
  disposition_at: number | null;
  disposition_by: string | null;
  /** What the public is told of the outcome (migration 0024); the summary stays internal. */
  disposition_public_note: string | null;
}

export interface IncidentTimelineTable {
  id: string;
  incident_id: string;
  at: number;
  /** Orders entries written in the same millisecond. */
  seq: number;
  kind: string;
  actor_id: string | null;
  detail: string;
  /** When the server received the action, when it differs from `at`, the act's time (migration 0025). */
  received_at: number | null;
}

export interface UnitsTable {
  id: string;
  callsign: string;
  kind: UnitKind;
  status: UnitStatus;
  lat: number | null;
  lon: number | null;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  position_at: number | null;
  emergency_since: number | null;
  emergency_by: string | null;
  emergency_lat: number | null;
  emergency_lon: number | null;
  /** Who in command acknowledged the SOS (their name) and when; null until then. */
  emergency_seen_by: string | null;
  emergency_seen_at: number | null;
  /** When the current status was chosen on the device; updated_at is when it arrived (migration 0025). */
  status_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface UnitMembersTable {
  unit_id: string;
  user_id: string;
}

export interface ClientActionsTable {
  client_id: string;
  user_id: string;
  kind: string;
  target_id: string;
  created_at: number;
}

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

export interface MessagesTable {
  id: string;
  client_id: string;
  channel: MessageChannel;
  target_id: string | null;
  sender_id: string;
  body: string;
  /** sent_at is when the server received it, ordering threads; this, when it was written on the device (migration 0025). */
  sent_at: number;
  occurred_at: number | null;
}

/** How far one person has read one thread; target_id is '' for the broadcasts. */
export interface MessageReadsTable {
  user_id: string;
  channel: MessageChannel;
  target_id: string;
  read_at: number;
}

/** A map area command sent to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md). */
export interface SentOfflineAreasTable {
  id: string;
  unit_id: string;
  basemap_id: string;
  label: string;
  west: number;
  south: number;
  east: number;
  north: number;
  sent_by: string | null;
  sent_at: number;
}

/** A TAK device heard on the CoT endpoint (docs/decisions/0061-tak-cot-endpoint-first-slice.md). */
export interface TakContactsTable {
  uid: string;
  callsign: string;
  /** The Argus unit an administrator bound this uid to; null: shown as an unbound contact. */
  unit_id: string | null;
  cot_type: string;
  lat: number;
  lon: number;
  battery: number | null;
  /** The latest SA event as received, replayed to devices that connect. */
  last_sa: string;
  last_seen: number;
}

/** A drawing or video feed a TAK device put on the map, taken in as a zone or camera (docs/decisions/0068-tak-items-from-devices.md). */
export interface TakItemsTable {
  uid: string;
  kind: 'drawing' | 'video';
  zone_id: string | null;
  camera_id: string | null;
  /** The latest event as received, replayed to devices that connect. */
  last_event: string;
  updated_at: number;
}

/** A point a TAK device put on the map (`b-m-p-*`), kept while not stale (docs/decisions/0072-tak-map-points.md). */
export interface TakPointsTable {
  uid: string;
  cot_type: string;
  callsign: string;
  remarks: string;
  lat: number;
  lon: number;
  /** ATAK's colour, a signed 32-bit ARGB. */
  colour_argb: number | null;
  iconset_path: string | null;
  /** The device that placed it. */
  placer_uid: string;
  /** The Argus user that device spoke for when it placed it, when known. */
  placer_user_id: string | null;
  placer_unit_id: string | null;
  /** 1 when placed over TLS with a certificate: a plain-TCP device never changes it. */
  certified: number;
  /** The latest event as received, replayed to devices that connect. */
  last_event: string;
  placed_at: number;
  updated_at: number;
  stale_at: number;
}

/** A client certificate issued to a TAK device (docs/decisions/0062-tak-tls-enrolment-and-revocation.md). */
export interface TakCertificatesTable {
  id: string;
  /** The certificate's serial number, hex. */
  serial: string;
  /** SHA-256 of the certificate's DER, hex: what a TLS connection is looked up by. */
  fingerprint: string;
  user_id: string;
  /** The field unit the device speaks for; null once that unit was deleted (then it cannot connect). */
  unit_id: string | null;
  /** The TAK uid the device enrolled with (ATAK's clientUid); its events must carry it. */
  device_uid: string;
  subject: string;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by: string | null;
  /** The assurance the device acts at: aal2 when enrolled with an administrator's token, aal1 by password (migration 0040). */
  aal: 'aal1' | 'aal2';
}

/** A one-time enrolment token an administrator made for a unit's crew member (migration 0040). */
export interface TakEnrolmentTokensTable {
  id: string;
  /** SHA-256 of the token, hex: the token itself is shown once and never kept. */
  token_hash: string;
  user_id: string;
  unit_id: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  /** When a device enrolled with it; a used token is refused. */
  used_at: number | null;
}

/** A data package a TAK device shared through the Marti sync API; its bytes are in the file store (migration 0040). */
export interface TakDataPackagesTable {
  /** SHA-256 of the package, hex, as ATAK names it. */
  hash: string;
  file_key: string;
  name: string;
  mime_type: string;
  size: number;
  keywords: string;
  /** ATAK's "tool": `public` once shared with everyone, `private` until then. */
  tool: string;
  creator_uid: string;
  /** The Argus email of the certificate that uploaded it. */
  submitter: string;
  submitted_at: number;
}

/** One browser's Web Push subscription (docs/decisions/0043-the-field-phone-offline-and-attention.md). */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

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

export interface DispatchesTable {
  id: string;
  incident_id: string;
  unit_id: string;
  status: DispatchStatus;
  milestones: string;
  created_at: number;
  updated_at: number;
  /** Why it was cancelled: a recall or a reassignment (migration 0020). */
  cancel_reason: string | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

export interface AuditHeadTable {
  id: number;
  seq: number;
  hash: string;
}

export interface AuditEventsTable {
  seq: number;
  at: number;
  actor_id: string | null;
  subject_id: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string;
  prev_hash: string;
  hash: string;
}

/** A signed statement that the audit chain's entry `seq` had hash `hash` at time `at`. */
export interface AuditCheckpointsTable {
  seq: number;
  hash: string;
  at: number;
  key_id: string;
  signature: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  kind: string;
  tracking_id: string;
  user_id: string | null;
  site: string;
  payload: string;
  received_at: number;
}

/** A camera or sensor of the surveillance network (migration 0015). */
export interface CamerasTable {
  id: string;
  name: string;
  kind: CameraKind;
  lat: number;
  lon: number;
  heading: number | null;
  fov: number | null;
  range_m: number | null;
  room: string | null;
  /** The camera's own stream URL (migration 0041), e.g. a TAK device's feed. */
  stream_url: string | null;
  status: CameraStatus;
  status_reason: string;
  last_seen_at: number | null;
  last_fps: number | null;
  last_packet_loss: number | null;
  notes: string;
  /** JSON {enabled, minScore, classes}. */
  detection: string;
  active: number;
  created_at: number;
  updated_at: number;
}

/** A street basemap: an uploaded archive (storage_key set) or an online source (source_url set). */
export interface BasemapsTable {
  id: string;
  name: string;
  kind: BasemapKind;
  format: BasemapFormat;
  tile_type: TileType;
  tile_format: TileFormat | null;
  /** 1 when the archive stores every tile gzipped (PMTiles says so in its header). */
  tile_gzip: number;
  vector_schema: VectorSchema | null;
  min_zoom: number;
  max_zoom: number;
  /** JSON [west, south, east, north]. */
  bounds: string | null;
  attribution: string;
  position: number;
  is_default: number;
  size_bytes: number | null;
  filename: string | null;
  sha256: string | null;
  storage_key: string | null;
  source_url: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** An evidence item; custody_seq and custody_head are the end of its custody chain. */
export interface EvidenceItemsTable {
  id: string;
  incident_id: string | null;
  kind: EvidenceKind;
  filename: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
  status: EvidenceStatus;
  status_reason: string | null;
  source: EvidenceSource;
  source_ref: string | null;
  captured_by: string | null;
  captured_at: number | null;
  captured_lat: number | null;
  captured_lon: number | null;
  derived_from_id: string | null;
  derived_from_sha256: string | null;
  derivation: string | null;
  created_at: number;
  custody_seq: number;
  custody_head: string;
}

/** One append-only, hash-chained custody entry; detail is canonical JSON. */
export interface EvidenceCustodyTable {
  item_id: string;
  seq: number;
  action: CustodyAction;
  actor_id: string | null;
  at: number;
  ip: string | null;
  detail: string;
  prev_hash: string;
  hash: string;
}

/** A user's publishing defaults (migrations 0016, 0017). */
export interface StreamDefaultsTable {
  user_id: string;
  resolution: string;
  frame_rate: number;
  bitrate_kbps: number;
  codec: string;
  updated_at: number;
}

/** The one row 'civic' of the civic site's settings (migration 0024). */
export interface CivicSettingsTable {
  id: string;
  /** 1 when the civic site takes reports without an account. */
  anonymous_reports: number;
  updated_by: string | null;
  updated_at: number;
}

/** The one row 'platform' of administrator stream settings (migration 0016). */
export interface StreamPlatformSettingsTable {
  id: string;
  /** JSON array of ICE servers, or NULL for the server's configuration. */
  ice_servers: string | null;
  recording_retention_days: number;
  updated_at: number;
  updated_by: string | null;
}

export interface StreamRoomsTable {
  id: string;
  name: string;
  kind: StreamRoomKind;
  unit_id: string | null;
  camera_id: string | null;
  shared_unit_ids: string;
  created_by: string | null;
  created_at: number;
  closed_at: number | null;
}

export interface StreamSessionsTable {
  id: string;
  room_id: string;
  user_id: string | null;
  role: StreamRole;
  started_at: number;
  ended_at: number | null;
}

/** What a unit kind can do and its typical speed (migration 0023, docs/decisions/0039-dispatch-by-capability.md). */
export interface UnitKindCapabilitiesTable {
  kind: UnitKind;
  /** JSON array of lower-case capability names. */
  capabilities: string;
  speed_kmh: number;
  updated_by: string | null;
  updated_at: number;
}

/** The symbol a unit kind is drawn as and its legend label (migration 0029, docs/decisions/0049-editable-unit-symbols.md). */
export interface UnitKindSymbolsTable {
  kind: UnitKind;
  /** The 20-digit MIL-STD-2525D symbol identification code. */
  sidc: string;
  label: string;
  updated_by: string | null;
  updated_at: number;
}

/** The home area an administrator set, one row with id "home" (migration 0036, docs/decisions/0058-home-area.md). */
export interface HomeAreaTable {
  id: string;
  west: number;
  south: number;
  east: number;
  north: number;
  updated_by: string | null;
  updated_at: number;
}

/** The capabilities an incident category needs (migration 0023). */
export interface CategoryNeedsTable {
  category: string;
  /** JSON array of capability names. */
  needs: string;
  position: number;
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

/** Stored files' bytes in PostgreSQL (FILE_STORE_URL=postgres): 1 MiB chunks of one upload. PostgreSQL only. */
export interface FileStoreChunksTable {
  upload_id: string;
  seq: number;
  bytes: Buffer;
}

/** A complete stored file: its key (per namespace) and the upload whose chunks hold it. PostgreSQL only. */
export interface FileStoreFilesTable {
  namespace: string;
  key: string;
  upload_id: string;
  size: number;
  created_at: number;
}

/** A wall display or tracker an administrator registered (docs/decisions/0051-device-sessions-and-retention.md). */
export interface DevicesTable {
  id: string;
  name: string;
  kind: DeviceKind;
  /** The device's own account: its role, and for a tracker a member of its unit's crew. */
  user_id: string;
  unit_id: string | null;
  /** SHA-256 of the one-time enrolment code; null once used. */
  enrolment_code_hash: string | null;
  enrolment_expires_at: number;
  created_by: string | null;
  created_at: number;
  enrolled_at: number | null;
  revoked_at: number | null;
  revoked_by: string | null;
}

/** Events written with the change they announce, relayed from here (0032_outbox.ts). */
export interface OutboxTable {
  id: Generated<number>;
  event_id: string;
  key: string | null;
  /** The OperationalEvent as JSON, without its id (event_id). */
  event: string;
  created_at: number;
  claimed_until: number | null;
  published_at: number | null;
}

/** How far the rules engine has heard the outbox (0042_rules_engine_cursor.ts). */
export interface RulesEngineCursorTable {
  name: string;
  heard_until: number;
  updated_at: number;
}

export interface Database {
  devices: DevicesTable;
  evidence_items: EvidenceItemsTable;
  evidence_custody: EvidenceCustodyTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  audit_head: AuditHeadTable;
  audit_events: AuditEventsTable;
  audit_checkpoints: AuditCheckpointsTable;
  analytics_events: AnalyticsEventsTable;
  signing_keys: SigningKeysTable;
  refresh_tokens: RefreshTokensTable;
  mfa_factors: MfaFactorsTable;
  mfa_challenges: MfaChallengesTable;
  recovery_codes: RecoveryCodesTable;
  oauth_flows: OauthFlowsTable;
  identities: IdentitiesTable;
  counters: CountersTable;
  incidents: IncidentsTable;
  incident_timeline: IncidentTimelineTable;
  units: UnitsTable;
  unit_members: UnitMembersTable;
  client_actions: ClientActionsTable;
  reports: ReportsTable;
  dispatches: DispatchesTable;
  report_photos: ReportPhotosTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  push_subscriptions: PushSubscriptionsTable;
  alerts: AlertsTable;
  zones: ZonesTable;
  zone_imports: ZoneImportsTable;
  zone_import_previews: ZoneImportPreviewsTable;
  rules: RulesTable;
  detections: DetectionsTable;
  rule_presence: RulePresenceTable;
  cameras: CamerasTable;
  basemaps: BasemapsTable;
  unit_kind_capabilities: UnitKindCapabilitiesTable;
  unit_kind_symbols: UnitKindSymbolsTable;
  home_area: HomeAreaTable;
  category_needs: CategoryNeedsTable;
  stream_defaults: StreamDefaultsTable;
  stream_platform_settings: StreamPlatformSettingsTable;
  civic_settings: CivicSettingsTable;
  stream_rooms: StreamRoomsTable;
  stream_sessions: StreamSessionsTable;
  caller_links: CallerLinksTable;
  sent_offline_areas: SentOfflineAreasTable;
  tak_contacts: TakContactsTable;
  tak_certificates: TakCertificatesTable;
  tak_enrolment_tokens: TakEnrolmentTokensTable;
  tak_data_packages: TakDataPackagesTable;
  tak_items: TakItemsTable;
  tak_points: TakPointsTable;
  file_store_chunks: FileStoreChunksTable;
  file_store_files: FileStoreFilesTable;
  outbox: OutboxTable;
  rules_engine_cursor: RulesEngineCursorTable;
}
