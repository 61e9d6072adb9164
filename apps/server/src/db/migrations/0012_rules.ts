import type { Kysely } from 'kysely';

/**
 * The threat rules engine (docs/decisions/0013-threat-rules-engine.md): alert tiers and latencies, the rules and their
 * parameters, camera detections, and where each watched subject was last seen inside a zone so
 * the engine resumes after a restart without raising an alert twice.
 */
/** The defaults a fresh installation starts with; command staff tune them on the rules screen. */
const DEFAULT_RULES = [
  {
    id: 'zone.geofence',
    name: 'Unit or report inside a high-risk zone',
    params: { minRisk: 'high', entities: ['unit', 'report'], dwellSeconds: 0, resolveOnExit: false },
  },
  { id: 'report.burst', name: 'Burst of reports in one place', params: { category: null, count: 3, radiusM: 500, windowMinutes: 30 } },
  {
    id: 'report.keywords',
    name: 'Threat words in a report',
    params: {
      lexicon: [
        ...['weapon', 'gun', 'rifle', 'shots', 'shooting', 'gunfire', 'explosion', 'explosive', 'bomb', 'grenade', 'hostage', 'ied'].map(
          (term) => ({ term, severity: 'critical' }),
        ),
        ...['fire', 'knife', 'armed', 'attack', 'blast', 'kidnap', 'ambush', 'casualties'].map((term) => ({ term, severity: 'warning' })),
      ],
    },
  },
  { id: 'unit.silence', name: 'Unit on assignment gone silent', params: { minutes: 10 } },
  {
    id: 'detection.zone',
    name: 'Camera detection inside a restricted zone',
    params: {
      labels: ['person', 'car', 'truck', 'bus', 'motorcycle', 'bicycle'],
      minScore: 0.35,
      minFrames: 3,
      loiterSeconds: 0,
      zoneKinds: ['restricted', 'ungoverned'],
      minRisk: 'low',
    },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  // Tier first: analytics groups alerts by rule and tier.
  await db.schema
    .alterTable('alerts')
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('alert'))
    .execute();
  // Latencies: when the event happened, reached the server, and first reached a screen.
  await db.schema.alterTable('alerts').addColumn('event_at', 'bigint').execute();
  await db.schema.alterTable('alerts').addColumn('ingested_at', 'bigint').execute();
  await db.schema.alterTable('alerts').addColumn('first_delivered_at', 'bigint').execute();
  // Repeated firings on the same subject merge into one alert and count here.
  await db.schema
    .alterTable('alerts')
    .addColumn('occurrences', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('alerts').addColumn('zone_id', 'text').execute();
  await db.schema.alterTable('alerts').addColumn('closed_at', 'bigint').execute();
  await db.schema.createIndex('alerts_tier_idx').on('alerts').columns(['rule', 'tier', 'created_at']).execute();

  await db.schema
    .createTable('rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db
    .insertInto('rules')
    .values(
      DEFAULT_RULES.map((rule) => ({
        id: rule.id,
        kind: rule.id,
        name: rule.name,
        enabled: 1,
        params: JSON.stringify(rule.params),
        updated_by: null,
        updated_at: now,
      })),
    )
    .execute();

  await db.schema
    .createTable('detections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('box_x', 'double precision', (c) => c.notNull())
    .addColumn('box_y', 'double precision', (c) => c.notNull())
    .addColumn('box_w', 'double precision', (c) => c.notNull())
    .addColumn('box_h', 'double precision', (c) => c.notNull())
    .addColumn('frame_width', 'integer', (c) => c.notNull())
    .addColumn('frame_height', 'integer', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('reported_by', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('detections_camera_idx').on('detections').columns(['camera_id', 'at']).execute();
  await db.schema.createIndex('detections_at_idx').on('detections').column('at').execute();

  await db.schema
    .createTable('rule_presence')
    // "unit:<id>", "report:<id>" or "camera:<id>:<label>": who is inside which zone since when.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('zone_id', 'text', (c) => c.notNull())
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .addColumn('alerted', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rule_presence_pk', ['subject', 'zone_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rule_presence').execute();
  await db.schema.dropTable('detections').execute();
  await db.schema.dropTable('rules').execute();
  await db.schema.dropIndex('alerts_tier_idx').execute();
  for (const column of ['tier', 'event_at', 'ingested_at', 'first_delivered_at', 'occurrences', 'zone_id', 'closed_at']) {
    await db.schema.alterTable('alerts').dropColumn(column).execute();
  }
}
