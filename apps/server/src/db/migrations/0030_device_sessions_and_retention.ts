import type { Kysely } from 'kysely';

/**
 * Device sessions and retention (docs/decisions/0051-device-sessions-and-retention.md).
 *
 * `devices` are the wall displays and trackers an administrator registered, each with an account
 * of its own (its role, and for a tracker its unit's crew), its enrolment code kept only as a
 * hash, and when it was enrolled, first used and revoked. A session names its device and kind,
 * so the auth plugin knows what it may do without another query; `interacted_at` is the last time
 * a person acted in the session, which bounds how long position reports alone keep it open.
 * The indexes let the retention job find old rows without reading whole tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id'))
    .addColumn('unit_id', 'text', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('enrolment_code_hash', 'text', (c) => c.unique())
    .addColumn('enrolment_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('enrolled_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('device_id', 'text', (c) => c.references('devices.id'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('device_kind', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('interacted_at', 'bigint').execute();
  await db.schema.createIndex('sessions_device_idx').on('sessions').column('device_id').execute();
  await db.schema.createIndex('client_actions_created_idx').on('client_actions').column('created_at').execute();
  await db.schema.createIndex('analytics_events_received_idx').on('analytics_events').column('received_at').execute();
  await db.schema.createIndex('refresh_tokens_created_idx').on('refresh_tokens').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_created_idx').execute();
  await db.schema.dropIndex('analytics_events_received_idx').execute();
  await db.schema.dropIndex('client_actions_created_idx').execute();
  await db.schema.dropIndex('sessions_device_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('interacted_at').execute();
  await db.schema.alterTable('sessions').dropColumn('device_kind').execute();
  await db.schema.alterTable('sessions').dropColumn('device_id').execute();
  await db.schema.dropTable('devices').execute();
}
