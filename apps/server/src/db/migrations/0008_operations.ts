import type { Kysely } from 'kysely';

/**
 * The rest of the operational picture: a unit's sticky SOS, report photos and the analysts'
 * triage lock, messages, alerts, and an incident's threat level.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('units').addColumn('emergency_since', 'bigint').execute();
  await db.schema.alterTable('units').addColumn('emergency_by', 'text').execute();
  await db.schema.alterTable('units').addColumn('emergency_lat', 'double precision').execute();
  await db.schema.alterTable('units').addColumn('emergency_lon', 'double precision').execute();

  await db.schema.alterTable('reports').addColumn('lock_holder_id', 'text').execute();
  await db.schema.alterTable('reports').addColumn('lock_expires_at', 'bigint').execute();

  await db.schema.alterTable('incidents').addColumn('threat_level', 'text').execute();

  await db.schema
    .createTable('report_photos')
    // The id the device made, so a retried upload stores the photo once.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('report_id', 'text', (c) => c.notNull().references('reports.id'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_photos_report_idx').on('report_photos').column('report_id').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_channel_idx').on('messages').columns(['channel', 'target_id', 'sent_at']).execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule', 'text', (c) => c.notNull())
    // Alerts are deduplicated per rule and subject: one open alert per (rule, subject).
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('radius_m', 'double precision')
    .addColumn('public', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('acknowledged_by', 'text')
    .addColumn('acknowledged_at', 'bigint')
    .addColumn('verdict', 'text')
    .execute();
  await db.schema.createIndex('alerts_status_idx').on('alerts').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('alerts_subject_idx').on('alerts').columns(['rule', 'subject', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('report_photos').execute();
  for (const column of ['threat_level']) await db.schema.alterTable('incidents').dropColumn(column).execute();
  for (const column of ['lock_holder_id', 'lock_expires_at']) await db.schema.alterTable('reports').dropColumn(column).execute();
  for (const column of ['emergency_since', 'emergency_by', 'emergency_lat', 'emergency_lon'])
    await db.schema.alterTable('units').dropColumn(column).execute();
}
