import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './database';
import * as foundation from './migrations/0001_foundation';
import * as tokensAndMfa from './migrations/0002_tokens_and_mfa';
import * as oauth from './migrations/0003_oauth';
import * as incidents from './migrations/0004_incidents';
import * as units from './migrations/0005_units';
import * as reports from './migrations/0006_reports';
import * as dispatches from './migrations/0007_dispatches';
import * as operations from './migrations/0008_operations';
import * as search from './migrations/0009_search';
import * as evidence from './migrations/0010_evidence';
import * as zones from './migrations/0011_zones';
import * as rules from './migrations/0012_rules';
import * as streams from './migrations/0013_streams';
import * as analytics from './migrations/0014_analytics';
import * as cameras from './migrations/0015_cameras';
import * as streamSettings from './migrations/0016_stream_settings';
import * as streamDefaultsWithoutSimulcast from './migrations/0017_stream_defaults_without_simulcast';
import * as auditCheckpoints from './migrations/0018_audit_checkpoints';
import * as basemaps from './migrations/0019_basemaps';
import * as incidentDisposition from './migrations/0020_incident_disposition';
import * as messageReads from './migrations/0021_message_reads';
import * as coverageRule from './migrations/0022_coverage_rule';
import * as dispatchCapabilities from './migrations/0023_dispatch_capabilities';
import * as civicLifecycle from './migrations/0024_civic_lifecycle';
import * as deviceTime from './migrations/0025_device_time';
import * as callerLinks from './migrations/0026_caller_links';
import * as pushSubscriptions from './migrations/0028_push_subscriptions';
import * as unitSymbols from './migrations/0029_unit_symbols';
import * as deviceSessions from './migrations/0030_device_sessions_and_retention';
import * as outbox from './migrations/0032_outbox';
import * as sharedFileStore from './migrations/0034_shared_file_store';
import * as sentOfflineAreas from './migrations/0035_sent_offline_areas';
import * as homeArea from './migrations/0036_home_area';
import * as takContacts from './migrations/0037_tak_contacts';
import * as takCertificates from './migrations/0038_tak_certificates';
import * as zoneImportPreviews from './migrations/0039_zone_import_previews';
import * as takEnrolmentTokensAndPackages from './migrations/0040_tak_enrolment_tokens_and_packages';
import * as takItems from './migrations/0041_tak_items';
import * as rulesEngineCursor from './migrations/0042_rules_engine_cursor';
import * as takPoints from './migrations/0043_tak_points';
import * as streamSessionNodes from './migrations/0044_stream_session_nodes';

/** Migrations are code, listed here in order, so they bundle and run the same on both dialects. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_tokens_and_mfa': tokensAndMfa,
  '0003_oauth': oauth,
  '0004_incidents': incidents,
  '0005_units': units,
  '0006_reports': reports,
  '0007_dispatches': dispatches,
  '0008_operations': operations,
  '0009_search': search,
  '0010_evidence': evidence,
  '0011_zones': zones,
  '0012_rules': rules,
  '0013_streams': streams,
  '0014_analytics': analytics,
  '0015_cameras': cameras,
  '0016_stream_settings': streamSettings,
  '0017_stream_defaults_without_simulcast': streamDefaultsWithoutSimulcast,
  '0018_audit_checkpoints': auditCheckpoints,
  '0019_basemaps': basemaps,
  '0020_incident_disposition': incidentDisposition,
  '0021_message_reads': messageReads,
  '0022_coverage_rule': coverageRule,
  '0023_dispatch_capabilities': dispatchCapabilities,
  '0024_civic_lifecycle': civicLifecycle,
  '0025_device_time': deviceTime,
  '0026_caller_links': callerLinks,
  '0028_push_subscriptions': pushSubscriptions,
  '0029_unit_symbols': unitSymbols,
  '0030_device_sessions_and_retention': deviceSessions,
  '0032_outbox': outbox,
  '0034_shared_file_store': sharedFileStore,
  '0035_sent_offline_areas': sentOfflineAreas,
  '0036_home_area': homeArea,
  '0037_tak_contacts': takContacts,
  '0038_tak_certificates': takCertificates,
  '0039_zone_import_previews': zoneImportPreviews,
  '0040_tak_enrolment_tokens_and_packages': takEnrolmentTokensAndPackages,
  '0041_tak_items': takItems,
  '0042_rules_engine_cursor': rulesEngineCursor,
  '0043_tak_points': takPoints,
  '0044_stream_session_nodes': streamSessionNodes,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the schema up to date. Any number of processes may start on one database at once (the
 * server and the CLI on a fresh data folder): on PostgreSQL Kysely's migrator holds an advisory
 * lock inside its transaction; on SQLite it takes none, so the whole run is one IMMEDIATE
 * transaction, which holds the write lock and makes the migrations all-or-nothing.
 */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return runMigrator(db);
  // The SQLite dialect has one connection, so the migrator's statements run inside this transaction.
  await beginImmediate(db);
  try {
    await runMigrator(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
  await sql`commit`.execute(db);
}

async function runMigrator(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** How long a process waits for another's migration before giving up; generous for loaded machines. */
const SQLITE_LOCK_WAIT_MS = 120_000;

/** BEGIN IMMEDIATE waits busy_timeout and then reports SQLITE_BUSY; a migration may take longer. */
async function beginImmediate(db: Kysely<any>): Promise<void> {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (;;) {
    try {
      await sql`begin immediate`.execute(db);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() > deadline) throw error;
    }
  }
}
