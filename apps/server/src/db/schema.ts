/**
 * The table types Kysely is typed with, one file per domain under ./schema/, and the map of table
 * names to them. Times are epoch milliseconds and booleans are 0/1 integers so the same rows read
 * back identically from SQLite and PostgreSQL. Status, kind and severity columns carry the
 * contracts' unions: only the services write them, from validated input.
 */
import type {
  UsersTable,
  SessionsTable,
  SigningKeysTable,
  RefreshTokensTable,
  MfaFactorsTable,
  MfaChallengesTable,
  RecoveryCodesTable,
  OauthFlowsTable,
  IdentitiesTable,
  LoginThrottleTable,
  DevicesTable,
  PushSubscriptionsTable,
} from './schema/identity';
import type {
  CountersTable,
  IncidentsTable,
  IncidentTimelineTable,
  UnitsTable,
  UnitMembersTable,
  ClientActionsTable,
  DispatchesTable,
  UnitKindCapabilitiesTable,
  UnitKindSymbolsTable,
  CategoryNeedsTable,
  HomeAreaTable,
  SentOfflineAreasTable,
  MessagesTable,
  MessageReadsTable,
} from './schema/operations';
import type { ReportsTable, ReportPhotosTable, CivicSettingsTable, CallerLinksTable } from './schema/civic';
import type {
  AlertsTable,
  RulesTable,
  DetectionsTable,
  RulePresenceTable,
  ZonesTable,
  ZoneImportsTable,
  ZoneImportPreviewsTable,
  RulesEngineCursorTable,
} from './schema/threats';
import type {
  TakContactsTable,
  TakItemsTable,
  TakPointsTable,
  TakCertificatesTable,
  TakEnrolmentTokensTable,
  TakDataPackagesTable,
} from './schema/tak';
import type {
  CamerasTable,
  EvidenceItemsTable,
  EvidenceCustodyTable,
  StreamDefaultsTable,
  StreamPlatformSettingsTable,
  StreamRoomsTable,
  StreamSessionsTable,
  StreamNodesTable,
  BasemapsTable,
} from './schema/media';
import type {
  AuditHeadTable,
  AuditEventsTable,
  AuditCheckpointsTable,
  AnalyticsEventsTable,
  FileStoreChunksTable,
  FileStoreFilesTable,
  OutboxTable,
} from './schema/platform';

export type * from './schema/identity';
export type * from './schema/operations';
export type * from './schema/civic';
export type * from './schema/threats';
export type * from './schema/tak';
export type * from './schema/media';
export type * from './schema/platform';

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
  stream_nodes: StreamNodesTable;
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
